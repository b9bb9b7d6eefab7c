import { describe, expect, it } from 'vitest';
import { formatCount, plural, pluralWord, wasWere } from './count-text.js';
import { fieldLabel } from './product-filters.js';

describe('count texts', () => {
  it('separates thousands', () => {
    expect([0, 999, 1000, 20_000, 1_234_567].map(formatCount)).toEqual(['0', '999', '1,000', '20,000', '1,234,567']);
  });

  it('says one thing for 1 and many things for 0, 2 and more', () => {
    expect([0, 1, 2, 20_000].map((n) => plural(n, 'row'))).toEqual(['0 rows', '1 row', '2 rows', '20,000 rows']);
    expect([1, 3].map((n) => plural(n, 'category', 'categories'))).toEqual(['1 category', '3 categories']);
    expect([1, 2].map((n) => pluralWord(n, 'error'))).toEqual(['error', 'errors']);
    expect([1, 2].map((n) => `${plural(n, 'row')} ${wasWere(n)} not imported`)).toEqual(['1 row was not imported', '2 rows were not imported']);
  });

  it('names fields by their label, never by their code name', () => {
    expect(fieldLabel('list_price')).toBe('List Price');
    expect(fieldLabel('special_price')).toBe('Special Price');
    expect(fieldLabel('stock_status')).toBe('Stock status');
  });
});
