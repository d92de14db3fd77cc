/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong": the server answers those with 503 and a clear message, and recovers by itself once the
 * database is back (postgres.js reconnects on the next query).
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

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable: its database cannot be reached. Please try again in a moment.';

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  // Node reports a refused connection to several addresses as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
