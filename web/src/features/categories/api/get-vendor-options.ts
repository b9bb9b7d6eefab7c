import type { VendorName } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVendorNames } from '../../vendors';

export type VendorOption = VendorName;

/** The vendors the filter and the form offer, with their product counts: GET /vendors/names, which the categories flag reads too (issue 24). */
export const getVendorOptions = (signal?: AbortSignal): Promise<VendorOption[]> => getVendorNames(signal);

// Its own key: the vendors feature caches whole vendors, this list only what the category screens need.
export const vendorOptionsQueryKey = ['categories', 'vendor-options'] as const;

export const vendorOptionsQueryOptions = () =>
  queryOptions({ queryKey: vendorOptionsQueryKey, queryFn: ({ signal }) => getVendorOptions(signal) });

export function useVendorOptions() {
  return useQuery(vendorOptionsQueryOptions());
}
