import { describe, expect, it } from 'vitest';
import { vendorFixture } from './testing/vendor-fixture';
import { DEFAULT_VENDOR_LIST_OPTIONS, selectVendors, vendorTotals } from './vendor-list-options';

const vendors = [
  vendorFixture({ id: 1, name: 'keel & Co', status: 'inactive', product_count: 40, category_count: 2, created_at: '2025-02-01T00:00:00Z' }),
  vendorFixture({ id: 2, name: 'Anchor Supply', email: 'sales@anchor.test', product_count: 5, category_count: 1, created_at: '2025-03-01T00:00:00Z' }),
  vendorFixture({ id: 3, name: 'Buoy Works', contact_person: 'Maria KEELING', status: 'pending', product_count: 40, created_at: '2025-01-01T00:00:00Z' }),
  vendorFixture({ id: 4, name: 'Deck Hardware 10', email: 'hello@deck.test', product_count: 0, created_at: '2025-04-01T00:00:00Z' }),
  vendorFixture({ id: 5, name: 'Deck Hardware 9', status: 'active', product_count: 1, category_count: 3, created_at: '2025-04-02T00:00:00Z' }),
];

const names = (list: { name: string }[]) => list.map((v) => v.name);
const select = (options: Partial<Parameters<typeof selectVendors>[1]>) =>
  selectVendors(vendors, { search: '', status: 'all', sortBy: 'name', sortDirection: 'asc', ...options });

describe('selectVendors', () => {
  it('sorts by name ascending by default, ignoring case and reading numbers as numbers', () => {
    expect(DEFAULT_VENDOR_LIST_OPTIONS).toEqual({ view: 'grid', sortBy: 'name', sortDirection: 'asc', status: 'all' });
    expect(names(select({}))).toEqual(['Anchor Supply', 'Buoy Works', 'Deck Hardware 9', 'Deck Hardware 10', 'keel & Co']);
    expect(names(select({ sortDirection: 'desc' }))).toEqual(['keel & Co', 'Deck Hardware 10', 'Deck Hardware 9', 'Buoy Works', 'Anchor Supply']);
  });

  it('searches name, email and contact person, case-insensitively, and nothing else', () => {
    expect(names(select({ search: 'KEEL' }))).toEqual(['Buoy Works', 'keel & Co']);
    expect(names(select({ search: 'anchor.test' }))).toEqual(['Anchor Supply']);
    expect(names(select({ search: '  deck ' }))).toEqual(['Deck Hardware 9', 'Deck Hardware 10']);
    expect(select({ search: 'pending' })).toEqual([]);
  });

  it('filters by status and combines the filter with the search', () => {
    expect(names(select({ status: 'active' }))).toEqual(['Anchor Supply', 'Deck Hardware 9', 'Deck Hardware 10']);
    expect(names(select({ status: 'inactive' }))).toEqual(['keel & Co']);
    expect(names(select({ status: 'pending', search: 'keel' }))).toEqual(['Buoy Works']);
    expect(select({ status: 'inactive', search: 'buoy' })).toEqual([]);
  });

  it('sorts by products, status and date added, ties broken by name', () => {
    expect(names(select({ sortBy: 'products' }))).toEqual(['Deck Hardware 10', 'Deck Hardware 9', 'Anchor Supply', 'Buoy Works', 'keel & Co']);
    expect(names(select({ sortBy: 'products', sortDirection: 'desc' }))).toEqual(['Buoy Works', 'keel & Co', 'Anchor Supply', 'Deck Hardware 9', 'Deck Hardware 10']);
    expect(names(select({ sortBy: 'status' }))).toEqual(['Anchor Supply', 'Deck Hardware 9', 'Deck Hardware 10', 'keel & Co', 'Buoy Works']);
    expect(names(select({ sortBy: 'created_at' }))).toEqual(['Buoy Works', 'keel & Co', 'Anchor Supply', 'Deck Hardware 10', 'Deck Hardware 9']);
    expect(names(select({ sortBy: 'created_at', sortDirection: 'desc' }))).toEqual(['Deck Hardware 9', 'Deck Hardware 10', 'Anchor Supply', 'keel & Co', 'Buoy Works']);
  });

  it('leaves the given list alone', () => {
    const before = names(vendors);
    select({ sortDirection: 'desc' });
    expect(names(vendors)).toEqual(before);
  });
});

describe('vendorTotals', () => {
  it('counts every vendor, the active ones, and sums products and categories', () => {
    expect(vendorTotals(vendors)).toEqual({ totalVendors: 5, activeVendors: 3, totalProducts: 86, totalCategories: 6 });
    expect(vendorTotals([])).toEqual({ totalVendors: 0, activeVendors: 0, totalProducts: 0, totalCategories: 0 });
  });
});
