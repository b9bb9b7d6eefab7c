import type { ProductListResponse, SortColumn } from '@bosun/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The list's filters as the API reads them. The same object is the `filter` of a bulk action on
 * 'all matching products', so the set a user deletes is exactly the set the list counted.
 */
export interface ProductListFilter {
  search?: string;
  vendor_id?: number;
  vendor_category_ids?: number[];
  store_category_ids?: number[];
  stock_status?: 'in_stock' | 'out_of_stock';
  published?: boolean;
  /** A JSON list of {column, operator, value, value2}; only complete rows (see advanced-filter-rows). */
  advanced_filters?: string;
}

export interface ProductListParams extends ProductListFilter {
  page: number;
  limit: number;
  sort?: SortColumn;
  order?: 'asc' | 'desc';
}

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
