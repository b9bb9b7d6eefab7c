import type { CreateVendorBody, Vendor } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { vendorsQueryKey } from './get-vendors';

export const createVendor = async (body: CreateVendorBody) => (await apiClient.post<{ vendor: Vendor }>('/vendors', body)).vendor;

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorsQueryKey }),
  });
}
