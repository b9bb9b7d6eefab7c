import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** The spec's 3 attempts in all; waits of 1000 ms times the attempt number. */
export const MAX_ATTEMPTS = 3;
export const retryDelayMs = (failureCount: number) => 1000 * (failureCount + 1);

/** A 4xx is the server's answer, not a hiccup: asking again cannot change it. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_ATTEMPTS - 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: retryDelayMs,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
