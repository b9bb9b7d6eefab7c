import type { CreateProductBody, Product } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const createProduct = (body: CreateProductBody) => apiClient.post<Product>('/products', body);

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // Lists, search results, the dashboard's counts: the catalogue changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
