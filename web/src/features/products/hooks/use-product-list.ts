import { PRODUCT_MESSAGES, type ProductListResponse } from '@bosun/shared';
import { useEffect, useRef } from 'react';
import { notify } from '../../../components/ui/notify';
import { isForbidden } from '../../../lib/api-client';
import { useProducts } from '../api/get-products';
import type { ProductListState } from './use-product-list-state';

/** The products the list asks for, as the screen shows them. */
export function useProductList(state: ProductListState) {
  const list = useProducts(state.params);

  // A failed request keeps the last good rows on screen (placeholder data stops at an error).
  const lastGood = useRef<ProductListResponse | undefined>(undefined);
  useEffect(() => {
    if (list.data) lastGood.current = list.data;
  }, [list.data]);
  const data = list.data ?? lastGood.current;

  useEffect(() => {
    if (list.error && !isForbidden(list.error)) notify.error(PRODUCT_MESSAGES.loadFailed);
  }, [list.error, list.errorUpdatedAt]);

  // After deletes the last page may be gone: step back to the new last page.
  const pages = list.data?.pagination.pages;
  const { page, setPage } = state;
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(pages);
  }, [pages, page, setPage]);

  return {
    list,
    /** The current answer, or the last good one while a request fails; none before the first. */
    data,
    products: data?.products ?? [],
    /** With 'Show variations', the variations of the page's variable products; otherwise none. */
    variations: data?.variations,
    total: data?.pagination.total ?? 0,
    /** The rows on screen answer the current filters (not stale, not a previous page's). */
    showingCurrentAnswer: Boolean(list.data) && !list.isPlaceholderData && !list.isError,
  };
}
