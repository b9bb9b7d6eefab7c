import type { Product, UpdateProductBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { productQueryKey } from './get-product';

export const updateProduct = ({ id, body }: { id: number; body: UpdateProductBody }) => apiClient.put<Product>(`/products/${id}`, body);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // The list rows and the product's own detail query both live under ['products'].
    onSuccess: (saved) => {
      // The detail page shows the saved product at once, then reloads it with everything else.
      queryClient.setQueryData(productQueryKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
