import type { User } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getUsers = (signal?: AbortSignal) => apiClient.get<User[]>('/users', { signal });

export const usersQueryKey = ['users', 'list'] as const;

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}

/** How often the shell looks for new registrations while an admin works elsewhere. */
const PENDING_POLL_MS = 60_000;

/**
 * The accounts waiting for approval, for the sidebar's count: the same list as the Users page
 * (staff lists are short), so an approval there updates the count at once. Admins only.
 */
export function usePendingUserCount({ enabled }: { enabled: boolean }) {
  const users = useQuery({
    ...usersQueryOptions(),
    enabled,
    refetchInterval: PENDING_POLL_MS,
    select: (list) => list.filter((user) => user.status === 'pending').length,
  });
  return users.data ?? 0;
}
