import type { UpdateProfileBody, User } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { profileQueryOptions } from './get-profile';
import { useUpdateSessionUser } from '../session-context';

export const updateProfile = (body: UpdateProfileBody) => apiClient.put<{ user: User }>('/users/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const updateSessionUser = useUpdateSessionUser();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      updateSessionUser(user);
      queryClient.setQueryData(profileQueryOptions().queryKey, { user });
    },
  });
}
