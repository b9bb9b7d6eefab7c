import type { CategoryNode } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getVendorCategories = async (vendorId: number, signal?: AbortSignal): Promise<CategoryNode[]> => {
  const { categories } = await apiClient.get<{ categories: CategoryNode[] }>(`/categories/vendor/${vendorId}`, {
    params: { type: 'vendor' },
    signal,
  });
  return categories;
};

export const vendorCategoriesQueryOptions = (vendorId: number) =>
  queryOptions({
    queryKey: ['products', 'category-options', 'vendor', vendorId],
    queryFn: ({ signal }) => getVendorCategories(vendorId, signal),
    staleTime: 60_000,
  });

/** The chosen vendor's category tree, for the vendor-categories picker; nothing without a vendor. */
export function useVendorCategories(vendorId: number | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...vendorCategoriesQueryOptions(vendorId ?? 0), enabled: enabled && vendorId !== null });
}
