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
 * A human-readable message of a failed call, or undefined. Input-validation errors arrive as a
 * JSON list of zod issues; the first issue's message is the readable part.
 */
export function messageOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.message) return undefined;
  const text = error.message.trim();
  if (text.startsWith('[')) {
    try {
      const issues: unknown = JSON.parse(text);
      if (Array.isArray(issues)) {
        const first: unknown = issues[0];
        if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string') {
          return first.message;
        }
      }
    } catch {
      // Not JSON after all: fall through to the raw message.
    }
  }
  return text;
}

/** 4xx answers will not change on a retry; network errors and 5xx may. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
