import type { LogFn, LoggerOptions } from 'pino';
import { redactSecrets } from './log-redaction';

/**
 * What the logs may hold (issue 8, finding 4): an error's kind, message, code and stack, never the
 * values a query was run with. Drizzle puts them into its message ("Failed query: …\nparams: …")
 * and postgres.js onto the error (`parameters`): argon2 hashes, push keys, medicine names and
 * action tokens. Only listed fields are copied, so a library adding a field cannot leak it.
 */
const KEPT_FIELDS = ['code', 'severity', 'routine', 'constraint_name', 'table_name', 'column_name'] as const;
const PARAMS_TAIL = /\nparams: [\s\S]*$/;

/** The message without bound values; the SQL text itself holds only placeholders. */
const scrub = (text: string) => redactSecrets(text.replace(PARAMS_TAIL, '\nparams: [redacted]'));

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) return { type: typeof value, message: '[not an Error]', stack: '' };
  const message = scrub(value.message);
  const stack = scrub((value.stack ?? '').replace(value.message, message));
  const out: SerializedError = { type: value.constructor.name, message, stack };
  const fields = value as unknown as Record<string, unknown>;
  for (const key of KEPT_FIELDS) {
    const field = fields[key];
    if (typeof field === 'string' || typeof field === 'number') out[key] = field;
  }
  if (value.cause !== undefined && depth < 5) out.cause = serializeError(value.cause, depth + 1);
  return out;
}

/**
 * A request as the access log shows it: the path without any email address (finding 11), feed token
 * or secret query value (decision 185).
 */
export function serializeRequest(request: {
  method: string;
  url: string;
  id?: unknown;
  ip?: string;
}): Record<string, unknown> {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    id: request.id,
    remoteAddress: request.ip,
  };
}

/** For Fastify's and pino's `serializers` option. */
export const logSerializers = { err: serializeError, error: serializeError, req: serializeRequest };

/**
 * A message that may quote a URL (Fastify's "Route GET:/… not found", its reply warnings) or a
 * personal access token.
 */
const QUOTES_A_URL = /[/=]|mr_pat_/;

/**
 * pino's hooks: a message string goes through the same rule as the access line's URL (decision
 * 185). The test before the rule keeps the usual constant messages ("request completed") cheap.
 */
export const logHooks: NonNullable<LoggerOptions['hooks']> = {
  logMethod(args, method) {
    const redacted = args.map((arg: unknown) =>
      typeof arg === 'string' && QUOTES_A_URL.test(arg) ? redactSecrets(arg) : arg,
    ) as Parameters<LogFn>;
    method.apply(this, redacted);
  },
};
