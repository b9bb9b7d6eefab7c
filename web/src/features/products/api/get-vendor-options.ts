import type { Vendor } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type VendorOption = Pick<Vendor, 'id' | 'name'>;

export const getVendorOptions = async (signal?: AbortSignal): Promise<VendorOption[]> => {
  const { vendors } = await apiClient.get<{ vendors: Vendor[] }>('/vendors', { signal });
  return vendors.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
};

// Kept under 'products': the vendors screen owns its own queries and their shape.
export const vendorOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'vendor-options'], queryFn: ({ signal }) => getVendorOptions(signal), staleTime: 60_000 });

/** The vendor dropdown's options; `enabled` is false for a shop_manager without the vendors flag. */
export function useVendorOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...vendorOptionsQueryOptions(), enabled });
}
