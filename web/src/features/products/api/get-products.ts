import type { ProductListParams, ProductListResponse } from '@bosun/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getProducts = (params: ProductListParams, signal?: AbortSignal) =>
  apiClient.get<ProductListResponse>('/products', { params: { ...params }, signal });

export const productListQueryKey = ['products', 'list'] as const;

export const productListQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: [...productListQueryKey, params],
    queryFn: ({ signal }) => getProducts(params, signal),
    // The table keeps showing the previous page while the next filter or page loads.
    placeholderData: keepPreviousData,
  });

export function useProducts(params: ProductListParams) {
  return useQuery(productListQueryOptions(params));
}
