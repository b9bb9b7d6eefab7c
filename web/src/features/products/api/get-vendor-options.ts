import type { VendorName } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVendorNames } from '../../vendors';

export type VendorOption = VendorName;

/** GET /vendors/names, sorted by name: the products permission may read it (issue 24). */
export const getVendorOptions = async (signal?: AbortSignal): Promise<VendorOption[]> =>
  (await getVendorNames(signal)).sort((a, b) => a.name.localeCompare(b.name));

// Kept under 'products': the vendors screen owns its own queries and their shape.
export const vendorOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'vendor-options'], queryFn: ({ signal }) => getVendorOptions(signal), staleTime: 60_000 });

/** The vendor dropdown's options; `enabled` is false for someone who may not pick vendors (canPickVendors). */
export function useVendorOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...vendorOptionsQueryOptions(), enabled });
}
