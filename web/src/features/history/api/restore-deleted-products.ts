import type { RestoreDeletedBody, RestoreDeletedResponse } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const restoreDeletedProducts = (entryIds: number[]) =>
  apiClient.post<RestoreDeletedResponse>('/products/restore', { entryIds } satisfies RestoreDeletedBody);

export function useRestoreDeletedProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreDeletedProducts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
