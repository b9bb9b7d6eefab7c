import type Database from 'better-sqlite3';
import { parentStockStatus, parentStockTotal } from './variation-stock-sql.js';
import { searchedTags } from './product-search-text.js';
import { bulkRecords, RECORD_TRIGGERS } from './sqlite-bulk-records.js';

/**
 * Every write to products runs eight sets of row triggers: the FTS5 trigram index (migration
 * 0004), the category counts (0003), the vendor counts (0007), a variation's parent's totals (0017),
 * the variations' trigram index (0018), the tag keys (0022), the history (0023) and the quality
 * bits (0038); together they cost more than the insert itself. A bulk write drops them inside its own transaction, writes the rows, brings the
 * search index and the counts up to date with set-based statements over exactly the rows it
 * touched, and creates the triggers again before it commits. DDL is transactional in SQLite, so
 * no other connection ever sees the triggers missing (they only see committed data), and a write
 * that fails, or a server that dies, rolls the drop back with everything else.
 *
 * The touched rows are the ones stored before (their ids are given: their old contribution to the
 * index and the counts is taken out first) and the new ones (ids above the largest id before the write:
 * AUTOINCREMENT never reuses an id). The net effect on the index and the counts is the triggers',
 * applied once per batch instead of once per row.
 */
const SUSPENDED_TRIGGERS = [
  'products_search_insert', 'products_search_delete', 'products_search_update',
  'products_category_count_insert', 'products_category_count_delete', 'products_category_count_update',
  'vendors_count_product_insert', 'vendors_count_product_delete', 'vendors_count_product_update',
  // Variations (migrations 0017 and 0018): a parent's totals once per batch, not once per variation.
  'products_variation_totals_insert', 'products_variation_totals_delete', 'products_variation_totals_update',
  'variations_search_insert', 'variations_search_delete', 'variations_search_update',
  // Tags (migration 0022): the touched products' tag keys once per batch.
  'product_tags_insert', 'product_tags_update',
  // The history (migration 0023) and the quality bits (0038): sqlite-bulk-records.ts.
  ...RECORD_TRIGGERS,
];

const ofVariations = (aggregate: string) => `(select ${aggregate} from products v where v.parent_id = products.id)`;
/** A variable product's figures, set from its variations' (bulkProducts: updateTotals). */
const PARENT_TOTALS: Readonly<Record<string, string>> = {
  stock: parentStockTotal('products.id'),
  stock_status: parentStockStatus('products.id'),
  list_price: ofVariations('min(v.list_price)'),
  variation_price_max: ofVariations('max(v.list_price)'),
  variation_count: ofVariations('count(*)'),
};
/** The columns a bulk write sets on the parents of the variations it wrote. */
export const PARENT_TOTAL_COLUMNS: readonly string[] = Object.keys(PARENT_TOTALS);

/** How many of the rows counted share these columns (grouped in SQL: a 100k-row batch read row by row into JS took 0.5 s a pass). */
interface Contribution {
  vendor_category_id: number | null;
  store_category_id: number | null;
  vendor_id: number | null;
  stock_status: string;
  n: number;
}

/**
 * What a bulk write leaves as it is, so that the batch need not redo it. search: the write sets
 * none of SEARCHED_COLUMNS on a stored row (a stock-and-price feed), whose search entries and tag
 * keys then stay as they are. quality: the write sets the quality bits and the checks passed itself
 * and changes no GTIN and nothing a parent's bits read (a category mapping), so the bits, checks
 * passed, GTIN keys and counts stay.
 * columns: the only columns the write sets on stored rows (a bulk edit knows them): the history
 * compares only these, and the search entries, the category and vendor counts and the GTIN keys
 * are left as they are when it sets none of theirs.
 */
export interface BulkKept {
  search?: boolean;
  quality?: boolean;
  columns?: readonly string[];
}

/** Runs write (which only inserts products or updates those with storedIds) with the triggers set aside. Inside a transaction. */
export type BulkProductWrite = <T>(storedIds: number[], write: () => T, kept?: BulkKept) => T;

/**
 * The columns the category and vendor counts are made of; and stock, which moves a variable
 * product's status (its variations' totals).
 */
const COUNTED_COLUMNS = ['vendor_category_id', 'store_category_id', 'vendor_id', 'stock_status'];
const setsAny = (written: readonly string[] | undefined, columns: readonly string[]) => written === undefined || written.some((c) => columns.includes(c));

/** The columns the search indexes and the tag keys are made of, and the one that says which index a row is in. */
export const SEARCHED_COLUMNS: readonly string[] = ['name', 'sku', 'mfn', 'gtin', 'brand', 'tags', 'parent_id'];

const perConnection = new WeakMap<Database.Database, BulkProductWrite>();

/** bulkProducts of a connection, prepared once: the server's own connection writes many bulk changes (category mappings). */
export function connectionBulkProducts(db: Database.Database): BulkProductWrite {
  let bulk = perConnection.get(db);
  if (!bulk) perConnection.set(db, (bulk = bulkProducts(db)));
  return bulk;
}

