import type { User } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getUsers = (signal?: AbortSignal) => apiClient.get<User[]>('/users', { signal });

export const usersQueryKey = ['users', 'list'] as const;

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
