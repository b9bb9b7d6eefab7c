import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from './database.js';
import type { DB } from './types.js';
import { runSqliteInWorker } from './sqlite-worker-client.js';

/**
 * The product list's sort indexes (one per sortable column, id breaking ties) and the few
 * composite indexes that serve the list's filters. A large import drops them and builds them again
 * at the end: building an index over sorted rows is many times faster than updating twenty
 * B-trees on every insert. The unique SKU index and the category and vendor indexes are never
 * dropped; the upsert and the filters need them throughout. No query names one of these indexes
 * (no INDEXED BY): while an import has them dropped, the list is slower, never wrong.
 */
const SORT_COLUMNS = [
  'name', 'brand', 'mfn', 'stock', 'list_price', 'market_price', 'vendor_cost', 'special_price', 'weight', 'length',
  'width', 'height', 'google_category', 'published', 'featured', 'visibility', 'created_at', 'updated_at',
] as const;

/** Index name -> its columns in each dialect (undefined: the dialect needs no such index). */
const FILTER_INDEXES: Record<string, Record<Dialect, string | undefined>> = {
  // Deep pages in the default order (id) count their offset on 1M narrow entries, not wide rows.
  // PostgreSQL's primary key index already is that.
  products_id_idx: { sqlite: '(id)', postgres: undefined },
  // 'sku starts with / is' (case-insensitive) as one index range, with stock for the stock filters beside it.
  products_sku_nocase_idx: { sqlite: '(sku collate nocase, stock)', postgres: '(lower(sku) text_pattern_ops, stock)' },
  // A published filter with a created date range (the relative dates), counted from the index alone.
  products_published_created_at_idx: { sqlite: '(published, created_at)', postgres: '(published, created_at)' },
};

const INDEX_NAMES = [...SORT_COLUMNS.map((c) => `products_${c}_idx`), ...Object.keys(FILTER_INDEXES)];

const createStatements = (dialect: Dialect) => [
  ...SORT_COLUMNS.map((c) => `create index if not exists products_${c}_idx on products (${c}, id)`),
  ...Object.entries(FILTER_INDEXES).flatMap(([name, columns]) =>
    columns[dialect] ? [`create index if not exists ${name} on products ${columns[dialect]}`] : [],
  ),
];

export async function dropProductSortIndexes(db: Kysely<DB>) {
  for (const name of INDEX_NAMES) await sql.raw(`drop index if exists ${name}`).execute(db);
}

/**
 * Builds whichever sort indexes are missing (after an import, or after a crash in the middle of
 * one). On SQLite the work runs in a worker thread with its own connection, so the event loop
 * keeps serving requests while a million rows are indexed.
 */
export async function ensureProductSortIndexes(database: Database, sqliteFile?: string, onIndex?: (done: number, total: number) => void) {
  const statements = createStatements(database.dialect);
  if (database.dialect === 'sqlite' && sqliteFile && sqliteFile !== ':memory:') {
    await runSqliteInWorker(sqliteFile, statements, onIndex);
    return;
  }
  for (const [i, statement] of statements.entries()) {
    await sql.raw(statement).execute(database.db);
    onIndex?.(i + 1, statements.length);
  }
}
