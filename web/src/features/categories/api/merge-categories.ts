import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { categoriesQueryKey } from './get-categories';

/** The target is kept: the source's products and subcategories move to it, then the source is deleted. */
export const mergeCategories = ({ sourceCategoryId, targetCategoryId }: { sourceCategoryId: number; targetCategoryId: number }) =>
  apiClient.post<{ message: string }>('/categories/merge', { sourceCategoryId, targetCategoryId, categoryType: 'both' });

export function useMergeCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCategories,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
