import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { vendorsQueryKey } from './get-vendors';

export interface DeleteVendorResult {
  message: string;
  deletedProducts: number;
  deletedCategories: number;
}

export const deleteVendor = (id: number) => apiClient.delete<DeleteVendorResult>(`/vendors/${id}`);

// A vendor goes with its categories and products, so lists of those (held by other screens under these
// key prefixes) are out of date too.
const CASCADED_QUERY_PREFIXES = [['products'], ['categories'], ['dashboard']] as const;

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVendor,
    onSuccess: () => {
      for (const queryKey of CASCADED_QUERY_PREFIXES) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: vendorsQueryKey });
    },
  });
}
