import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const deleteVariations = ({ productId, ids }: { productId: number; ids: number[] }) =>
  apiClient.post<{ message: string; deleted: number }>(`/products/${productId}/variations/delete`, { ids });

export function useDeleteVariations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVariations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
