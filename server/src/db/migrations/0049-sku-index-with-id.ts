import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { ensureProductSortIndexesAsOf } from '../product-sort-indexes.js';

/**
 * PostgreSQL's SKU filter index again, holding the product's id too (product-sort-indexes.ts,
 * products_sku_nocase_idx), so that a stock or price filter beside 'SKU starts with' is answered
 * from the index alone when some products are variable: their variations are looked up by the id.
 */
export function skuIndexWithIdMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`drop index if exists products_sku_nocase_idx`.execute(db);
      await ensureProductSortIndexesAsOf(db, dialect, 49);
    },
  };
}
