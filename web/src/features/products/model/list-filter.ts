import type { ProductListFilter } from '../api/get-products';
import { serializeFilterRows, type FilterRowDraft } from './advanced-filter-rows';
import type { UrlFilters } from './url-filters';

export type StockStatusFilter = '' | 'in_stock' | 'out_of_stock';
export type PublishedFilter = '' | 'published' | 'draft';

export interface ListFilterState {
  url: UrlFilters;
  stockStatus: StockStatusFilter;
  published: PublishedFilter;
  filterRows: readonly FilterRowDraft[];
}

/** The API filter for the list's state; empty parts are left out so equal views share a cache entry. */
export function buildListFilter({ url, stockStatus, published, filterRows }: ListFilterState): ProductListFilter {
  const filter: ProductListFilter = {};
  if (url.search) filter.search = url.search;
  if (url.vendorId !== null) filter.vendor_id = url.vendorId;
  if (url.vendorCategoryIds.length) filter.vendor_category_ids = url.vendorCategoryIds;
  if (url.storeCategoryIds.length) filter.store_category_ids = url.storeCategoryIds;
  if (stockStatus) filter.stock_status = stockStatus;
  if (published) filter.published = published === 'published';
  const advanced = serializeFilterRows(filterRows);
  if (advanced) filter.advanced_filters = advanced;
  return filter;
}
