import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const deleteProduct = (id: number) => apiClient.delete<{ message: string }>(`/products/${id}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // Lists, search results and category counts all change with the catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
