import type { Category, CategoryNode } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getAllCategories = async (signal?: AbortSignal): Promise<Category[]> => {
  const { flatCategories } = await apiClient.get<{ categories: CategoryNode[]; flatCategories: Category[] }>('/categories', {
    signal,
    headers: { 'Cache-Control': 'no-cache' },
  });
  return flatCategories;
};

/** Every category, flat: the store picker's tree and the names the banners show. */
export const allCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'category-options', 'all'], queryFn: ({ signal }) => getAllCategories(signal), staleTime: 60_000 });

export function useAllCategories({ enabled }: { enabled: boolean }) {
  return useQuery({ ...allCategoriesQueryOptions(), enabled });
}
