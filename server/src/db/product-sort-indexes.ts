import { sql, type Kysely } from 'kysely';
import { VARIATION_LEVEL_FIELDS } from '@bosun/shared';
import type { Dialect } from './database.js';
import type { DB } from './types.js';
import { runSqliteInWorker } from './sqlite-worker-client.js';

/**
 * The product list's sort indexes (one per sortable column, id breaking ties) and the few
 * composite indexes that serve the list's filters. A large import drops them and builds them again
 * at the end: building an index over sorted rows is many times faster than updating twenty
 * B-trees on every insert. The unique SKU index is never dropped: the upsert needs it throughout.
 * No query names one of these indexes (no INDEXED BY): while an import has them dropped, the list
 * is slower, never wrong.
 */
export const SORT_COLUMNS = [
  'name', 'brand', 'mfn', 'stock', 'list_price', 'market_price', 'vendor_cost', 'special_price', 'weight', 'length',
  'width', 'height', 'google_category', 'published', 'featured', 'visibility', 'created_at', 'updated_at',
] as const;

/** Index name -> its columns in each dialect (undefined: the dialect needs no such index). */
const FILTER_INDEXES: Record<string, Record<Dialect, string | undefined>> = {
  // Deep pages in the default order (id) count their offset on 1M narrow entries, not wide rows.
  // PostgreSQL's primary key holds the variations too, so each entry cost a read of its row for
  // parent_id: 184 ms for page 20,000 of 20 at 1M products (migration 0029 adds it there).
  products_id_idx: { sqlite: '(id)', postgres: '(id)' },
  // The list sorted by SKU: the unique SKU index holds the variations too.
  products_sku_listed_idx: { sqlite: '(sku, id)', postgres: undefined },
  // 'sku starts with / is' (case-insensitive) as one index range, with stock for the stock filters beside it.
  // PostgreSQL reads an expression index alone only when it holds the columns under the expression
  // too: with sku included, 'stock > 10 and SKU starts with' counted 50k matches at 1M in 11 ms, not 237-360.
  // The id too on PostgreSQL (SQLite's entries hold it as the rowid): a stock filter with variations
  // asks each variable product's variations by its id (conditions.ts), and without it each match
  // was a read of its row: 'stock > 10 and SKU starts with' 121 ms at 1M with 300k variations, 14 without (migration 0049).
  products_sku_nocase_idx: { sqlite: '(sku collate nocase, stock, kind)', postgres: '(lower(sku) text_pattern_ops, stock, kind) include (sku, id)' },
  // A published filter with a created date range (the relative dates), counted from the index alone.
  products_published_created_at_idx: { sqlite: '(published, created_at)', postgres: '(published, created_at)' },
  // The stock_status filter and the dashboard's out-of-stock count (migration 0021).
  products_stock_status_idx: { sqlite: '(stock_status, id)', postgres: '(stock_status, id)' },
  // The completeness sort (issue 23): the checks passed, kept by triggers (migration 0044). Never
  // NULL; PostgreSQL's key says NULLs first only so that the list's ORDER BY (pageOrder) matches it.
  products_quality_passed_idx: { sqlite: '(quality_passed, id)', postgres: '(quality_passed nulls first, id)' },
};

/**
 * The migration that added an index's column, for the indexes added after migration 0020: the
 * earlier migrations that build the whole set (0018, 0020) run before that column exists.
 */
const ADDED_BY: Record<string, number> = {
  products_stock_status_idx: 21,
  products_quality_passed_idx: 44,
};

/**
 * The vendor and category indexes of migrations 0001 and 0002, also set aside on SQLite: each
 * imported row costs a random insert into all four (measured: 1.1 s of 2.7 s of inserting 100k rows),
 * building them afterwards a table scan each (about 0.1 s per 100k rows). Meanwhile the vendor and
 * category filters scan the table. The import itself never looks products up by these columns.
 */
const SQLITE_BULK_INDEXES: Record<string, string> = {
  // parent_id last: the list's queries read it (listed products only), so these answer them alone.
  products_vendor_idx: '(vendor_id, id, parent_id)',
  products_vendor_category_idx: '(vendor_category_id, id, parent_id)',
  products_store_category_idx: '(store_category_id, id, parent_id)',
  products_vendor_stock_idx: '(vendor_id, stock, parent_id)',
};

/**
 * The list shows products, never variations (issue 18): its indexes hold the listed rows only, so a
 * sort, a filter or a count walks exactly what the list may show, however many variations there
 * are. The vendor and category indexes stay whole: the foreign keys' deletes look products up by them.
 */
