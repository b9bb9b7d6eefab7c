import type { Kysely } from 'kysely';
import { productFilterQuerySchema, type SortColumn } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/database.js';
import type { DB } from '../../../db/types.js';
import { planProductList } from './plan.js';

// Only a two-character search reads the database while planning (its trigram terms); these do not.
const noDatabase = {} as Kysely<DB>;
const plan = (dialect: Dialect, filter: Record<string, unknown>, sort?: SortColumn) =>
  planProductList(noDatabase, dialect, { filter: productFilterQuerySchema.parse(filter), sort, order: 'asc' });
const roads = async (...args: Parameters<typeof plan>) => {
  const { count, page } = await plan(...args);
  return { count: count.road, page: page.road };
};

describe('the list plan', () => {
  it('counts and pages a search alone from the search tables, on both engines', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      expect(await roads(dialect, { search: 'rope' })).toEqual({ count: 'search-table', page: 'search-table' });
      expect(await roads(dialect, { search: 'rope' }, 'id')).toEqual({ count: 'search-table', page: 'search-table' });
    }
    expect((await plan('sqlite', { search: 'rope' })).count).toEqual({ road: 'search-table', query: { match: '"rope"', variations: true } });
    expect((await plan('postgres', { search: ' Rope_1 ' })).count).toEqual({ road: 'search-table', query: { match: '%rope\\_1%', variations: true } });
    // Below a trigram PostgreSQL still reads its narrow table, and a variation's codes find nothing.
    expect((await plan('postgres', { search: 'qt' })).count).toEqual({ road: 'search-table', query: { match: '%qt%', variations: false } });
  });

  it('pages a search sorted by another column on the filtered road, still counting from the table', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      expect(await roads(dialect, { search: 'rope' }, 'name')).toEqual({ count: 'search-table', page: 'filtered' });
    }
  });

  it('merges two ordered runs for the whole catalogue sorted by a vendor or category name, on both engines', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const { page } = await plan(dialect, {}, 'vendor_category_name');
      expect(page).toEqual({ road: 'joined-name', name: { table: 'categories', key: 'vendor_category_id' } });
    }
    expect(await roads('sqlite', { published: 'true' }, 'vendor_name')).toEqual({ count: 'filtered', page: 'filtered' });
    expect(await roads('sqlite', {}, 'name')).toEqual({ count: 'filtered', page: 'filtered' });
  });

  it('takes the filtered road for a search with another filter', async () => {
    expect(await roads('sqlite', { search: 'rope', vendor_id: '3' })).toEqual({ count: 'filtered', page: 'filtered' });
    expect(await roads('postgres', { search: 'rope', vendor_id: '3' })).toEqual({ count: 'filtered', page: 'filtered' });
    expect(await roads('postgres', { search: 'qt' })).toEqual({ count: 'search-table', page: 'search-table' });
  });

  it('counts the whole catalogue, or it filtered by published or stock status alone, from the kept counts on PostgreSQL', async () => {
    const count = async (dialect: Dialect, filter: Record<string, unknown>) => (await plan(dialect, filter, 'name')).count;
    expect(await count('postgres', {})).toEqual({ road: 'listed-count', key: 'all' });
    expect(await count('postgres', { published: 'false' })).toEqual({ road: 'listed-count', key: 'published:0' });
    expect(await count('postgres', { stock_status: 'backorder' })).toEqual({ road: 'listed-count', key: 'stock_status:backorder' });
    expect(await count('postgres', { published: 'true', stock_status: 'in_stock' })).toEqual({ road: 'filtered' });
    expect(await count('postgres', { published: 'true', vendor_id: '2' })).toEqual({ road: 'filtered' });
    expect(await count('postgres', { vendor_id: '4' })).toEqual({ road: 'vendor-count', vendorId: 4 });
    expect(await count('postgres', { store_category_ids: '5,6' })).toEqual({ road: 'category-count', tree: 'store', ids: [5, 6] });
    expect(await count('postgres', { vendor_category_ids: '7', published: 'true' })).toEqual({ road: 'filtered' });
    expect(await count('sqlite', {})).toEqual({ road: 'filtered' });
  });

  it('counts a filter by tags alone from product_tags on both engines, and any other filter with them through the products', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const count = async (filter: Record<string, unknown>) => (await plan(dialect, filter)).count;
      expect(await count({ tags: ['Rope', 'ROPE', 'Deck'] })).toEqual({ road: 'tag-count', keys: ['rope', 'deck'] });
      expect(await count({ tags: ['Rope'], vendor_id: '2' })).toEqual({ road: 'filtered' });
      expect(await count({ tags: ['Rope'], search: 'line' })).toEqual({ road: 'filtered' });
    }
  });
});
