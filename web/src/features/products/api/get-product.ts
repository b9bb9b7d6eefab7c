import type { Product } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getProduct = (id: number, signal?: AbortSignal) => apiClient.get<Product>(`/products/${id}`, { signal });

// Under 'products' so that every product write (which invalidates ['products']) reloads it too.
export const productQueryKey = (id: number) => ['products', 'detail', id] as const;

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productQueryKey(id), queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productQueryOptions(id), enabled });
}
