import type { ProductFilterParams } from '@bosun/shared';
import { appliedFilterRows, serializeFilterRows, type FilterRowDraft } from './advanced-filter-rows';
import type { UrlFilters } from './url-filters';

export type StockStatusFilter = '' | 'in_stock' | 'out_of_stock' | 'backorder';
export type PublishedFilter = '' | 'published' | 'draft';

export interface ListFilterState {
  url: UrlFilters;
  stockStatus: StockStatusFilter;
  published: PublishedFilter;
  filterRows: readonly FilterRowDraft[];
}

/**
 * Every filter the API reads, each given a value by the list ('', [] or null for none):
 * a filter added to the shared schema does not compile here until the list says what it sends.
 */
type EveryFilter = { [K in keyof ProductFilterParams]-?: ProductFilterParams[K] | '' | null };

const isEmpty = (value: unknown) => value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The API filter for the list's state; empty parts are left out so equal views share a cache entry. */
export function buildListFilter({ url, stockStatus, published, filterRows }: ListFilterState): ProductFilterParams {
  const every: EveryFilter = {
    ...url,
    stock_status: stockStatus,
    published: published === '' ? null : published === 'published',
    advanced_filters: serializeFilterRows(filterRows) ?? null,
    // The list narrows by category through the two pickers' id lists, not by one category.
    category_id: null,
    category_ids: null,
  };
  return Object.fromEntries(Object.entries(every).filter(([, value]) => !isEmpty(value))) as ProductFilterParams;
}

/**
 * How many filters narrow the list, the search apart (the phone's Filters button shows it): the
 * vendor, each category picker, stock status, status, the tags, the quality problem, and each complete advanced row.
 */
export function activeFilterCount({ url, stockStatus, published, filterRows }: ListFilterState): number {
  const chosen = [url.vendor_id !== null, url.vendor_category_ids.length > 0, url.store_category_ids.length > 0, stockStatus !== '', published !== '', url.tags.length > 0, url.problem !== null];
  return chosen.filter(Boolean).length + appliedFilterRows(filterRows).length;
}
