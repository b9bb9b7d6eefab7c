/**
 * The part of the list's state that lives in the address (SPEC §2 route table): a link reproduces
 * the view, and Back/Forward step through filter changes.
 */
export interface UrlFilters {
  search: string;
  vendorId: number | null;
  vendorCategoryIds: number[];
  storeCategoryIds: number[];
}

export const EMPTY_URL_FILTERS: UrlFilters = { search: '', vendorId: null, vendorCategoryIds: [], storeCategoryIds: [] };

const URL_KEYS = ['search', 'vendor_id', 'vendor_category_ids', 'store_category_ids'] as const;

const toId = (text: string): number | null => {
  const n = Number(text.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Repeated (?a=1&a=2) or comma-separated (?a=1,2) ids; junk is dropped, duplicates once. */
function readIds(params: URLSearchParams, key: string): number[] {
  const ids = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map(toId)
    .filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

export function readUrlFilters(params: URLSearchParams): UrlFilters {
  return {
    search: (params.get('search') ?? '').trim(),
    vendorId: toId(params.get('vendor_id') ?? ''),
    vendorCategoryIds: readIds(params, 'vendor_category_ids'),
    storeCategoryIds: readIds(params, 'store_category_ids'),
  };
}

/** The address for these filters; parameters the list does not own are kept as they were. */
export function writeUrlFilters(current: URLSearchParams, filters: UrlFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of URL_KEYS) next.delete(key);
  if (filters.search.trim()) next.set('search', filters.search.trim());
  if (filters.vendorId !== null) next.set('vendor_id', String(filters.vendorId));
  for (const id of filters.vendorCategoryIds) next.append('vendor_category_ids', String(id));
  for (const id of filters.storeCategoryIds) next.append('store_category_ids', String(id));
  return next;
}
