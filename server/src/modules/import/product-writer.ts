import { sql, type Kysely } from 'kysely';
import { startSqliteWorker } from '../../db/sqlite-worker-client.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { categoryPathsOf, type CategoryResolver, type CreatedCategory, type MissingLevels } from './category-resolver.js';
import type { ColumnValue, ImportableColumn, MappedRow } from './row-mapper.js';

/** What a write did: rows created, updated and skipped (by classifyBatch's rule), and the rows that failed. */
export interface WriteOutcome {
  created: number;
  updated: number;
  skipped: number;
  failed: Array<{ row: MappedRow; reason: string }>;
}

/** 'batch': one transaction, retried row by row if it fails. 'per-row': a savepoint for every row. */
export type TransactionStyle = 'batch' | 'per-row';

/** Which of the SKUs asked about are stored: written earlier by this import, or there before it. */
export interface StoredSkus {
  imported: Set<string>;
  before: Set<string>;
}

export type WriteAction = 'create' | 'update' | 'skip';

/**
 * The import's classification of a batch from what is stored: a SKU this import already wrote is
 * updated whatever the update mode (a later row of the same file wins), one that was there before
 * is updated or skipped by the mode, a repeat inside the batch updates the first. The SQLite
 * writer's worker applies the same rule inside its write transaction (sqlite-worker.mjs, plain
 * JavaScript, so written out there again).
 */
export function classifyBatch<T extends { sku: string }>(rows: T[], stored: StoredSkus, updateMode: boolean) {
  const inBatch = new Set<string>();
  return rows.map((row) => {
    let action: WriteAction;
    if (inBatch.has(row.sku) || stored.imported.has(row.sku)) action = 'update';
    else if (stored.before.has(row.sku)) action = updateMode ? 'update' : 'skip';
    else action = 'create';
    if (action !== 'skip') inBatch.add(row.sku);
    return { row, action };
  });
}

/**
 * Writes are carried out one after the other in the order asked, each seeing the ones before:
 * the import asks for the next while one is being written, and never waits in between. A write
 * creates the missing categories of the rows it writes (not of those it skips) itself, in the
 * order of the writes, so that a batch bringing new categories never waits for the ones before.
 */
export interface ProductWriter {
  /** Writes the rows, skipping or updating by classifyBatch's rule. */
  write(rows: MappedRow[], style: TransactionStyle, updateMode: boolean): Promise<WriteOutcome>;
  close(): Promise<void>;
}

export interface WriterShape {
  columns: ImportableColumn[];
  vendorId: number | null;
  writesVendorCategory: boolean;
  writesStoreCategory: boolean;
}

/** Columns of the upsert: the mapped ones, the vendor, the categories when mapped, timestamps. */
export function writeColumns(shape: WriterShape): string[] {
  return [
    ...shape.columns,
    'vendor_id',
    ...(shape.writesVendorCategory ? ['vendor_category_id'] : []),
    ...(shape.writesStoreCategory ? ['store_category_id'] : []),
    'created_at',
    'updated_at',
  ];
}

