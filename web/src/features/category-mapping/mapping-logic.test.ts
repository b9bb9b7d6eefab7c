import { describe, expect, it } from 'vitest';
import { mappingSummaryText } from './mapping-logic';

describe('mappingSummaryText', () => {
  it('says how many vendor categories are unmapped and what share of the products has a shop category, in the right number', () => {
    expect(mappingSummaryText({ categories: 4, unmapped: 2, products: 16, with_store_category: 8 })).toBe('2 of 4 vendor categories unmapped · 50% of 16 products have a shop category');
    expect(mappingSummaryText({ categories: 1, unmapped: 0, products: 1, with_store_category: 1 })).toBe('0 of 1 vendor category unmapped · 100% of 1 product has a shop category');
  });
});
