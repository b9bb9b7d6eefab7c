import { describe, expect, it } from 'vitest';
import { newFilterRow } from './advanced-filter-rows';
import { activeFilterCount, type ListFilterState } from './list-filter';
import { EMPTY_URL_FILTERS } from './url-filters';

const none: ListFilterState = { url: { ...EMPTY_URL_FILTERS }, stockStatus: '', published: '', filterRows: [] };

describe('activeFilterCount', () => {
  it('is 0 with no filter, the search apart', () => {
    expect(activeFilterCount(none)).toBe(0);
    expect(activeFilterCount({ ...none, url: { ...EMPTY_URL_FILTERS, search: 'rope' } })).toBe(0);
  });

  it('counts the vendor, each category picker, stock, status, the tags and each complete advanced row', () => {
    const complete = { ...newFilterRow(), column: 'brand', operator: 'contains', value: 'Lewmar' };
    const unfinished = { ...newFilterRow(), column: 'brand' };
    const state: ListFilterState = {
      url: { ...EMPTY_URL_FILTERS, vendor_id: 2, vendor_category_ids: [5, 6], store_category_ids: [9], tags: ['sale', 'new'] },
      stockStatus: 'out_of_stock',
      published: 'draft',
      filterRows: [complete, unfinished],
    };
    expect(activeFilterCount(state)).toBe(7);
  });
});
