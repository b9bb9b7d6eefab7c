import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { ensureProductSortIndexesAsOf, KIND_HOLDING_INDEXES } from '../product-sort-indexes.js';

/** The stock, price and SKU-prefix indexes built again with `kind` in them (product-sort-indexes.ts). */
export function variationFilterIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      for (const name of KIND_HOLDING_INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
      await ensureProductSortIndexesAsOf(db, dialect, 20);
    },
  };
}
