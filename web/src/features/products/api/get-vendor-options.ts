import type { VendorName } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type VendorOption = VendorName;

/** GET /vendors/names: the names alone, which the products permission may read (issue 24). */
export const getVendorOptions = async (signal?: AbortSignal): Promise<VendorOption[]> => {
  const { vendors } = await apiClient.get<{ vendors: VendorName[] }>('/vendors/names', { signal });
  return vendors.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
};

// Kept under 'products': the vendors screen owns its own queries and their shape.
export const vendorOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'vendor-options'], queryFn: ({ signal }) => getVendorOptions(signal), staleTime: 60_000 });

/** The vendor dropdown's options; `enabled` is false for someone who may not pick vendors (canPickVendors). */
export function useVendorOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...vendorOptionsQueryOptions(), enabled });
}