/** shape.columns are the row mapper's columns, so a mapped row's values come first as they are. */
function rowValues(shape: WriterShape, row: MappedRow, vendorCategoryId: number | null, storeCategoryId: number | null, now: string): ColumnValue[] {
  const values = row.values.slice();
  values.push(shape.vendorId);
  if (shape.writesVendorCategory) values.push(vendorCategoryId);
  if (shape.writesStoreCategory) values.push(storeCategoryId);
  values.push(now, now);
  return values;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The stored SKUs among these: one query with the list as one parameter (a JSON array on SQLite, an array on PostgreSQL). */
export async function existingSkusIn(db: Kysely<DB>, dialect: Dialect, skus: string[]): Promise<Set<string>> {
  const list = dialect === 'sqlite' ? sql<string>`(select value from json_each(${JSON.stringify(skus)}))` : sql<string>`any(${skus})`;
  const rows = await db
    .selectFrom('products')
    .select('sku')
    .where((eb) => (dialect === 'sqlite' ? eb('sku', 'in', list) : eb('sku', '=', list)))
    .execute();
  return new Set(rows.map((r) => r.sku));
}

/**
 * SQLite: a worker thread with its own connection (sqlite-worker.mjs, 'product-writer'), so that
 * the rows are written on the second core while this thread reads and maps the next batch, and the
 * event loop never waits on the database. The worker answers in the order it is asked, and
 * classifies each batch's rows itself inside the write transaction. There, one prepared INSERT
 * (or upsert for a SKU already stored) per row, the product triggers set aside for the batch and applied set-based,
 * better-sqlite3 transactions (a nested one is a savepoint). Only the mapped columns change on an
 * existing SKU.
 * A path this thread's resolver does not know yet is sent as its missing levels: the worker
 * creates them in the same transaction as the rows that need them (a rolled-back batch leaves no
 * category behind) and tells the resolver what it created.
 */
export function createSqliteWriter(file: string, shape: WriterShape, resolver: CategoryResolver): ProductWriter {
  const columns = writeColumns(shape);
  const updates = columns.filter((c) => c !== 'sku' && c !== 'created_at');
  const at = { vendor: columns.indexOf('vendor_category_id'), store: columns.indexOf('store_category_id') };
  const worker = startSqliteWorker({ kind: 'product-writer', file, columns, updates, vendorId: shape.vendorId });
  return {
    async write(rows, style, updateMode) {
      const now = new Date().toISOString();
      const newPaths: MissingLevels[] = [];
      const pathIndex = new Map<readonly string[], number>();
      /** [row, value index, index in newPaths]: values the worker fills with the id of a path it creates. */
      const pathRefs: Array<[number, number, number]> = [];
      const idOf = (type: 'vendor' | 'store', path: readonly string[] | undefined, rowIndex: number) => {
        if (!path?.length) return null;
        const id = resolver.peek(type, path);
        if (id !== undefined) return id;
        let index = pathIndex.get(path);
        if (index === undefined) {
          index = newPaths.push(resolver.missingLevels(type, path)) - 1;
          pathIndex.set(path, index);
        }
        pathRefs.push([rowIndex, at[type], index]);
        return null;
      };
      const values = rows.map((row, i) => rowValues(shape, row, idOf('vendor', row.categories.vendor, i), idOf('store', row.categories.store, i), now));
      const outcome = await worker.call<Omit<WriteOutcome, 'failed'> & { failed: Array<[number, string]>; categories: CreatedCategory[] }>('write', {
        rows: values,
        perRow: style === 'per-row',
        updateMode,
        newPaths,
        pathRefs,
        now,
      });
      resolver.learn(outcome.categories);
      return { created: outcome.created, updated: outcome.updated, skipped: outcome.skipped, failed: outcome.failed.map(([i, reason]) => ({ row: rows[i]!, reason })) };
    },
    async close() {
      try {
        await worker.call('close');
      } finally {
        await worker.terminate();
      }
    },
  };
}

/**
 * PostgreSQL: multi-row upserts through the pool, savepoints for the row-by-row path. A batch's
 * missing categories are created (resolver.ensure) in the batch's transaction just before its rows,
 * and row by row in each row's savepoint, so that a rolled-back batch or row leaves none behind.
 */
export function createPostgresWriter(db: Kysely<DB>, shape: WriterShape, resolver: CategoryResolver): ProductWriter {
  const columns = writeColumns(shape);
  const updates = columns.filter((c) => c !== 'sku' && c !== 'created_at');
  const rowsPerStatement = Math.min(1000, Math.floor(60_000 / columns.length));
  const upsert = (executor: Kysely<DB>, items: MappedRow[], now: string) => {
    const rows = items.map((row) => {
      const values = rowValues(shape, row, resolver.resolve('vendor', row.categories.vendor), resolver.resolve('store', row.categories.store), now);
      return sql`(${sql.join(values)})`;
    });
    return sql`insert into products (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(rows)}
      on conflict (sku) do update set ${sql.join(updates.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}`.execute(executor);
  };
  // Other servers may insert between (and within) batches here, so the SKUs this import wrote are kept.
  const written = new Set<string>();
  const storedSkus = async (skus: string[]) => {
    const found: StoredSkus = { imported: new Set(), before: new Set() };
    for (const sku of await existingSkusIn(db, 'postgres', skus)) (written.has(sku) ? found.imported : found.before).add(sku);
    return found;
  };
  /** Classifies, then writes what is not skipped; counted by the classification. */
  const write = async (all: MappedRow[], style: TransactionStyle, updateMode: boolean): Promise<WriteOutcome> => {
    const classified = classifyBatch(all, await storedSkus(all.map((row) => row.sku)), updateMode);
    const items = classified.filter((c) => c.action !== 'skip').map((c) => c.row);
    const outcome = await writeRows(items, style);
    const failed = new Set(outcome.failed.map((f) => f.row));
    const tally: WriteOutcome = { created: 0, updated: 0, skipped: all.length - items.length, failed: outcome.failed };
    for (const { row, action } of classified) if (action !== 'skip' && !failed.has(row)) tally[action === 'create' ? 'created' : 'updated'] += 1;
    return tally;
  };
  const writeRows = async (items: MappedRow[], style: TransactionStyle): Promise<{ failed: WriteOutcome['failed'] }> => {
    const now = new Date().toISOString();
    if (style === 'batch') {
      let forgetCategories = () => {};
      try {
        await db.transaction().execute(async (trx) => {
          forgetCategories = await resolver.ensure(items.flatMap(categoryPathsOf), trx);
          // One statement cannot touch a SKU twice; the later row of a file wins, so keep the last.
          const lastBySku = [...new Map(items.map((row) => [row.sku, row])).values()];
          for (let i = 0; i < lastBySku.length; i += rowsPerStatement) await upsert(trx, lastBySku.slice(i, i + rowsPerStatement), now);
        });
        for (const row of items) written.add(row.sku);
        return { failed: [] };
      } catch {
        forgetCategories();
        // Retried row by row below.
      }
    }
    const failed: WriteOutcome['failed'] = [];
    await db.transaction().execute(async (trx) => {
      for (const row of items) {
        await sql`savepoint import_row`.execute(trx);
        let forgetCategories = () => {};
        try {
          // The row's new categories in its own savepoint: a row that fails leaves none behind.
          forgetCategories = await resolver.ensure(categoryPathsOf(row), trx);
          await upsert(trx, [row], now);
          await sql`release savepoint import_row`.execute(trx);
          written.add(row.sku);
        } catch (err) {
          await sql`rollback to savepoint import_row`.execute(trx);
          forgetCategories();
          failed.push({ row, reason: reasonOf(err) });
        }
      }
    });
    return { failed };
  };
  // One write at a time, in the order asked: a batch's classification must see the batches before it.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    write(rows, style, updateMode) {
      const done = queue.then(() => write(rows, style, updateMode));
      queue = done.catch(() => undefined);
      return done;
    },
    async close() {},
  };
}
