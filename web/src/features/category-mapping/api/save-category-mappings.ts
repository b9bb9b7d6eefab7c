import type { CategoryMappingBody, CategoryMappingResult } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { categoriesQueryKey } from '../../categories';
import { categoryMappingsQueryKey } from './get-category-mappings';

/** POST /category-mappings: saves the mappings and gives the products they reach the shop category. */
export const saveCategoryMappings = (body: CategoryMappingBody) => apiClient.post<CategoryMappingResult>('/category-mappings', body);

export function useSaveCategoryMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategoryMappings,
    onSuccess: async () => {
      // Product counts of the shop tree change with the products; the product list shows their categories.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryMappingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
