import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { ensureProductSortIndexesAsOf } from '../product-sort-indexes.js';

/**
 * PostgreSQL's SKU filter index again, holding the SKU itself too (product-sort-indexes.ts,
 * products_sku_nocase_idx), so that 'SKU starts with' is counted from the index alone.
 */
export function skuIndexIncludeMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`drop index if exists products_sku_nocase_idx`.execute(db);
      await ensureProductSortIndexesAsOf(db, dialect, 31);
    },
  };
}
