import type { User } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getProfile = (signal?: AbortSignal) => apiClient.get<{ user: User }>('/users/profile', { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'profile'], queryFn: ({ signal }) => getProfile(signal) });

export function useProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), ...options });
}
