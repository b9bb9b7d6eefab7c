import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SORT_COLUMNS } from '../../db/product-sort-indexes.js';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/**
 * PostgreSQL walks a sort index for the list's order (NULLs as the smallest value: first ascending,
 * last descending, products.repository.ts findProductsPage) only when the index keeps NULLs there
 * too. Table scans are switched off so that the plan shows what the index can serve: a Sort node
 * means the index's order is not the list's. SQLite's indexes keep that order by themselves.
 */
const t = setupTestApp();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)("the list's sort on PostgreSQL", () => {
  it('reads each sort column in both directions from its index, with no sort of the rows', async () => {
    const db = t.database.db;
    for (let i = 0; i < 20; i++) await insertProduct(db, { sku: `SP-${i}`, brand: i % 3 ? `Brand ${i}` : null, list_price: i % 4 ? i : null });
    const sorts: string[] = [];
    await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      for (const column of SORT_COLUMNS) {
        for (const order of ['asc nulls first', 'desc nulls last']) {
          const direction = order.split(' ')[0]!;
          const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select p.id from products p where p.parent_id is null
            order by ${sql.ref(`p.${column}`)} ${sql.raw(order)}, p.id ${sql.raw(direction)} limit 50`.execute(trx);
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          if (/\bSort\b/.test(plan) || !plan.includes(`products_${column}_idx`)) sorts.push(`${column} ${order}:\n${plan}`);
        }
      }
    });
    expect(sorts).toEqual([]);
  });
});
