import type { ErrorReason } from '@medrem/contract';

/**
 * Errors the services raise. They name what went wrong in the product's words and know nothing of
 * HTTP; the API layer maps each kind to its status.
 */
export type AppErrorKind =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS';

export class AppError extends Error {
  /** `reason`: which of a status's causes this is, for the client (the body's data.reason, decision 181). */
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthorized = (message = 'Please log in to continue.') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You can only access your own data.') =>
  new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, reason?: ErrorReason) => new AppError('CONFLICT', message, reason);
export const tooManyRequests = (message: string) => new AppError('TOO_MANY_REQUESTS', message);
