import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { retryDelayMs, shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError({ status, statusText: '', message: 'x' });

describe('query retry policy', () => {
  it('makes 3 attempts in all for network and server errors', () => {
    // TanStack asks after each failure with the number of failures before it (0, 1, 2, ...).
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, apiError(500))).toBe(true);
    expect(shouldRetry(2, apiError(500))).toBe(false);
  });

  it('never repeats a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, apiError(status))).toBe(false);
  });

  it('waits 1000 ms times the attempt number', () => {
    expect([0, 1].map(retryDelayMs)).toEqual([1000, 2000]);
  });
});
