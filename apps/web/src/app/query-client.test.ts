import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { retryDelay, shouldRetry } from './query-client';

const withStatus = (httpStatus: number) =>
  new TRPCClientError('failed', { result: { error: { message: 'failed', code: -1, data: { httpStatus } } } });

describe('query policy', () => {
  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries network errors and 5xx three times, never a 4xx', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, withStatus(503))).toBe(true);
    expect(shouldRetry(3, withStatus(503))).toBe(false);
    expect(shouldRetry(0, withStatus(404))).toBe(false);
  });
});
