import type { VendorName } from '@bosun/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /vendors/names: ids, names and product counts only, which the products and categories permissions read too (issue 24). */
export const getVendorNames = async (signal?: AbortSignal) => (await apiClient.get<{ vendors: VendorName[] }>('/vendors/names', { signal })).vendors;

// Its own key beside the full list's: a different answer from a different call.
export const vendorNamesQueryOptions = () => queryOptions({ queryKey: ['vendors', 'names'], queryFn: ({ signal }) => getVendorNames(signal) });
