import type { Product, RestoreVersionBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface RestoreVersionInput {
  productId: number;
  entryId: number;
  /** One field only; without it, every field as it was after the entry. */
  field?: string;
}

export const restoreVersion = ({ productId, entryId, field }: RestoreVersionInput) =>
  apiClient.post<Product>(`/products/${productId}/history/${entryId}/restore`, (field ? { field } : {}) satisfies RestoreVersionBody);

export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreVersion,
    // The product, its list rows and its history all live under ['products'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
