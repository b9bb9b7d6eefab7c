import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** 'Apply anyway' of a held feed run (issue 22): the server imports its kept file in the background as that run. */
export const applyHeldImport = (importId: number) => apiClient.post<{ message: string }>(`/imports/${importId}/apply`);

/** The run turns 'running' (the list follows it to its end); the dashboard's feeds card changes with it. */
export function useApplyHeldImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyHeldImport,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['imports'] }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}
