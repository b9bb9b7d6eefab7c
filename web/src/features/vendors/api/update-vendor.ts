import type { UpdateVendorBody, Vendor } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { vendorsQueryKey } from './get-vendors';

/** The full form, `{status}` alone, or `{name}` from the inline rename: only the fields sent change. */
export const updateVendor = async ({ id, body }: { id: number; body: UpdateVendorBody }) =>
  (await apiClient.put<{ vendor: Vendor }>(`/vendors/${id}`, body)).vendor;

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendor,
    onSuccess: (saved) => {
      // The answer is the whole vendor: show it at once, so a renamed card does not flash its old name
      // while the list reloads.
      queryClient.setQueryData<Vendor[]>(vendorsQueryKey, (vendors) => vendors?.map((vendor) => (vendor.id === saved.id ? saved : vendor)));
      return queryClient.invalidateQueries({ queryKey: vendorsQueryKey });
    },
  });
}