export const LISTED_PRODUCTS = 'parent_id is null';
/**
 * The partial index's own column list, with parent_id last: SQLite reads a query's columns from an
 * index only when the index holds every one of them, the parent_id its condition names too (NULL
 * in every entry, so it costs a byte), else every entry costs a read of the row as well.
 */
const listed = (columns: string) => {
  // A definition may end with an INCLUDE list: the partial index's condition goes after it.
  const include = columns.indexOf(') include (');
  const keys = include < 0 ? columns : columns.slice(0, include + 1);
  return `(${keys.slice(1, -1)}, parent_id)${include < 0 ? '' : columns.slice(include + 1)} where ${LISTED_PRODUCTS}`;
};

/**
 * A stock or price filter asks a variable product's variations instead of its own figures
 * (list-query/conditions.ts: anyVariationCondition), which reads `kind`: the indexes on those
 * columns hold it, so the filter is still answered from the index (without it, a 'stock > 10 and
 * SKU starts with' count read every row of its SKU range: 4x slower at 100k with variants).
 */
export const KIND_HOLDING_INDEXES = [...VARIATION_LEVEL_FIELDS.map((c) => `products_${c}_idx`), 'products_sku_nocase_idx'];
/**
 * The list sorts NULLs as the smallest value: `c asc nulls first, id asc` and `c desc nulls last,
 * id desc` (products.repository.ts). SQLite's indexes keep that order; a PostgreSQL index keeps
 * NULLs last unless told, and PostgreSQL walks an index for an ORDER BY only when the NULLs' place
 * matches: with plain (c, id) indexes every sorted page was a top-N sort of every listed product
 * (30-48 ms at 100k, measured). `c nulls first` serves the ascending order forwards and the
 * descending one backwards.
 */
const sortKey = (c: string, dialect: Dialect) => (dialect === 'postgres' ? `${c} nulls first` : c);
const sortColumns = (c: string, dialect: Dialect) =>
  (VARIATION_LEVEL_FIELDS as readonly string[]).includes(c) ? `(${sortKey(c, dialect)}, id, kind)` : `(${sortKey(c, dialect)}, id)`;

const setAside = (dialect: Dialect, asOfMigration = Infinity): Array<[name: string, definition: string]> => [
  ...SORT_COLUMNS.map((c): [string, string] => [`products_${c}_idx`, listed(sortColumns(c, dialect))]),
  ...Object.entries(FILTER_INDEXES).flatMap(([name, columns]): Array<[string, string]> =>
    columns[dialect] && (ADDED_BY[name] ?? 0) <= asOfMigration ? [[name, listed(columns[dialect])]] : [],
  ),
  ...(dialect === 'sqlite' ? Object.entries(SQLITE_BULK_INDEXES) : []),
];

const createStatements = (dialect: Dialect, asOfMigration?: number) =>
  setAside(dialect, asOfMigration).map(([name, definition]) => `create index if not exists ${name} on products ${definition}`);

/** The set as a migration before the newest builds it (0018, 0020): without the indexes of columns added later. */
export async function ensureProductSortIndexesAsOf(db: Kysely<DB>, dialect: Dialect, migration: number) {
  for (const statement of createStatements(dialect, migration)) await sql.raw(statement).execute(db);
}

/**
 * Sets the indexes aside for a large import. `writes`: the only columns the import writes (an
 * update that creates no product, such as a stock-and-price feed); then only the indexes holding
 * one of them are set aside, as only they would be updated row by row: rebuilding the name, brand
 * and category indexes too cost a stock feed of 100k rows against 100k products 5 s of its 16.
 */
export async function dropProductSortIndexes(db: Kysely<DB>, dialect: Dialect, writes?: readonly string[]) {
  const written = writes && new RegExp(`\\b(${writes.join('|')})\\b`);
  for (const [name, definition] of setAside(dialect)) {
    if (!written || written.test(definition)) await sql.raw(`drop index if exists ${name}`).execute(db);
  }
}

/**
 * Builds whichever sort indexes are missing (after an import, or after a crash in the middle of
 * one). On SQLite the work runs in a worker thread with its own connection, so the event loop
 * keeps serving requests while a million rows are indexed.
 */
export async function ensureProductSortIndexes(db: Kysely<DB>, dialect: Dialect, sqliteFile?: string, onIndex?: (done: number, total: number) => void) {
  const statements = createStatements(dialect);
  if (dialect === 'sqlite' && sqliteFile && sqliteFile !== ':memory:') {
    await runSqliteInWorker(sqliteFile, statements, onIndex);
    return;
  }
  for (const [i, statement] of statements.entries()) {
    await sql.raw(statement).execute(db);
    onIndex?.(i + 1, statements.length);
  }
}
