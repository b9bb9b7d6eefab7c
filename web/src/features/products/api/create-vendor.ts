import type { Vendor } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { vendorOptionsQueryOptions } from './get-vendor-options';

/** The import wizard's quick vendor: a name and the defaults (SPEC §7). */
export const createVendor = async (name: string): Promise<Vendor> =>
  (await apiClient.post<{ vendor: Vendor }>('/vendors', { name, email: '', phone: '', address: '', status: 'active' })).vendor;

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorOptionsQueryOptions().queryKey }),
  });
}
