import type { UpdateUserBody, User } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export const updateUser = ({ id, body }: { id: number; body: UpdateUserBody }) => apiClient.put<User>(`/users/${id}`, body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
