import type { BulkUpdateVariationsBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Prices and stock of the selected variations: set, or ± an amount or a percentage (the product bulk edit's rules). */
export const bulkUpdateVariations = ({ productId, body }: { productId: number; body: BulkUpdateVariationsBody }) =>
  apiClient.post<{ message: string; updated: number }>(`/products/${productId}/variations/bulk-update`, body);

export function useBulkUpdateVariations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateVariations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
