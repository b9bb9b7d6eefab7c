import { resolveStock, type UpdateVariationsBody, type Variation, type VariationsResponse } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { variationsQueryKey } from './get-variations';

/** The grid's Save: every changed row in one request, all or nothing. */
export const updateVariations = ({ productId, body }: { productId: number; body: UpdateVariationsBody }) =>
  apiClient.patch<{ message: string; saved: number }>(`/products/${productId}/variations`, body);

/** The screen's data with a successful save's changes in it, its totals counted again. */
export function withSavedChanges(data: VariationsResponse, body: UpdateVariationsBody): VariationsResponse {
  const changes = new Map(body.variations.map(({ id, ...fields }) => [id, fields]));
  const variations = data.variations.map((v): Variation => {
    const change = changes.get(v.id);
    if (!change) return v;
    // The status the server gave, by the same rule (a quantity changed alone moves it).
    const stock = resolveStock({ stock: change.stock, stock_status: change.stock_status }, v);
    return { ...v, ...change, ...(stock.ok ? stock.value : {}) } as Variation;
  });
  const prices = variations.map((v) => v.list_price).filter((p): p is number => p !== null);
  return {
    ...data,
    variations,
    stock_total: variations.reduce((sum, v) => sum + (v.stock ?? 0), 0),
    price_min: prices.length ? Math.min(...prices) : null,
    price_max: prices.length ? Math.max(...prices) : null,
  };
}

export function useUpdateVariations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVariations,
    // The saved values are known: the grid shows them at once instead of reading 2,048 rows again;
    // the list and the detail page, which show the parent's totals, reload.
    onSuccess: (_, { productId, body }) => {
      queryClient.setQueryData<VariationsResponse>(variationsQueryKey(productId), (data) => data && withSavedChanges(data, body));
      void queryClient.invalidateQueries({ queryKey: ['products'], predicate: (q) => q.queryKey[1] !== 'variations' });
    },
  });
}
