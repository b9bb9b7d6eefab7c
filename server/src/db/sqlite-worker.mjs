// Long SQLite work on its own connection in a worker thread, so the main thread's event loop is
// never blocked by it. Plain JavaScript: workers load it directly (the build copies it beside the
// server bundle). Two kinds of work:
// - 'statements' (the default): runs workerData.statements in order (index builds), posting
//   { done } after each, then exits.
// - 'product-writer': the import's product writer (see createSqliteWriter in
//   modules/import/product-writer.ts), answering { id, op } requests in the order they arrive.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

function runStatements({ file, statements }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 30000');
  // Index builds read the table once each; a small cache builds them as fast and keeps 100+ MB off the process.
  db.pragma('cache_size = -8000');
  try {
    statements.forEach((statement, index) => {
      db.exec(statement);
      parentPort.postMessage({ done: index + 1 });
    });
  } finally {
    db.close();
  }
}

/**
 * Every write to products runs three sets of row triggers: the FTS5 trigram index (migration
 * 0004), the category counts (0003) and the vendor counts (0007); together they cost more than the
 * insert itself. A bulk write drops them inside its own transaction, writes the rows, brings the
 * search index and the counts up to date with set-based statements over exactly the rows it
 * touched, and creates the triggers again before it commits. DDL is transactional in SQLite, so
 * no other connection ever sees the triggers missing (they only see committed data), and a write
 * that fails, or a server that dies, rolls the drop back with everything else.
 *
 * The touched rows are the ones stored before (found by SKU: their old contribution to the index
 * and the counts is taken out first) and the new ones (ids above the largest id before the write:
 * AUTOINCREMENT never reuses an id). The net effect on the index and the counts is the triggers',
 * applied once per batch instead of once per row.
 */
const SUSPENDED_TRIGGERS = [
  'products_search_insert', 'products_search_delete', 'products_search_update',
  'products_category_count_insert', 'products_category_count_delete', 'products_category_count_update',
  'vendors_count_product_insert', 'vendors_count_product_delete', 'vendors_count_product_update',
];

