import type { ImportProfile, ImportProfileBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { importProfilesQueryKey } from './get-import-profiles';

/** PUT replaces the whole profile: the body carries every field. */
export const updateImportProfile = async ({ id, body }: { id: number; body: ImportProfileBody }) =>
  (await apiClient.put<{ profile: ImportProfile }>(`/import-profiles/${id}`, body)).profile;

export function useUpdateImportProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImportProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importProfilesQueryKey }),
  });
}
