/**
 * What the logs may hold (issue 8, finding 4): an error's kind, message, code and stack, never the
 * values a query was run with. Drizzle puts them into its message ("Failed query: …\nparams: …")
 * and postgres.js onto the error (`parameters`): argon2 hashes, push keys, medicine names and
 * action tokens. Only listed fields are copied, so a library adding a field cannot leak it.
 */
const KEPT_FIELDS = ['code', 'severity', 'routine', 'constraint_name', 'table_name', 'column_name'] as const;
const PARAMS_TAIL = /\nparams: [\s\S]*$/;

/** The message without bound values; the SQL text itself holds only placeholders. */
const scrub = (text: string) => text.replace(PARAMS_TAIL, '\nparams: [redacted]');

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

const EMAIL_IN_PATH = /[^/?&=]+(@|%40)[^/?&]+/gi;
/** A calendar feed's secret token (decision 141): whoever reads the logs must not get the feed. */
const FEED_TOKEN_IN_PATH = /^(\/api\/calendar\/)[^/?]+(?=\?|$)/i;

/** A request as the access log shows it: the path without any email address (finding 11) or feed token. */
export function serializeRequest(request: {
  method: string;
  url: string;
  id?: unknown;
  ip?: string;
}): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url.replace(EMAIL_IN_PATH, '[email]').replace(FEED_TOKEN_IN_PATH, '$1[token]'),
    id: request.id,
    remoteAddress: request.ip,
  };
}

/** For Fastify's and pino's `serializers` option. */
export const logSerializers = { err: serializeError, error: serializeError, req: serializeRequest };
