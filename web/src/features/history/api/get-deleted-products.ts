import type { DeletedProductsResponse } from '@bosun/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface DeletedProductsParams {
  page: number;
  limit: number;
  search: string;
}

export const getDeletedProducts = (params: DeletedProductsParams, signal?: AbortSignal) =>
  apiClient.get<DeletedProductsResponse>('/products/deleted', { params: { ...params }, signal });

export const deletedProductsQueryOptions = (params: DeletedProductsParams) =>
  queryOptions({
    queryKey: ['products', 'deleted', params],
    queryFn: ({ signal }) => getDeletedProducts(params, signal),
    placeholderData: keepPreviousData,
  });

/** Products deleted within the history's retention, newest first. */
export function useDeletedProducts(params: DeletedProductsParams) {
  return useQuery(deletedProductsQueryOptions(params));
}
