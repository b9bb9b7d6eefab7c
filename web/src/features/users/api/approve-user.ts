import type { User } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** Lets a waiting account in with the default shop_manager permissions (issue 24). */
export const approveUser = (id: number) => apiClient.post<User>(`/users/${id}/approve`);

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
