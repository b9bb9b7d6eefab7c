/**
 * The import's SQLite writer, a worker thread with its own connection (started by sqlite-writer.ts),
 * so that rows are written on the second core while the main thread reads and maps the next batch,
 * and the event loop never waits on the database. It answers WriterOperations in the order asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { WorkerAnswer, WorkerRequest } from '../../db/sqlite-worker-client.js';
import { yieldToWaiters } from '../../db/yield-to-waiters.js';
import { childPath } from '../../db/category-path.js';
import type { CreatedCategory, MissingLevels } from './category-resolver.js';
import type { CreatedVendors } from './import-vendors.js';
import { assignmentsKeeping, categoryNodeKey, droppedKey, followStoredStatus, kindConflict, parentVendorReason, rowAction, takesOwnerless, rowWriteFailure, variationWrite, type ImportRules, type StoredBy, type StoredProduct, type VariantWrite } from './import-rules.js';
import { attributeStatements, variationStatements } from './sqlite-variant-writes.js';
import type { ColumnValue } from './row-mapper.js';
import type { StockStatus } from '@bosun/shared/stock-rule';
import { bulkProducts, SEARCHED_COLUMNS } from '../../db/sqlite-bulk-products.js';
import { SQLITE_BIND_CHANGE } from '../../db/change-context-sqlite.js';

export interface WriterWorkerData {
  file: string;
  /** The insert's columns, in the order of a row's values. */
  columns: string[];
  /** The assignments of the upsert's update (updateAssignments). */
  assignments: string[];
  /** A profile's 'Update only these fields' (WriterShape.updateOnly): a stored variation's upsert writes those too. */
  updateOnly: string[] | null;
  lockWaiters: Int32Array;
  /** The import's recorded change: every write transaction is bound to it (db/change-context.ts). */
  changeId: number | null;
}

export interface WriteRequest {
  rows: ColumnValue[][];
  /** Each row's variant part, when the file maps the variant columns. */
  variants?: Array<VariantWrite | null>;
  /** Each row's dropped columns (MappedRow.dropped), when a row of the batch has some: an update keeps their stored values. */
  dropped?: Array<string[] | null>;
  /** The rows whose stock status no cell gave (MappedRow.statusFollows): over a stored product, it follows the stored one's. */
  statusFollows?: number[];
  /** Every row in its own savepoint from the start (else only when the batch fails). */
  perRow: boolean;
  rules: ImportRules;
  /** Paths the main thread's resolver does not know: the worker creates their levels. */
  newPaths: MissingLevels[];
  /** [row, value index, index in newPaths]: values to fill with the id of a path the worker creates. */
  pathRefs: Array<[number, number, number]>;
  /** [provisional id, name] of the vendors still to be created that rows of the batch name (ImportVendors). */
  newVendors?: Array<[number, string]>;
  now: string;
}
export interface WriteAnswer {
  created: number;
  updated: number;
  skipped: number;
  /** [row index, reason] of each row skipped (import-rules.ts: rowAction, parentVendorReason). */
  skippedRows: Array<[number, string]>;
  /** [row index, reason, the raw error for the log when the database refused it] of each row that failed. */
  failed: Array<[number, string, string?]>;
  /** The categories this write created and committed. */
  categories: CreatedCategory[];
  /** The vendors this write created and committed. */
  vendors: CreatedVendors;
  /** The rows written over a product stored with no vendor, which took the row's (takesOwnerless). */
  claimed: number[];
}
export type WriterOperations = {
  write: [WriteRequest, WriteAnswer];
  /** Checkpoints what is left of the WAL and closes the connection. */
  close: [Record<string, never>, { closed: true }];
};

type Row = ColumnValue[];
type CategoryCreator = ReturnType<ReturnType<typeof categoryCreator>['begin']>;
type VendorCreator = ReturnType<ReturnType<typeof vendorCreator>['begin']>;

