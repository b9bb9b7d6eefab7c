import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { categoriesQueryKey } from './get-categories';

/** A bulk delete may remove thousands of rows: it gets 45 s (SPEC §7). */
export const CATEGORY_BULK_DELETE_TIMEOUT_MS = 45_000;

export const bulkDeleteCategories = (categoryIds: number[]) =>
  apiClient.delete<{ message: string; deleted: number }>('/categories/bulk-delete', {
    body: { categoryIds },
    signal: AbortSignal.timeout(CATEGORY_BULK_DELETE_TIMEOUT_MS),
  });

export function useBulkDeleteCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteCategories,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
