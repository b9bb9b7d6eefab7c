import type { Vendor } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type VendorOption = Pick<Vendor, 'id' | 'name' | 'product_count'>;

/** The vendors the filter and the form offer, with their product counts (GET /vendors). */
export const getVendorOptions = async (signal?: AbortSignal): Promise<VendorOption[]> => {
  const { vendors } = await apiClient.get<{ vendors: Vendor[] }>('/vendors', { signal });
  return vendors.map(({ id, name, product_count }) => ({ id, name, product_count }));
};

// Its own key: the vendors feature caches whole vendors, this list only what the category screens need.
export const vendorOptionsQueryKey = ['categories', 'vendor-options'] as const;

export const vendorOptionsQueryOptions = () =>
  queryOptions({ queryKey: vendorOptionsQueryKey, queryFn: ({ signal }) => getVendorOptions(signal) });

/** Without the vendors permission this is a 403: the screens then offer no vendors, and say nothing. */
export function useVendorOptions() {
  return useQuery(vendorOptionsQueryOptions());
}
