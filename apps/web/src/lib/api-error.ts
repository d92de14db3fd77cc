import { TRPCClientError } from '@trpc/client';
import { PlainTrpcError } from './plain-trpc';

/** HTTP status of a failed call (tRPC puts it in data.httpStatus); undefined for network failures. */
export function httpStatusOf(error: unknown): number | undefined {
  // A call made before the tRPC client was loaded (plain-trpc.ts: the start's token request).
  if (error instanceof PlainTrpcError) return error.status;
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'httpStatus' in data && typeof data.httpStatus === 'number') {
      return data.httpStatus;
    }
  }
  return undefined;
}

/** Which of a status's causes a refusal is (the body's data.reason, decision 181); undefined if none. */
export function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return data && typeof data === 'object' && 'reason' in data && typeof data.reason === 'string'
    ? data.reason
    : undefined;
}

// Kept where it is for the app's callers; it lives apart so the signed-out first paint needs no tRPC.
export { messageOf } from './error-message';

/** 4xx answers will not change on a retry; network errors and 5xx may. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
