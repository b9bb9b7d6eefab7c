import { GLOBAL_SEARCH_LIMIT, type ProductListResponse } from '@bosun/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const searchProducts = (search: string, signal?: AbortSignal) =>
  apiClient.get<ProductListResponse>('/products', { params: { search, limit: GLOBAL_SEARCH_LIMIT }, signal });

export const searchProductsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['products', 'global-search', search],
    queryFn: ({ signal }) => searchProducts(search, signal),
    // The search box is a convenience: a failure is logged, not retried or shown (SPEC §8 Search).
    retry: false,
    staleTime: 30_000,
  });

export function useSearchProducts(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...searchProductsQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
