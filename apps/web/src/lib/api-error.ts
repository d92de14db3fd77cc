import { TRPCClientError } from '@trpc/client';

/** HTTP status of a failed call (tRPC puts it in data.httpStatus); undefined for network failures. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'httpStatus' in data && typeof data.httpStatus === 'number') {
      return data.httpStatus;
    }
  }
  return undefined;
}

// Kept where it is for the app's callers; it lives apart so the signed-out first paint needs no tRPC.
export { messageOf } from './error-message';

/** 4xx answers will not change on a retry; network errors and 5xx may. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
