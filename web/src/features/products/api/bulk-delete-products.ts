import type { BulkDeleteProductsResponse, ProductFilterParams } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Either the chosen ids, or every product matching the list's filter ('select all matching'). */
export type BulkDeleteTarget = { ids: number[] } | { filter: ProductFilterParams };

export const bulkDeleteProducts = (target: BulkDeleteTarget) =>
  apiClient.post<BulkDeleteProductsResponse>('/products/bulk-delete', target);

export function useBulkDeleteProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteProducts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