function bulkProducts(db) {
  const triggers = db
    .prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'products' and name in (${SUSPENDED_TRIGGERS.map(() => '?').join(', ')})`)
    .all(...SUSPENDED_TRIGGERS);
  // Anything but the exact set (a later migration renamed or replaced one) keeps the triggers.
  if (triggers.length !== SUSPENDED_TRIGGERS.length) return (_skus, write) => write();

  const maxId = db.prepare('select coalesce(max(id), 0) from products').pluck();
  const storedIds = db.prepare('select id from products where sku in (select value from json_each(?))').pluck();
  const touched = '(id in (select value from json_each(@ids)) or id > @after)';
  const contributions = db.prepare(`select vendor_category_id, store_category_id, vendor_id, stock from products where ${touched}`);
  const oldContributions = db.prepare('select vendor_category_id, store_category_id, vendor_id, stock from products where id in (select value from json_each(?))');
  const unindex = db.prepare(
    `insert into products_search(products_search, rowid, name, sku, mfn, gtin, brand)
     select 'delete', id, name, sku, mfn, gtin, brand from products where id in (select value from json_each(?))`,
  );
  const index = db.prepare(`insert into products_search(rowid, name, sku, mfn, gtin, brand) select id, name, sku, mfn, gtin, brand from products where ${touched}`);
  const addToCategory = db.prepare('update categories set direct_product_count = direct_product_count + ? where id = ?');
  const addToVendor = db.prepare('update vendors set product_count = product_count + ?, in_stock_count = in_stock_count + ? where id = ?');

  const tally = (rows, sign, categories, vendors) => {
    for (const r of rows) {
      if (r.vendor_category_id !== null) categories.set(r.vendor_category_id, (categories.get(r.vendor_category_id) ?? 0) + sign);
      if (r.store_category_id !== null) categories.set(r.store_category_id, (categories.get(r.store_category_id) ?? 0) + sign);
      if (r.vendor_id !== null) {
        const v = vendors.get(r.vendor_id) ?? [0, 0];
        v[0] += sign;
        if (r.stock > 0) v[1] += sign;
        vendors.set(r.vendor_id, v);
      }
    }
  };

  /** Runs write (which only inserts or updates products with these SKUs) with the triggers set aside. Inside a transaction. */
  return (skus, write) => {
    if (!db.inTransaction) throw new Error('bulk product writes need a transaction');
    const after = maxId.get();
    const ids = JSON.stringify(storedIds.all(JSON.stringify(skus)));
    const categories = new Map();
    const vendors = new Map();
    tally(oldContributions.all(ids), -1, categories, vendors);
    unindex.run(ids);
    for (const t of triggers) db.exec(`drop trigger ${t.name}`);
    const result = write();
    for (const t of triggers) db.exec(t.sql);
    index.run({ ids, after });
    tally(contributions.all({ ids, after }), 1, categories, vendors);
    for (const [id, n] of categories) if (n !== 0) addToCategory.run(n, id);
    for (const [id, [n, s]] of vendors) if (n !== 0 || s !== 0) addToVendor.run(n, s, id);
    return result;
  };
}

function runProductWriter({ file, columns, updates }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -16000');
  // The default checkpoint after every commit past 1,000 WAL pages copies pages the next batch
  // rewrites again (measured: commits 1.3-1.5 s -> 1.0 s per 100k rows at 8,192). Not 0 (0.6 s): a
  // commit on the server's own connection would then copy the whole import's WAL on its event loop
  // (the import asks for a 'checkpoint' before it commits new categories there).
  db.pragma('wal_autocheckpoint = 8192');
  const values = columns.map(() => '?').join(', ');
  // A plain INSERT costs about half an upsert on SQLite; rows whose SKU is not stored yet take it.
  const insert = db.prepare(`insert into products (${columns.join(', ')}) values (${values})`);
  const upsert = db.prepare(`insert into products (${columns.join(', ')}) values (${values}) on conflict(sku) do update set ${updates.map((c) => `${c} = excluded.${c}`).join(', ')}`);
  const storedSkus = db.prepare('select sku from products where sku in (select value from json_each(?))').pluck();
  const storedWithIds = db.prepare('select sku, id from products where sku in (select value from json_each(?))');
  const maxId = db.prepare('select coalesce(max(id), 0) from products').pluck();
  const bulk = bulkProducts(db);
  const skuAt = columns.indexOf('sku');

  /**
   * The ids this import created, one range per committed batch: the write lock keeps anyone else
   * from inserting inside a batch, and AUTOINCREMENT only grows. A few numbers per batch instead
   * of every SKU of a million-row file held in memory.
   */
  const createdRanges = [];
  const createdHere = (id) => createdRanges.some(([from, to]) => id >= from && id <= to);

  const writeRow = (values, stored) => {
    const sku = values[skuAt];
    (stored.has(sku) ? upsert : insert).run(values);
    stored.add(sku);
  };
  const writeOne = db.transaction(writeRow);
  /** Runs write with the triggers set aside; returns the range of ids it created. */
  const inBulk = (skus, write) => {
    const before = maxId.get();
    bulk(skus, write);
    return [before + 1, maxId.get()];
  };
  // The SKUs already stored are read inside the write transaction: nobody else can add one meanwhile.
  const writeAll = db.transaction((rows, skus) =>
    inBulk(skus, () => {
      const stored = new Set(storedSkus.all(JSON.stringify(skus)));
      for (const values of rows) writeRow(values, stored);
    }),
  );
  const writeEach = db.transaction((rows, skus, failed) =>
    inBulk(skus, () => {
      const stored = new Set(storedSkus.all(JSON.stringify(skus)));
      rows.forEach((values, index) => {
        try {
          writeOne(values, stored);
        } catch (err) {
          failed.push([index, err instanceof Error ? err.message : String(err)]);
        }
      });
    }),
  );
  const created = (range) => {
    if (range[1] >= range[0]) createdRanges.push(range);
  };

  const handlers = {
    stored({ skus }) {
      const imported = [];
      const before = [];
      for (const { sku, id } of storedWithIds.all(JSON.stringify(skus))) (createdHere(id) ? imported : before).push(sku);
      return { imported, before };
    },
    write({ rows, perRow }) {
      const skus = rows.map((values) => values[skuAt]);
      if (!perRow) {
        try {
          created(writeAll.immediate(rows, skus));
          return { failed: [] };
        } catch {
          // Find the bad rows one by one, keeping the good ones.
        }
      }
      const failed = [];
      created(writeEach.immediate(rows, skus, failed));
      return { failed };
    },
    checkpoint() {
      db.pragma('wal_checkpoint(PASSIVE)');
      return {};
    },
    close() {
      // What is left of the WAL is copied here, inside the import's time, not by the next request.
      db.pragma('wal_checkpoint(PASSIVE)');
      db.close();
      return {};
    },
  };
  parentPort.on('message', (message) => {
    try {
      parentPort.postMessage({ id: message.id, ...handlers[message.op](message) });
    } catch (err) {
      parentPort.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) });
    }
    if (message.op === 'close') parentPort.close();
  });
}

if (workerData.kind === 'product-writer') runProductWriter(workerData);
else runStatements(workerData);
