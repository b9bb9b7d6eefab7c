import type { VariationsResponse } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getVariations = (productId: number, signal?: AbortSignal) =>
  apiClient.get<VariationsResponse>(`/products/${productId}/variations`, { signal });

// Under 'products' so that every product write (which invalidates ['products']) reloads the screen too,
// and every write here reloads the list and the detail page that show the parent's stock and prices.
export const variationsQueryKey = (productId: number) => ['products', 'variations', productId] as const;

export const variationsQueryOptions = (productId: number) =>
  queryOptions({ queryKey: variationsQueryKey(productId), queryFn: ({ signal }) => getVariations(productId, signal) });

export function useVariations(productId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...variationsQueryOptions(productId), enabled });
}
