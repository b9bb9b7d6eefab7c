import type { Vendor } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getVendors = async (signal?: AbortSignal) => (await apiClient.get<{ vendors: Vendor[] }>('/vendors', { signal })).vendors;

export const vendorsQueryKey = ['vendors', 'list'] as const;

export const vendorsQueryOptions = () => queryOptions({ queryKey: vendorsQueryKey, queryFn: ({ signal }) => getVendors(signal) });

export function useVendors() {
  return useQuery(vendorsQueryOptions());
}
