/**
 * The human-readable message of a failed call, or undefined. The server's error formatter already
 * turns validation issues into a sentence ("name: Name is required."), so it is shown as it is.
 */
export function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message.trim() ? error.message.trim() : undefined;
}
