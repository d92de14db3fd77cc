import type { ProcedureMeta } from '@medrem/contract';

type JsonObject = Record<string, unknown>;

/**
 * The body of an answer made outside tRPC: Fastify's body checks (413), the rate limit (429), a
 * database outage or a server shutting down (503). A `message` always; the rest as each source has it.
 */
export const PLAIN_ERROR_SCHEMA = {
  type: 'object',
  title: 'Error outside a call (413, 429, 503)',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    data: { type: 'object', additionalProperties: true },
  },
  required: ['message'],
  additionalProperties: false,
};
export const PLAIN_ERROR = 'error.PLAIN';

const plainContent = { 'application/json': { schema: { $ref: `#/components/schemas/${PLAIN_ERROR}` } } };
const seconds = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** The per-IP ceiling of every /api call (plugins/external/rate-limit.plugin.ts); probes are exempt. */
export const RATE_LIMITED = {
  description: 'Too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call)',
  headers: {
    'Retry-After': seconds('Seconds until the limit resets'),
    'x-ratelimit-limit': seconds('Requests allowed per minute'),
    'x-ratelimit-remaining': seconds('Requests left in this minute (0)'),
    'x-ratelimit-reset': seconds('Seconds until the limit resets'),
  },
  content: plainContent,
};

export const UNAVAILABLE = {
  description:
    'The database is unreachable (Retry-After: 5): nothing was changed, try again. A server shutting down also answers 503, without Retry-After, and closes the connection.',
  headers: { 'Retry-After': seconds('Seconds to wait before trying again') },
  content: plainContent,
};

export const TOO_LARGE = {
  description: 'The body is larger than BODY_LIMIT_BYTES (100 KiB by default)',
  content: plainContent,
};

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Shared once in `components.responses`, referred to by every operation. */
export const COMMON_RESPONSES = { TooLarge: TOO_LARGE, RateLimited: RATE_LIMITED, Unavailable: UNAVAILABLE };
const ref = (name: keyof typeof COMMON_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/**
 * The answers every call can give besides its own (decision 272): 413 wherever Fastify reads a body,
 * 429 from the per-IP limit except on probes, 503 on a database outage or shutdown. A call's own
 * 429 (sign-in, mail) keeps its words, with the limit's headers.
 */
export function addCommonErrors(
  method: string,
  operation: JsonObject,
  meta: ProcedureMeta | undefined,
): void {
  const responses = operation.responses as Record<string, JsonObject>;
  if (BODY_METHODS.has(method)) responses['413'] = ref('TooLarge');
  if (!meta?.probe) {
    const own = responses['429'];
    responses['429'] = own
      ? {
          ...RATE_LIMITED,
          description: `${String(own.description)}, or ${RATE_LIMITED.description.charAt(0).toLowerCase()}${RATE_LIMITED.description.slice(1)}`,
          content: own.content ?? plainContent,
        }
      : ref('RateLimited');
  }
  responses['503'] = ref('Unavailable');
  operation.responses = Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)),
  );
}
