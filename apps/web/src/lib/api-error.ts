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

/**
 * The human-readable message of a failed call, or undefined. The server's error formatter already
 * turns validation issues into a sentence ("name: Name is required."), so it is shown as it is.
 */
export function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message.trim() ? error.message.trim() : undefined;
}

/** 4xx answers will not change on a retry; network errors and 5xx may. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