/**
 * The vendors an import creates (ImportVendors), each in the write transaction of the first row
 * written for it, known by its provisional id; a name another request created meanwhile is taken
 * as it is (the unique index on lower(name)). Those an earlier batch created are in `committed`.
 */
function vendorCreator(db: Database.Database) {
  const insert = db.prepare("insert into vendors (name, status, created_at, updated_at) values (?, 'active', ?, ?) on conflict do nothing");
  const idOfName = db.prepare('select id from vendors where lower(name) = lower(?)').pluck();
  /** provisional id -> id, for the batches committed so far */
  const committed = new Map<number, number>();
  return {
    committed,
    /** A creator for one write transaction, for the vendors of these [provisional id, name]. */
    begin(names: ReadonlyArray<[number, string]>, now: string) {
      const nameOf = new Map(names);
      const fresh = new Map<number, number>();
      const order: number[] = [];
      return {
        /** The vendor's id, creating it. */
        idOf(provisional: number): number {
          let id = committed.get(provisional) ?? fresh.get(provisional);
          if (id === undefined) {
            const name = nameOf.get(provisional)!;
            insert.run(name, now, now);
            fresh.set(provisional, (id = idOfName.get(name) as number));
            order.push(provisional);
          }
          return id;
        },
        /** Where the creator stands, for undo. */
        mark: () => order.length,
        /** Forgets what was created since mark: a row's savepoint that rolled back took it away. */
        undo(mark: number) {
          for (const provisional of order.splice(mark)) fresh.delete(provisional);
        },
        /** After the commit: what this transaction created is there for the batches after it. */
        commit(): CreatedVendors {
          for (const [provisional, id] of fresh) committed.set(provisional, id);
          return [...fresh];
        },
      };
    },
  };
}

/**
 * The import's missing categories, created inside the write transaction of the rows that need them:
 * the server's resolver sends a path it does not know as its deepest stored level and the names
 * below it, each with its match key (categoryNodeKey), so a name is reused under the same parent
 * whatever its case. Levels an earlier batch of this import created are found in `committed`;
 * vendor categories belong to the vendor of the row that needs them (MissingLevels.vendorId: each
 * vendor has its own roots), store categories to no vendor.
 */
function categoryCreator(db: Database.Database) {
  const insert = db.prepare("insert into categories (name, type, parent_id, vendor_id, level, path, created_at, updated_at) values (?, ?, ?, ?, ?, '', ?, ?)");
  const setPath = db.prepare('update categories set path = ? where id = ?');
  const keyOf = (type: string, parentId: number | null, matchKey: string, vendorId: number | null) => `${type}|${categoryNodeKey(parentId, matchKey, vendorId)}`;
  /** keyOf -> the created category, for the batches committed so far */
  const committed = new Map<string, CreatedCategory>();
  return {
    /**
     * A creator for one write transaction: pathId(missing) is the id of the path's deepest level,
     * creating what is missing. vendorIdOf gives a vendor still to be created (a provisional id) its id.
     */
    begin(now: string, vendorIdOf: (provisional: number) => number) {
      const created: CreatedCategory[] = [];
      const fresh = new Map<string, CreatedCategory>();
      return {
        created,
        pathId({ type, vendorId: owner, parent, names, keys }: MissingLevels): number {
          const vendorId = owner !== null && owner < 0 ? vendorIdOf(owner) : owner;
          let node: { id: number; level: number; path: string } | null = parent;
          names.forEach((name, i) => {
            const key = keyOf(type, node?.id ?? null, keys[i]!, vendorId);
            let found = fresh.get(key) ?? committed.get(key);
            if (!found) {
              const level = (node?.level ?? 0) + 1;
              const id = Number(insert.run(name, type, node?.id ?? null, vendorId, level, now, now).lastInsertRowid);
              found = { type, vendorId, parentId: node?.id ?? null, key: keys[i]!, id, level, path: childPath(node?.path, id) };
              setPath.run(found.path, id);
              fresh.set(key, found);
              created.push(found);
            }
            node = found;
          });
          return node!.id;
        },
        /** Where the creator stands, for undo. */
        mark: () => created.length,
        /** Forgets what was created since mark: a row's savepoint that rolled back took it away. */
        undo(mark: number) {
          for (const c of created.splice(mark)) fresh.delete(keyOf(c.type, c.parentId, c.key, c.vendorId));
        },
        /** After the commit: what this transaction created is there for the batches after it. */
        commit() {
          for (const [key, c] of fresh) committed.set(key, c);
        },
      };
    },
  };
}

