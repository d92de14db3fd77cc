/**
 * The human-readable message of a failed call, or undefined. The server's error formatter already
 * turns validation issues into a sentence ("name: Name is required."), so it is shown as it is.
 */
export function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message.trim() ? error.message.trim() : undefined;
}

/**
 * The HTTP status of a failed call, read by shape so the signed-out first load needs no tRPC client:
 * a plain call's error carries `status`, a tRPC client's `data.httpStatus`.
 */
export function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { status, data } = error as { status?: unknown; data?: { httpStatus?: unknown } | null };
  if (typeof status === 'number') return status;
  return typeof data?.httpStatus === 'number' ? data.httpStatus : undefined;
}
