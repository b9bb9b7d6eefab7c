import type { Category, CategoryBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { CATEGORY_SAVE_TIMEOUT_MS } from './create-category';
import { categoriesQueryKey } from './get-categories';

/** A body without parent_id keeps the parent (the simple screen's edit); null moves the category to the root. */
export const updateCategory = ({ id, body }: { id: number; body: CategoryBody }) =>
  apiClient.put<{ category: Category }>(`/categories/${id}`, body, { signal: AbortSignal.timeout(CATEGORY_SAVE_TIMEOUT_MS) });

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
