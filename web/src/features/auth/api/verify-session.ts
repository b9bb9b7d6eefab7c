import type { User } from '@bosun/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getVerifiedUser = (signal?: AbortSignal) => apiClient.get<{ user: User }>('/auth/verify', { signal });

/** Keyed by token: a token checked once (or just issued by the server) is not checked again. */
export const verifySessionQueryKey = (token: string) => ['auth', 'verify', token] as const;

export const verifySessionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: verifySessionQueryKey(token),
    queryFn: ({ signal }) => getVerifiedUser(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
