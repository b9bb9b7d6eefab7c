import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { importProfilesQueryKey } from './get-import-profiles';

export const deleteImportProfile = (id: number) => apiClient.delete<{ message: string }>(`/import-profiles/${id}`);

export function useDeleteImportProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImportProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importProfilesQueryKey }),
  });
}
