import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { ensureProductSortIndexesAsOf, SORT_COLUMNS } from '../product-sort-indexes.js';

/**
 * PostgreSQL's sort indexes again, with NULLs first (product-sort-indexes.ts: sortKey), so that a
 * sorted page of the list walks its index instead of sorting every listed product. SQLite's keep
 * NULLs first already: nothing to do there.
 */
export function sortIndexesNullsFirstMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const column of SORT_COLUMNS) await sql.raw(`drop index if exists products_${column}_idx`).execute(db);
      await ensureProductSortIndexesAsOf(db, dialect, 26);
    },
  };
}
