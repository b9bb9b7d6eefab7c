import type { bulkUpdateProductsResponseSchema, BulkUpdateData } from '@bosun/shared';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { BulkDeleteTarget } from './bulk-delete-products';

/** The chosen ids, or every product matching the list's filter ('select all matching'). */
export type BulkUpdateTarget = BulkDeleteTarget;

export interface BulkUpdateRequest {
  target: BulkUpdateTarget;
  updateData: BulkUpdateData;
  allowSpecialBelowCost?: boolean;
}

export const bulkUpdateProducts = ({ target, updateData, allowSpecialBelowCost }: BulkUpdateRequest) =>
  apiClient.put<z.infer<typeof bulkUpdateProductsResponseSchema>>('/products/bulk/update', {
    ...target,
    updateData,
    ...(allowSpecialBelowCost ? { allowSpecialBelowCost: true } : {}),
  });

export function useBulkUpdateProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateProducts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
