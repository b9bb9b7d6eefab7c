import type { ProductHistoryResponse } from '@bosun/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const HISTORY_PAGE_SIZE = 20;

export const getProductHistory = (id: number, page: number, signal?: AbortSignal) =>
  apiClient.get<ProductHistoryResponse>(`/products/${id}/history`, { params: { page, limit: HISTORY_PAGE_SIZE }, signal });

// Under 'products': every product write invalidates ['products'], so the tab shows the new entry.
export const productHistoryQueryKey = (id: number) => ['products', 'history', id] as const;

export const productHistoryQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: productHistoryQueryKey(id),
    queryFn: ({ pageParam, signal }) => getProductHistory(id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  });

/** A product's history, newest first, a page at a time ('Load more'). */
export function useProductHistory(id: number) {
  return useInfiniteQuery(productHistoryQueryOptions(id));
}
