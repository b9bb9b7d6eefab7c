import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/test-app.js';
import { dropProductSortIndexes, ensureProductSortIndexes } from './product-sort-indexes.js';

const t = setupTestApp();

async function productIndexes(): Promise<string[]> {
  const query = t.database.dialect === 'sqlite'
    ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'products' and name like 'products\_%\_idx' escape '\\'`
    : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'products' and indexname like 'products\_%\_idx'`;
  return (await query.execute(t.database.db)).rows.map((r) => r.name).sort();
}

describe('setting the list indexes aside for a large import', () => {
  it('sets aside only the indexes holding a column the import writes, when it names them, and builds them again', async () => {
    const all = await productIndexes();
    await dropProductSortIndexes(t.database.db, t.database.dialect, ['stock', 'list_price']);
    const kept = await productIndexes();
    const setAside = all.filter((name) => !kept.includes(name));
    expect(setAside).toEqual(expect.arrayContaining(['products_stock_idx', 'products_list_price_idx', 'products_sku_nocase_idx']));
    // A column's name inside another's is not that column: stock_status is not stock.
    expect(kept).toEqual(expect.arrayContaining(['products_name_idx', 'products_brand_idx', 'products_stock_status_idx', 'products_market_price_idx']));

    await ensureProductSortIndexes(t.database.db, t.database.dialect);
    expect(await productIndexes()).toEqual(all);
    await dropProductSortIndexes(t.database.db, t.database.dialect);
    expect((await productIndexes()).filter((name) => ['products_name_idx', 'products_stock_idx'].includes(name))).toEqual([]);
    await ensureProductSortIndexes(t.database.db, t.database.dialect);
    expect(await productIndexes()).toEqual(all);
  });
});
