import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { categoriesQueryKey } from './get-categories';

/** A single delete gives up after 10 s (SPEC §7). */
export const CATEGORY_DELETE_TIMEOUT_MS = 10_000;

/** Deletes the category with its subcategories; their products stay, with that category cleared. */
export const deleteCategory = (id: number) =>
  apiClient.delete<{ message: string }>(`/categories/${id}`, { signal: AbortSignal.timeout(CATEGORY_DELETE_TIMEOUT_MS) });

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
