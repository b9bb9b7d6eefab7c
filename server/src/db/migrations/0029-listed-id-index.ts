import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { ensureProductSortIndexesAsOf } from '../product-sort-indexes.js';

/**
 * PostgreSQL gets the listed products' id index SQLite has had (product-sort-indexes.ts,
 * products_id_idx): deep pages in the default order walk it alone, without reading each row
 * for its parent_id. A database made after this change has it from migration 0018 on.
 */
export function listedIdIndexMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await ensureProductSortIndexesAsOf(db, dialect, 29);
    },
  };
}
