import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** Refuses a waiting account: the server deletes it (issue 24). */
export const refuseUser = (id: number) => apiClient.post<{ message: string }>(`/users/${id}/refuse`);

export function useRefuseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
