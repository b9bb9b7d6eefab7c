import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SORT_COLUMNS } from '../../db/product-sort-indexes.js';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import { startsWithText } from './list-query/text-match.js';
import { pageOrder } from './products.repository.js';

/**
 * PostgreSQL walks a sort index for the list's order (NULLs as the smallest value: first ascending,
 * last descending, products.repository.ts pageOrder) only when the index keeps NULLs there too; the
 * SKU, never NULL, is sorted by its unique index. Table scans are switched off so that the plan shows what the index can serve: a Sort node
 * means the index's order is not the list's. SQLite's indexes keep that order by themselves.
 */
const t = setupTestApp();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)("the list's sort on PostgreSQL", () => {
  it('reads each sort column in both directions from its index, with no sort of the rows', async () => {
    const db = t.database.db;
    for (let i = 0; i < 20; i++) await insertProduct(db, { sku: `SP-${i}`, brand: i % 3 ? `Brand ${i}` : null, list_price: i % 4 ? i : null });
    // Enough rows, counted, that reading 50 in an index's order beats sorting them all, as in a shop:
    // the SKU's unique index is not partial, so on a handful of rows a listed-only index and a sort cost less.
    await sql`insert into products (sku, name, created_at, updated_at) select 'SPG-' || i, 'Bulk ' || i, '2026-01-01', '2026-01-01' from generate_series(1, 5000) i`.execute(db);
    await sql`analyze products`.execute(db);
    const sorts: string[] = [];
    await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      // completeness: the checks passed, stored (migration 0044).
      for (const column of [...SORT_COLUMNS, 'sku' as const, 'completeness' as const]) {
        const index = column === 'sku' ? 'products_sku_uq' : column === 'completeness' ? 'products_quality_passed_idx' : `products_${column}_idx`;
        for (const order of ['asc', 'desc'] as const) {
          const terms = pageOrder({ dialect: 'postgres', sort: column, sortColumn: column, order });
          const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select p.id from products p where p.parent_id is null
            order by ${sql.join(terms)} limit 50`.execute(trx);
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          if (/\bSort\b/.test(plan) || !plan.includes(index)) sorts.push(`${column} ${order}:\n${plan}`);
        }
      }
    });
    expect(sorts).toEqual([]);
  });

  it("walks the listed products' id index alone for a deep page in the default order", async () => {
    // Settled as a shop's table is (autovacuum): an index-only scan needs the visibility map.
    await sql`vacuum analyze products`.execute(t.database.db);
    const terms = pageOrder({ dialect: 'postgres', sort: undefined, sortColumn: undefined, order: 'asc' });
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select p.id from products p where p.parent_id is null
      order by ${sql.join(terms)} limit 20 offset 4000`.execute(t.database.db);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Only Scan Backward using products_id_idx');
  });

  it("counts 'SKU starts with' and a stock filter from the SKU index alone, reading no row", async () => {
    const db = t.database.db;
    await sql`vacuum analyze products`.execute(db);
    await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from products p
        where p.parent_id is null and p.stock > 10 and ${startsWithText('postgres', 'sku', 'SPG-1')}`.execute(trx);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Only Scan using products_sku_nocase_idx');
      expect(plan).not.toContain('Filter');
    });
  });
});
