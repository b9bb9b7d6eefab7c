import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './types.js';
import { runSqliteInWorker } from './sqlite-worker-client.js';

/**
 * The product list's sort indexes (one per sortable column, id breaking ties). A large import
 * drops them and builds them again at the end: building an index over sorted rows is many times
 * faster than updating twenty B-trees on every insert. The unique SKU index and the category
 * and vendor indexes are never dropped; the upsert and the filters need them throughout.
 */
const SORT_COLUMNS = [
  'name', 'brand', 'mfn', 'stock', 'list_price', 'market_price', 'vendor_cost', 'special_price', 'weight', 'length',
  'width', 'height', 'google_category', 'published', 'featured', 'visibility', 'created_at', 'updated_at',
] as const;

const createStatements = () =>
  SORT_COLUMNS.map((c) => `create index if not exists products_${c}_idx on products (${c}, id)`);

export async function dropProductSortIndexes(db: Kysely<DB>) {
  for (const c of SORT_COLUMNS) await sql.raw(`drop index if exists products_${c}_idx`).execute(db);
}

/**
 * Builds whichever sort indexes are missing (after an import, or after a crash in the middle of
 * one). On SQLite the work runs in a worker thread with its own connection, so the event loop
 * keeps serving requests while a million rows are indexed.
 */
export async function ensureProductSortIndexes(database: Database, sqliteFile?: string, onIndex?: (done: number, total: number) => void) {
  const statements = createStatements();
  if (database.dialect === 'sqlite' && sqliteFile && sqliteFile !== ':memory:') {
    await runSqliteInWorker(sqliteFile, statements, onIndex);
    return;
  }
  for (const [i, statement] of statements.entries()) {
    await sql.raw(statement).execute(database.db);
    onIndex?.(i + 1, statements.length);
  }
}
