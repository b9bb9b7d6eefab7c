import type { PutAttributesBody, VariationsResponse } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { variationsQueryKey } from './get-variations';

export const putAttributes = ({ productId, body }: { productId: number; body: PutAttributesBody }) =>
  apiClient.put<VariationsResponse & { message: string }>(`/products/${productId}/attributes`, body);

export function usePutAttributes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putAttributes,
    onSuccess: async ({ message: _, ...data }, { productId }) => {
      // The answer is the screen's new data: shown at once, then the list and detail page catch up.
      queryClient.setQueryData(variationsQueryKey(productId), data);
      await queryClient.invalidateQueries({ queryKey: ['products'], predicate: (q) => q.queryKey[1] !== 'variations' });
    },
  });
}
