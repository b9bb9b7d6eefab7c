import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** 'Dismiss' of a held feed run (issue 22): nothing is imported and its kept file is deleted. */
export const dismissHeldImport = (importId: number) => apiClient.post<{ message: string }>(`/imports/${importId}/dismiss`);

export function useDismissHeldImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissHeldImport,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['imports'] }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}
