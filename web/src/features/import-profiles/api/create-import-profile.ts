import type { ImportProfile, ImportProfileBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { importProfilesQueryKey } from './get-import-profiles';

export const createImportProfile = async (body: ImportProfileBody) => (await apiClient.post<{ profile: ImportProfile }>('/import-profiles', body)).profile;

export function useCreateImportProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImportProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importProfilesQueryKey }),
  });
}
