import type { ProductQuality } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getProductQuality = (id: number, signal?: AbortSignal) => apiClient.get<ProductQuality>(`/quality/products/${id}`, { signal });

// Under 'products' so that saving the product (which invalidates ['products']) reloads it.
export const productQualityQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['products', 'quality', 'product', id], queryFn: ({ signal }) => getProductQuality(id, signal) });

export function useProductQuality(id: number) {
  return useQuery(productQualityQueryOptions(id));
}