export function bulkProducts(db: Database.Database): BulkProductWrite {
  const triggers = db
    .prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'products' and name in (${SUSPENDED_TRIGGERS.map(() => '?').join(', ')})`)
    .all(...SUSPENDED_TRIGGERS) as Array<{ name: string; sql: string }>;
  // Anything but the exact set (a later migration renamed or replaced one) keeps the triggers.
  if (triggers.length !== SUSPENDED_TRIGGERS.length) return (_storedIds, write) => write();

  const maxId = db.prepare('select coalesce(max(id), 0) from products').pluck();
  const records = bulkRecords(db);
  const touched = '(id in (select value from json_each(@ids)) or id > @after)';
  const counted = COUNTED_COLUMNS.join(', ');
  const contributions = db.prepare(`select ${counted}, count(*) as n from products where ${touched} group by ${counted}`);
  const oldContributions = db.prepare(`select ${counted}, count(*) as n from products where id in (select value from json_each(?)) group by ${counted}`);
  const unindex = db.prepare(
    `insert into products_search(products_search, rowid, name, sku, mfn, gtin, brand, tags)
     select 'delete', id, name, sku, mfn, gtin, brand, ${searchedTags('tags')} from products where id in (select value from json_each(?)) and parent_id is null`,
  );
  // The trigram table holds the listed products only (migration 0018), as its triggers do.
  const index = db.prepare(`insert into products_search(rowid, name, sku, mfn, gtin, brand, tags) select id, name, sku, mfn, gtin, brand, ${searchedTags('tags')} from products where ${touched} and parent_id is null`);
  // What the tag triggers of migration 0022 do, for the whole batch: the stored rows' keys go, the
  // touched listed rows' keys are written again.
  const untag = db.prepare('delete from product_tags where product_id in (select value from json_each(?))');
  const tag = db.prepare(
    `insert or ignore into product_tags (product_id, tag) select p.id, lower(t.value) from products p, json_each(p.tags) t
     where (p.id in (select value from json_each(@ids)) or p.id > @after) and p.tags <> '[]' and p.parent_id is null`,
  );
  const unindexVariations = db.prepare(
    `insert into variations_search(variations_search, rowid, sku, mfn, gtin)
     select 'delete', id, sku, mfn, gtin from products where id in (select value from json_each(?)) and parent_id is not null`,
  );
  const indexVariations = db.prepare(`insert into variations_search(rowid, sku, mfn, gtin) select id, sku, mfn, gtin from products where ${touched} and parent_id is not null`);
  const parentsOfTouched = db.prepare(`select distinct parent_id from products where ${touched} and parent_id is not null`).pluck();
  // What the totals triggers of migrations 0017 and 0021 do, for every parent of the batch at once.
  const updateTotals = db.prepare(
    `update products set ${Object.entries(PARENT_TOTALS).map(([column, value]) => `${column} = ${value}`).join(', ')} where id in (select value from json_each(?))`,
  );
  const addToCategory = db.prepare('update categories set direct_product_count = direct_product_count + ? where id = ?');
  const addToVendor = db.prepare('update vendors set product_count = product_count + ?, in_stock_count = in_stock_count + ? where id = ?');

  const tally = (rows: Contribution[], sign: number, categories: Map<number, number>, vendors: Map<number, [number, number]>) => {
    for (const r of rows) {
      const by = sign * r.n;
      if (r.vendor_category_id !== null) categories.set(r.vendor_category_id, (categories.get(r.vendor_category_id) ?? 0) + by);
      if (r.store_category_id !== null) categories.set(r.store_category_id, (categories.get(r.store_category_id) ?? 0) + by);
      if (r.vendor_id !== null) {
        const v = vendors.get(r.vendor_id) ?? [0, 0];
        v[0] += by;
        if (r.stock_status === 'in_stock') v[1] += by;
        vendors.set(r.vendor_id, v);
      }
    }
  };

  return (storedIds, write, kept = {}) => {
    const written = kept.columns;
    const searchKept = kept.search ?? !setsAny(written, SEARCHED_COLUMNS);
    const countsKept = !setsAny(written, [...COUNTED_COLUMNS, 'stock']);
    if (!db.inTransaction) throw new Error('bulk product writes need a transaction');
    const after = maxId.get() as number;
    const ids = JSON.stringify(storedIds);
    // Taking a stored row's entries out of the trigram index and putting them back is most of a
    // feed's bulk overhead (5k rows: 200 ms a batch); with searchKept only the new rows are indexed.
    const reindexed = searchKept ? '[]' : ids;
    const categories = new Map<number, number>();
    const vendors = new Map<number, [number, number]>();
    if (!countsKept) tally(oldContributions.all(ids) as Contribution[], -1, categories, vendors);
    unindex.run(reindexed);
    unindexVariations.run(reindexed);
    records.snapshot(ids, written);
    for (const t of triggers) db.exec(`drop trigger ${t.name}`);
    const result = write();
    // The parents of the variations written take their new totals; one the batch did not write
    // itself changes its stock, so its contribution to the vendor's counts is taken out first.
    const parents = parentsOfTouched.all({ ids, after }) as number[];
    const stored = new Set(storedIds);
    const parentsAlone = JSON.stringify(parents.filter((id) => id <= after && !stored.has(id)));
    tally(oldContributions.all(parentsAlone) as Contribution[], -1, categories, vendors);
    updateTotals.run(JSON.stringify(parents));
    records.record(ids, after, JSON.stringify(parents), kept.quality ?? false, written);
    for (const t of triggers) db.exec(t.sql);
    index.run({ ids: reindexed, after });
    indexVariations.run({ ids: reindexed, after });
    untag.run(reindexed);
    tag.run({ ids: reindexed, after });
    if (!countsKept) tally(contributions.all({ ids, after }) as Contribution[], 1, categories, vendors);
    tally(oldContributions.all(parentsAlone) as Contribution[], 1, categories, vendors);
    for (const [id, n] of categories) if (n !== 0) addToCategory.run(n, id);
    for (const [id, [n, s]] of vendors) if (n !== 0 || s !== 0) addToVendor.run(n, s, id);
    return result;
  };
}
