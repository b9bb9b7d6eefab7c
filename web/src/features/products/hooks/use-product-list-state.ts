import type { ProductListParams, SortColumn } from '@bosun/shared';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FilterRowDraft } from '../model/advanced-filter-rows';
import { buildListFilter, type PublishedFilter, type StockStatusFilter } from '../model/list-filter';
import { EMPTY_URL_FILTERS, readUrlFilters, writeUrlFilters, type UrlFilters } from '../model/url-filters';
import { useResetOnChange } from './use-reset-on-change';

export interface SortState {
  column: SortColumn;
  order: 'asc' | 'desc';
}

/**
 * Everything that decides which products the list asks for. Search, vendor and categories live in
 * the address; the rest is the screen's own state. Any change of filter, sort or page size starts
 * again at page 1.
 */
export function useProductListState({ pageSize, showVariations = false }: { pageSize: number; showVariations?: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = useMemo(() => readUrlFilters(searchParams), [searchParams]);
  const [stockStatus, setStockStatus] = useState<StockStatusFilter>('');
  const [published, setPublished] = useState<PublishedFilter>('');
  const [filterRows, setFilterRows] = useState<FilterRowDraft[]>([]);
  const [sort, setSort] = useState<SortState | null>(null);

  const filter = useMemo(
    () => buildListFilter({ url, stockStatus, published, filterRows }),
    [url, stockStatus, published, filterRows],
  );
  const viewKey = JSON.stringify([filter, sort, pageSize]);
  const [page, setPage] = useResetOnChange(viewKey, 1);

  // Showing variations adds rows under their parents but changes neither the page nor the selection.
  const params = useMemo<ProductListParams>(
    () => ({
      ...filter,
      page,
      limit: pageSize,
      ...(sort ? { sort: sort.column, order: sort.order } : {}),
      ...(showVariations ? { show_variations: true } : {}),
    }),
    [filter, page, pageSize, sort, showVariations],
  );

  const setUrl = (change: (current: UrlFilters) => UrlFilters) =>
    setSearchParams((current) => writeUrlFilters(current, change(readUrlFilters(current))));

  return {
    url,
    stockStatus,
    published,
    filterRows,
    sort,
    page,
    filter,
    params,
    /** Changes only when the set of matching products may change (not on page or sort). */
    filterKey: JSON.stringify(filter),
    viewKey,
    setPage,
    setStockStatus,
    setPublished,
    setFilterRows,
    applySearch: (search: string) => setUrl((current) => ({ ...current, search: search.trim() })),
    /** Clearing the search also resets the sort (SPEC §4); the page follows by itself. */
    clearSearch: () => {
      setUrl((current) => ({ ...current, search: '' }));
      setSort(null);
    },
    /** A new vendor empties the vendor-category selection: those categories belonged to the old one. */
    setVendor: (vendorId: number | null) => setUrl((current) => ({ ...current, vendor_id: vendorId, vendor_category_ids: [] })),
    setVendorCategoryIds: (ids: number[]) => setUrl((current) => ({ ...current, vendor_category_ids: ids })),
    setStoreCategoryIds: (ids: number[]) => setUrl((current) => ({ ...current, store_category_ids: ids })),
    clearCategories: () => setUrl((current) => ({ ...current, vendor_category_ids: [], store_category_ids: [] })),
    /** Products with any of these tags (in the address, as the categories). */
    setTags: (tags: string[]) => setUrl((current) => ({ ...current, tags })),
    /** A quality queue (in the address: the dashboard links to each). */
    setProblem: (problem: UrlFilters['problem']) => setUrl((current) => ({ ...current, problem })),
    toggleSort: (column: SortColumn) =>
      setSort((current) => ({ column, order: current?.column === column && current.order === 'asc' ? 'desc' : 'asc' })),
    clearSort: () => setSort(null),
    /** Clear Filters: everything but the search. */
    clearFilters: () => {
      setUrl((current) => ({ ...EMPTY_URL_FILTERS, search: current.search }));
      setStockStatus('');
      setPublished('');
      setFilterRows([]);
    },
    /** The clear-all icon: filters, search and sort. */
    clearAll: () => {
      setUrl(() => EMPTY_URL_FILTERS);
      setStockStatus('');
      setPublished('');
      setFilterRows([]);
      setSort(null);
    },
  };
}

export type ProductListState = ReturnType<typeof useProductListState>;
