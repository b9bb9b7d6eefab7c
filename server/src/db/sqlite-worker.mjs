// Long SQLite work on its own connection in a worker thread, so the main thread's event loop is
// never blocked by it. Plain JavaScript: workers load it directly (the build copies it beside the
// server bundle). Two kinds of work:
// - 'statements' (the default): runs workerData.statements in order (index builds), posting
//   { done } after each, then exits.
// - 'product-writer': the import's product writer (see createSqliteWriter in
//   modules/import/product-writer.ts), answering { id, op } requests in the order they arrive.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * The longest a worker lets the server's waiting statements take the write lock first (see
 * lockWaiters in sqlite-busy-wait.ts): they look for it every 20 ms at most.
 */
const YIELD_MS = 200;

/** Before taking the write lock again: waits while a statement of the server waits for it, up to YIELD_MS. */
function yieldToWaiters(lockWaiters) {
  if (!lockWaiters) return;
  const until = Date.now() + YIELD_MS;
  for (let waiting; (waiting = Atomics.load(lockWaiters, 0)) > 0 && Date.now() < until; ) {
    Atomics.wait(lockWaiters, 0, waiting, until - Date.now());
  }
}

function runStatements({ file, statements, lockWaiters }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 30000');
  // Index builds read the table once each; a small cache builds them as fast and keeps 100+ MB off the process.
  db.pragma('cache_size = -8000');
  try {
    statements.forEach((statement, index) => {
      yieldToWaiters(lockWaiters);
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
 * The touched rows are the ones stored before (their ids are given: their old contribution to the
 * index and the counts is taken out first) and the new ones (ids above the largest id before the write:
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
  if (triggers.length !== SUSPENDED_TRIGGERS.length) return (_storedIds, write) => write();

  const maxId = db.prepare('select coalesce(max(id), 0) from products').pluck();
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

  /** Runs write (which only inserts products or updates those with these ids) with the triggers set aside. Inside a transaction. */
  return (storedIds, write) => {
    if (!db.inTransaction) throw new Error('bulk product writes need a transaction');
    const after = maxId.get();
    const ids = JSON.stringify(storedIds);
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

/**
 * The import's missing categories, created inside the write transaction of the rows that need them
 * (see createSqliteWriter): the server's resolver sends a path it does not know as its deepest
 * stored level and the names below it, each with the key it is matched by (the name in lower
 * case), so a name is reused under the same parent whatever its case. Levels an earlier batch of
 * this import created are found in `committed`; vendor categories belong to the import's vendor,
 * store categories to no vendor.
 */
function categoryCreator(db, vendorId) {
  const insert = db.prepare("insert into categories (name, type, parent_id, vendor_id, level, path, created_at, updated_at) values (?, ?, ?, ?, ?, '', ?, ?)");
  const setPath = db.prepare('update categories set path = ? where id = ?');
  /** `${type}|${parent id or 0}|${key}` -> the created category, for the batches committed so far */
  const committed = new Map();
  return {
    /** A creator for one write transaction: pathId(missing) is the id of the path's deepest level, creating what is missing. */
    begin(now) {
      const created = [];
      const fresh = new Map();
      return {
        created,
        pathId({ type, parent, names, keys }) {
          let node = parent;
          names.forEach((name, i) => {
            const key = `${type}|${node?.id ?? 0}|${keys[i]}`;
            let found = fresh.get(key) ?? committed.get(key);
            if (!found) {
              const level = (node?.level ?? 0) + 1;
              const id = Number(insert.run(name, type, node?.id ?? null, type === 'vendor' ? vendorId : null, level, now, now).lastInsertRowid);
              found = { type, parentId: node?.id ?? null, key: keys[i], id, level, path: `${node?.path ?? '/'}${id}/` };
              setPath.run(found.path, id);
              fresh.set(key, found);
              created.push(found);
            }
            node = found;
          });
          return node.id;
        },
        /** Where the creator stands, for undo. */
        mark() {
          return created.length;
        },
        /** Forgets what was created since mark: a row's savepoint that rolled back took it away. */
        undo(mark) {
          for (const c of created.splice(mark)) fresh.delete(`${c.type}|${c.parentId ?? 0}|${c.key}`);
        },
        /** After the commit: what this transaction created is there for the batches after it. */
        commit() {
          for (const [key, c] of fresh) committed.set(key, c);
        },
      };
    },
  };
}

function runProductWriter({ file, columns, updates, vendorId, lockWaiters }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -16000');
  // The default checkpoint after every commit past 1,000 WAL pages copies pages the next batch
  // rewrites again (measured: commits 1.3-1.5 s -> 1.0 s per 100k rows at 8,192). Not 0 (0.6 s): the
  // next commit on the server's own connection (an edit while the import runs) would then copy the
  // whole import's WAL on its event loop.
  db.pragma('wal_autocheckpoint = 8192');
  const values = columns.map(() => '?').join(', ');
  // A plain INSERT costs about half an upsert on SQLite; rows whose SKU is not stored yet take it.
  const insert = db.prepare(`insert into products (${columns.join(', ')}) values (${values})`);
  const upsert = db.prepare(`insert into products (${columns.join(', ')}) values (${values}) on conflict(sku) do update set ${updates.map((c) => `${c} = excluded.${c}`).join(', ')}`);
  const storedWithIds = db.prepare('select sku, id from products where sku in (select value from json_each(?))');
  const maxId = db.prepare('select coalesce(max(id), 0) from products').pluck();
  const bulk = bulkProducts(db);
  const categories = categoryCreator(db, vendorId);
  const skuAt = columns.indexOf('sku');

  /**
   * The ids this import created, as ranges of committed batches (see committed): the write lock
   * keeps anyone else from inserting inside a batch, and AUTOINCREMENT only grows. A few numbers
   * instead of every SKU of a million-row file held in memory.
   */
  const createdRanges = [];
  const createdHere = (id) => createdRanges.some(([from, to]) => id >= from && id <= to);
  /** The stored rows with these SKUs, each with whether this import created it (else it was there before). */
  const lookUp = (skus) => storedWithIds.all(JSON.stringify(skus)).map(({ sku, id }) => ({ sku, id, ours: createdHere(id) }));

  /**
   * Writes the batch's rows by classifyBatch's rule (product-writer.ts, which the import uses where
   * it must know beforehand): a SKU this import wrote, earlier or in this batch, is updated whatever
   * the update mode; one stored before the import is updated or skipped by the mode; a new one is
   * inserted. Classified here, inside the write transaction (nobody else can add a SKU meanwhile),
   * so that the import never waits for a round trip between two batches. With failed, every row
   * has its own savepoint and a failing one is collected there instead of failing the batch.
   * paths.refs.get(i) lists [value index, index in paths.missing] of row i's categories to create first:
   * row by row, inside the row's savepoint, so that a row that fails leaves no category nobody asked for.
   */
  const writeBatch = (rows, updateMode, paths, failed) => {
    const creator = categories.begin(paths.now);
    const pathIds = new Map();
    /** Fills row index's new category ids, creating them; lists in made the path indexes it created. */
    const fillCategories = (index, made = []) => {
      for (const [at, pathIndex] of paths.refs.get(index) ?? []) {
        let id = pathIds.get(pathIndex);
        if (id === undefined) {
          pathIds.set(pathIndex, (id = creator.pathId(paths.missing[pathIndex])));
          made.push(pathIndex);
        }
        rows[index][at] = id;
      }
    };
    /** sku -> true when this import wrote it, false when it was there before */
    const stored = new Map();
    const touchedIds = [];
    for (const { sku, id, ours } of lookUp(rows.map((values) => values[skuAt]))) {
      stored.set(sku, ours);
      if (ours || updateMode) touchedIds.push(id);
    }
    const tally = { created: 0, updated: 0, skipped: 0 };
    const writeRow = (values) => {
      const ours = stored.get(values[skuAt]);
      (ours === undefined ? insert : upsert).run(values);
      stored.set(values[skuAt], true);
      tally[ours === undefined ? 'created' : 'updated'] += 1;
    };
    const before = maxId.get();
    bulk(touchedIds, () => {
      rows.forEach((values, index) => {
        if (stored.get(values[skuAt]) === false && !updateMode) {
          tally.skipped += 1;
          return;
        }
        if (!failed) {
          fillCategories(index);
          writeRow(values);
          return;
        }
        const mark = creator.mark();
        const made = [];
        try {
          writeOneRow(() => {
            fillCategories(index, made);
            writeRow(values);
          });
        } catch (err) {
          // The savepoint took the row's new categories with it: forget their ids.
          creator.undo(mark);
          for (const pathIndex of made) pathIds.delete(pathIndex);
          failed.push([index, err instanceof Error ? err.message : String(err)]);
        }
      });
    });
    return { tally, created: [before + 1, maxId.get()], creator };
  };
  const writeOneRow = db.transaction((write) => write());
  const writeAll = db.transaction((rows, updateMode, paths) => writeBatch(rows, updateMode, paths));
  const writeEach = db.transaction((rows, updateMode, paths, failed) => writeBatch(rows, updateMode, paths, failed));
  /** After the commit: the ids a batch created are this import's from now on, and so are its categories. */
  const committed = ({ tally, created, creator }) => {
    creator.commit();
    const answer = { ...tally, categories: creator.created };
    if (created[1] < created[0]) return answer;
    // Batches one after the other usually create one run of ids: kept as one range, so that
    // looking up a SKU stays one comparison on a million-row import that updates its own rows.
    const last = createdRanges.at(-1);
    if (last && last[1] + 1 === created[0]) last[1] = created[1];
    else createdRanges.push(created);
    return answer;
  };

  const handlers = {
    write({ rows, perRow, updateMode, newPaths, pathRefs, now }) {
      const refs = new Map();
      for (const [row, at, pathIndex] of pathRefs) refs.set(row, [...(refs.get(row) ?? []), [at, pathIndex]]);
      const paths = { missing: newPaths, refs, now };
      yieldToWaiters(lockWaiters);
      if (!perRow) {
        try {
          // The retry below fills every row's category ids again, from its own transaction.
          return { ...committed(writeAll.immediate(rows, updateMode, paths)), failed: [] };
        } catch {
          // Find the bad rows one by one, keeping the good ones.
        }
      }
      const failed = [];
      return { ...committed(writeEach.immediate(rows, updateMode, paths, failed)), failed };
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
