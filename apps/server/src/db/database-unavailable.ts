/**
 * Whether an error means "a database cannot be reached right now" (PostgreSQL, or Redis where it
 * keeps the sign-in counters) rather than "this query is wrong": the server answers those with 503
 * and a clear message, and recovers by itself once it is back (both clients reconnect).
 */
const CONNECTION_CODES = new Set([
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // Node sockets and DNS
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: shutting down, starting up, too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

// ioredis: a command that gave up while Redis is away, or was sent on a closed connection.
const REDIS_ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);
const REDIS_CLOSED_MESSAGE = 'Connection is closed.';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable: its database cannot be reached. Please try again in a moment.';

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const { code, cause, errors, name, message } = error as {
    code?: unknown;
    cause?: unknown;
    errors?: unknown;
    name?: unknown;
    message?: unknown;
  };
  if (REDIS_ERROR_NAMES.has(String(name)) || message === REDIS_CLOSED_MESSAGE) return true;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  // Node reports a refused connection to several addresses as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