function runProductWriter(port: NonNullable<typeof parentPort>, { file, columns, assignments, updateOnly, lockWaiters, changeId }: WriterWorkerData) {
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
  const upsertKeeping = (dropped: readonly string[]) =>
    db.prepare(`insert into products (${columns.join(', ')}) values (${values}) on conflict(sku) do update set ${assignmentsKeeping(assignments, dropped).join(', ')}`);
  // A row that dropped bad values keeps their stored ones on an update: one prepared upsert per shape of dropped columns.
  const upsert = upsertKeeping([]);
  const upserts = new Map<string, Database.Statement>();
  const upsertFor = (dropped: readonly string[] | null | undefined) => {
    const key = droppedKey(dropped);
    if (!key) return upsert;
    let statement = upserts.get(key);
    if (!statement) {
      // A file has a few shapes; one whose every row drops other columns must not keep thousands of statements.
      if (upserts.size >= 64) upserts.clear();
      upserts.set(key, (statement = upsertKeeping(dropped!)));
    }
    return statement;
  };
  const storedWithIds = db.prepare('select sku, id, kind, parent_id, variation_count, vendor_id, stock, stock_status from products where sku in (select value from json_each(?))');
  const vendorName = db.prepare('select name from vendors where id = ?').pluck();
  const vendorNames = new Map<number, string>();
  /** A stored product's vendor with its name, for a skipped row's reason (read once per vendor). */
  const owner = (id: number | null | undefined) => {
    if (id === null || id === undefined) return null;
    let name = vendorNames.get(id);
    if (name === undefined) vendorNames.set(id, (name = String(vendorName.get(id) ?? `#${id}`)));
    return { id, name };
  };
  const vendorAt = columns.indexOf('vendor_id');
  /** Variable products this import wrote (committed): their variations follow them (parentVendorReason). */
  const parentsWritten = new Set<string>();
  const maxId = db.prepare('select coalesce(max(id), 0) from products').pluck();
  const bulk = bulkProducts(db);
  // A stored row's search entries stay when no update writes what they are made of (a stock-and-price feed).
  const storedWrites = [...assignments.map((a) => a.slice(0, a.indexOf(' = '))), ...variationWrite(columns, updateOnly).updates];
  const searchKept = !storedWrites.some((c) => SEARCHED_COLUMNS.includes(c));
  const categories = categoryCreator(db);
  const newVendors = vendorCreator(db);
  const skuAt = columns.indexOf('sku');
  const stockAt = { stock: columns.indexOf('stock'), status: columns.indexOf('stock_status') };
  const variations = variationStatements(db, columns, updateOnly);
  const attributes = attributeStatements(db);

  /**
   * The ids this import created, as ranges of committed batches (see committed): the write lock
   * keeps anyone else from inserting inside a batch, and AUTOINCREMENT only grows. A few numbers
   * instead of every SKU of a million-row file held in memory.
   */
  const createdRanges: Array<[number, number]> = [];
  const createdHere = (id: number) => createdRanges.some(([from, to]) => id >= from && id <= to);
  type Stored = StoredProduct & { sku: string; by: StoredBy };
  /** The stored rows with these SKUs, each with who stored it. */
  const lookUp = (skus: ColumnValue[]): Stored[] =>
    (storedWithIds.all(JSON.stringify(skus)) as Array<{ sku: string; id: number; kind: string; parent_id: number | null; variation_count: number; vendor_id: number | null; stock: number | null; stock_status: StockStatus }>).map((r) => ({
      sku: r.sku, id: r.id, kind: r.kind, parentId: r.parent_id, variationCount: r.variation_count, vendorId: r.vendor_id, stock: r.stock, stockStatus: r.stock_status,
      by: createdHere(r.id) ? 'import' : 'before',
    }));

  interface Paths {
    missing: MissingLevels[];
    refs: Map<number, Array<[number, number]>>;
    now: string;
  }
  /** The vendors still to be created: each row's provisional vendor id (null: a vendor that exists), and their names. */
  interface NewVendors {
    ofRow: Array<number | null>;
    names: Array<[number, string]>;
  }
  interface BatchWritten {
    tally: { created: number; updated: number; skipped: number };
    created: [number, number];
    creator: CategoryCreator;
    vendorCreator: VendorCreator;
    claimed: number[];
    /** The variable products the batch wrote. */
    parents: string[];
  }

  /**
   * Writes the batch's rows by writeAction, classified here, inside the write transaction (nobody
   * else can add a SKU meanwhile), so that the import never waits for a round trip between two
   * batches. With perRow, every row has its own savepoint and a failing one is collected in failed
   * instead of failing the batch; a row the variant rules refuse (kindConflict) is collected there
   * either way, unwritten. paths.refs.get(i) lists [value index, index in paths.missing] of
   * row i's categories to create first, after its vendor if that is still to be created
   * (newVendors): row by row, inside the row's savepoint, so that a row that fails leaves no
   * category or vendor nobody asked for. Products and parents go first, then the variations,
   * whose parents are then stored whichever came first in the batch.
   */
  const writeBatch = (batch: Batch, perRow: boolean, failed: Array<[number, string, string?]>, skipped: Array<[number, string]>): BatchWritten => {
    const { rows, variants, dropped, rules, paths, vendors: vendorsToCreate } = batch;
    const vendorCreator = newVendors.begin(vendorsToCreate.names, paths.now);
    const creator = categories.begin(paths.now, vendorCreator.idOf);
    // A vendor an earlier batch created is the row's; the others keep their provisional id until
    // the row is written (a retried batch starts again from them).
    vendorsToCreate.ofRow.forEach((provisional, index) => {
      if (provisional !== null) rows[index]![vendorAt] = newVendors.committed.get(provisional) ?? provisional;
    });
    /** Gives row index its vendor, creating it if it is still to be created. */
    const giveVendor = (index: number) => {
      const provisional = vendorsToCreate.ofRow[index];
      if (provisional !== null && provisional !== undefined) rows[index]![vendorAt] = vendorCreator.idOf(provisional);
    };
    const pathIds = new Map<number, number>();
    /** Fills row index's new category ids, creating them; lists in made the path indexes it created. */
    const fillCategories = (index: number, made: number[] = []) => {
      for (const [at, pathIndex] of paths.refs.get(index) ?? []) {
        let id = pathIds.get(pathIndex);
        if (id === undefined) {
          pathIds.set(pathIndex, (id = creator.pathId(paths.missing[pathIndex]!)));
          made.push(pathIndex);
        }
        rows[index]![at] = id;
      }
    };
    const stored = new Map<ColumnValue, Stored>();
    const touchedIds: number[] = [];
    for (const found of lookUp(rows.map((values) => values[skuAt]!))) {
      stored.set(found.sku, found);
      // Stored ids the batch may update (one it then skips only costs its counts taken out and put back).
      if (found.by === 'import' || rules.updateMode) touchedIds.push(found.id);
    }
    // Read with the batch's stored rows: no query of its own (a retried batch finds the same ones).
    for (const index of batch.statusFollows ?? []) followStoredStatus(rows[index]!, stockAt, dropped?.[index], stored.get(rows[index]![skuAt]!));
    const writtenHere = new Set<ColumnValue>();
    const parentsHere: string[] = [];
    /** The row's action by the import's rules (rowAction), with a skipped row's reason. */
    const actionOf = (sku: ColumnValue, values: Row) => {
      if (writtenHere.has(sku)) return { action: 'update' as const };
      const found = stored.get(sku);
      return rowAction(String(sku), found?.by, found?.by === 'before' ? owner(found.vendorId) : null, values[vendorAt] as number | null, rules);
    };
    const tally = { created: 0, updated: 0, skipped: 0 };
    const claimed: number[] = [];
    const skip = (index: number, reason: string) => {
      tally.skipped += 1;
      skipped.push([index, reason]);
    };
    const counted = (sku: ColumnValue, action: 'create' | 'update', variant?: VariantWrite) => {
      writtenHere.add(sku);
      if (variant?.kind === 'variable') parentsHere.push(String(sku));
      tally[action === 'create' ? 'created' : 'updated'] += 1;
    };
    /** Runs one row's write: as it is in a batch, in its own savepoint row by row. */
    const attempt = (index: number, write: (made: number[]) => void) => {
      if (!perRow) return write([]);
      const mark = creator.mark();
      const vendorMark = vendorCreator.mark();
      const made: number[] = [];
      try {
        writeOneRow(() => write(made));
      } catch (err) {
        // The savepoint took the row's new categories and vendor with it: forget their ids.
        creator.undo(mark);
        vendorCreator.undo(vendorMark);
        for (const pathIndex of made) pathIds.delete(pathIndex);
        const { reason, cause } = rowWriteFailure(err, String(rows[index]![skuAt]));
        failed.push([index, reason, cause]);
      }
    };
    const before = maxId.get() as number;
    bulk(touchedIds, () => {
      rows.forEach((values, index) => {
        const variant = variants?.[index] ?? undefined;
        if (variant?.kind === 'variation') return;
        const sku = values[skuAt]!;
        const { action, reason } = actionOf(sku, values);
        if (action === 'skip') return skip(index, reason!);
        const found = writtenHere.has(sku) ? undefined : stored.get(sku);
        const conflict = kindConflict(String(sku), variant?.kind, found);
        if (conflict) return void failed.push([index, conflict]);
        const claims = takesOwnerless(found?.by, found, values[vendorAt] as number | null);
        attempt(index, (made) => {
          giveVendor(index);
          fillCategories(index, made);
          (action === 'create' ? insert : upsertFor(dropped?.[index])).run(values);
          if (variant) attributes.write(String(sku), variant, stored.get(sku));
          counted(sku, action, variant);
          if (claims) claimed.push(index);
        });
      });
      if (!variants) return;
      // The parents are stored now, those of this batch too.
      const parents = new Map(lookUp(variants.flatMap((v) => (v?.parentSku ? [v.parentSku] : []))).map((p) => [p.sku, p]));
      rows.forEach((values, index) => {
        const variant = variants[index];
        if (variant?.kind !== 'variation') return;
        const sku = values[skuAt]!;
        const parent = parents.get(variant.parentSku!);
        if (parent?.kind !== 'variable') return void failed.push([index, `The parent ${variant.parentSku} is not stored as a variable product (its own row has an error?)`]);
        const parentSku = variant.parentSku!;
        const notHere = parentVendorReason(parentSku, writtenHere.has(parentSku) || parentsWritten.has(parentSku), owner(parent.vendorId), values[vendorAt] as number | null, rules);
        if (notHere) return skip(index, notHere);
        const { action, reason } = actionOf(sku, values);
        if (action === 'skip') return skip(index, reason!);
        const conflict = writtenHere.has(sku) ? undefined : kindConflict(String(sku), 'variation', stored.get(sku), parent.id);
        if (conflict) return void failed.push([index, conflict]);
        attempt(index, () => {
          variations.write(values, parent.id, variant.options!, action, dropped?.[index]);
          counted(sku, action);
        });
      });
    }, { search: searchKept });
    return { tally, created: [before + 1, maxId.get() as number], creator, vendorCreator, claimed, parents: parentsHere };
  };
  const writeOneRow = db.transaction((write: () => void) => write());
  type Batch = Pick<WriteRequest, 'rows' | 'variants' | 'dropped' | 'statusFollows' | 'rules'> & { paths: Paths; vendors: NewVendors };
  type Refused = WriteAnswer['failed'];
  type Skipped = WriteAnswer['skippedRows'];
  // The batch's writes are the import's change in the history: bound for the transaction, cleared before its commit.
  const bindChange = db.prepare(SQLITE_BIND_CHANGE);
  const asChange = <T>(write: () => T): T => {
    bindChange.run(changeId);
    const result = write();
    bindChange.run(null);
    return result;
  };
  const writeAll = db.transaction((b: Batch, failed: Refused, skipped: Skipped) => asChange(() => writeBatch(b, false, failed, skipped)));
  const writeEach = db.transaction((b: Batch, failed: Refused, skipped: Skipped) => asChange(() => writeBatch(b, true, failed, skipped)));
  /** After the commit: the ids a batch created are this import's from now on, and so are its categories and vendors. */
  const committed = ({ tally, created, creator, vendorCreator, claimed, parents }: BatchWritten) => {
    creator.commit();
    for (const sku of parents) parentsWritten.add(sku);
    const answer = { ...tally, categories: creator.created, vendors: vendorCreator.commit(), claimed };
    if (created[1] < created[0]) return answer;
    // Batches one after the other usually create one run of ids: kept as one range, so that
    // looking up a SKU stays one comparison on a million-row import that updates its own rows.
    const last = createdRanges.at(-1);
    if (last && last[1] + 1 === created[0]) last[1] = created[1];
    else createdRanges.push(created);
    return answer;
  };

  const write = ({ rows, variants, dropped, statusFollows, perRow, rules, newPaths, pathRefs, newVendors: names, now }: WriteRequest): WriteAnswer => {
    const refs = new Map<number, Array<[number, number]>>();
    for (const [row, at, pathIndex] of pathRefs) refs.set(row, [...(refs.get(row) ?? []), [at, pathIndex]]);
    const vendors: NewVendors = { ofRow: rows.map((values) => (names?.length && (values[vendorAt] as number) < 0 ? (values[vendorAt] as number) : null)), names: names ?? [] };
    const batch: Batch = { rows, variants, dropped, statusFollows, rules, paths: { missing: newPaths, refs, now }, vendors };
    yieldToWaiters(lockWaiters);
    if (!perRow) {
      try {
        // The retry below fills every row's category ids again, from its own transaction.
        const refused: Refused = [];
        const skipped: Skipped = [];
        return { ...committed(writeAll.immediate(batch, refused, skipped)), failed: refused, skippedRows: skipped };
      } catch {
        // Find the bad rows one by one, keeping the good ones.
      }
    }
    const failed: Refused = [];
    const skipped: Skipped = [];
    return { ...committed(writeEach.immediate(batch, failed, skipped)), failed, skippedRows: skipped };
  };
  const close = () => {
    // What is left of the WAL is copied here, inside the import's time, not by the next request.
    db.pragma('wal_checkpoint(PASSIVE)');
    db.close();
    return { closed: true as const };
  };

  port.on('message', (message: WorkerRequest<WriterOperations>) => {
    let answer: WorkerAnswer<WriterOperations>;
    try {
      answer = message.op === 'write' ? { id: message.id, ...write(message) } : { id: message.id, ...close() };
    } catch (err) {
      answer = { id: message.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(answer);
    if (message.op === 'close') port.close();
  });
}

if (parentPort) runProductWriter(parentPort, workerData as WriterWorkerData);
