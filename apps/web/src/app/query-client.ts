import { QueryClient } from '@tanstack/react-query';
import { isClientError } from '../lib/api-error';

export const MAX_QUERY_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;
const CACHE_LIFETIME_MS = 5 * 60_000;

/** Spec: exponential back-off from 1 s, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/** Spec: 3 retries. A 4xx answer will be the same next time, so only network errors and 5xx are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && !isClientError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: CACHE_LIFETIME_MS, staleTime: 30_000 },
      // Mutations are not idempotent (a dose tick, a refill): never repeat them behind the user's back.
      mutations: { retry: false },
    },
  });
}
