import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL: the tables whose counts triggers rewrite on every product write (categories' direct
 * counts, vendors' counts, the list's counts) keep half of each page free, so that a new version
 * of a row goes in its own page (a HOT update) and the old one is pruned there. At the default
 * fill, every import batch left the rows it counted somewhere new: after a 1M-product load the
 * 5,000 categories took 51 MB, and the tree's count query read all of it (58 ms, EXPLAIN ANALYZE);
 * packed again at half fill they took 2 MB (3-6 ms) and stayed so through 100 counting updates.
 * CLUSTER rewrites each table once at the new fill (a short exclusive lock: the tables are small).
 */
const TABLES = [
  ['categories', 'categories_pkey'],
  ['vendors', 'vendors_pkey'],
  ['listed_product_counts', 'listed_product_counts_pkey'],
] as const;

export function countTablesFillfactorMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const [table, key] of TABLES) {
        await sql`alter table ${sql.table(table)} set (fillfactor = 50)`.execute(db);
        await sql`cluster ${sql.table(table)} using ${sql.id(key)}`.execute(db);
      }
    },
  };
}
