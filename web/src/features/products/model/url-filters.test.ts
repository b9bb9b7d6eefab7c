import { describe, expect, it } from 'vitest';
import { readUrlFilters, writeUrlFilters } from './url-filters';

const read = (query: string) => readUrlFilters(new URLSearchParams(query));

describe('URL filters', () => {
  it('reads search, vendor and repeated category ids', () => {
    expect(read('search=%20anchor%20&vendor_id=7&vendor_category_ids=3&vendor_category_ids=4&store_category_ids=9')).toEqual({
      search: 'anchor',
      vendor_id: 7,
      vendor_category_ids: [3, 4],
      store_category_ids: [9],
      tags: [],
      problem: null,
    });
  });

  it('accepts comma-separated ids and drops junk and duplicates', () => {
    expect(read('vendor_category_ids=3,4,x,-1,3&store_category_ids=&vendor_id=abc')).toEqual({
      search: '',
      vendor_id: null,
      vendor_category_ids: [3, 4],
      store_category_ids: [],
      tags: [],
      problem: null,
    });
  });

  it('writes repeated parameters and keeps parameters it does not own', () => {
    const next = writeUrlFilters(new URLSearchParams('tab=x&search=old&vendor_category_ids=1'), {
      search: 'cleat',
      vendor_id: 2,
      vendor_category_ids: [5, 6],
      store_category_ids: [8],
      tags: [],
      problem: null,
    });
    expect(next.toString()).toBe('tab=x&search=cleat&vendor_id=2&vendor_category_ids=5&vendor_category_ids=6&store_category_ids=8');
  });

  it('reads repeated tags as they are, never split on a comma; blanks dropped, a repeat in another case once', () => {
    expect(read('tags=Sale%2C%2050%25&tags=%20wool%20&tags=&tags=WOOL').tags).toEqual(['Sale, 50%', 'wool']);
    expect(writeUrlFilters(new URLSearchParams(), { ...read(''), tags: ['a, b', 'c'] }).toString()).toBe('tags=a%2C+b&tags=c');
  });

  it('leaves empty filters out of the address', () => {
    const next = writeUrlFilters(new URLSearchParams('search=a&vendor_id=2'), { search: ' ', vendor_id: null, vendor_category_ids: [], store_category_ids: [], tags: [], problem: null });
    expect(next.toString()).toBe('');
  });

  it('reads a quality problem by its name, and an unknown one as none', () => {
    expect(read('problem=below_margin').problem).toBe('below_margin');
    expect(read('problem=nonsense').problem).toBeNull();
    expect(writeUrlFilters(new URLSearchParams(), { ...read(''), problem: 'duplicate_gtin' }).toString()).toBe('problem=duplicate_gtin');
  });

  it('round-trips', () => {
    const filters = { search: 'rope & chain', vendor_id: 12, vendor_category_ids: [1, 2], store_category_ids: [3], tags: ['Sale, 50%', 'wool'], problem: 'no_image' as const };
    expect(readUrlFilters(writeUrlFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});
