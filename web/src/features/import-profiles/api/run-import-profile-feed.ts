import type { RunFeedBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /import-profiles/:id/run ('Run now'): 202 with a message once the fetch has started in the background; 409 while the feed runs already. */
export const runImportProfileFeed = ({ id, body }: { id: number; body: RunFeedBody }) => apiClient.post<{ message: string }>(`/import-profiles/${id}/run`, body);

export function useRunImportProfileFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImportProfileFeed,
    // The run shows on the Imports page as soon as it is recorded.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['imports'] }),
  });
}
