import type { UpdateVariationsBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The grid's Save: every changed row in one request, all or nothing. */
export const updateVariations = ({ productId, body }: { productId: number; body: UpdateVariationsBody }) =>
  apiClient.patch<{ message: string; saved: number }>(`/products/${productId}/variations`, body);

export function useUpdateVariations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVariations,
    // Resolves once the grid holds the saved values, so clearing the edits then shows no flash of the old ones.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
