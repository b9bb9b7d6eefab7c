import { sql, type Kysely } from 'kysely';
import { startSqliteWorker } from '../../db/sqlite-worker-client.js';
import type { DB } from '../../db/types.js';
import type { ColumnValue, ImportableColumn, MappedRow } from './row-mapper.js';

export interface RowToWrite {
  row: MappedRow;
  vendorCategoryId: number | null;
  storeCategoryId: number | null;
}

export interface WriteOutcome {
  written: RowToWrite[];
  failed: Array<{ item: RowToWrite; reason: string }>;
}

/** 'batch': one transaction, retried row by row if it fails. 'per-row': a savepoint for every row. */
export type TransactionStyle = 'batch' | 'per-row';

/** Which of the SKUs asked about are stored: written earlier by this import, or there before it. */
export interface StoredSkus {
  imported: Set<string>;
  before: Set<string>;
}

export interface ProductWriter {
  /** True when requests are served one after the other in the order made (a read sees every earlier write). */
  ordered: boolean;
  storedSkus(skus: string[]): Promise<StoredSkus>;
  write(items: RowToWrite[], style: TransactionStyle): Promise<WriteOutcome>;
  /** Called before the server's own connection writes (new categories) between two batches. */
  beforeOtherWrite(): Promise<void>;
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
function rowValues(shape: WriterShape, item: RowToWrite, now: string): ColumnValue[] {
  const values = item.row.values.slice();
  values.push(shape.vendorId);
  if (shape.writesVendorCategory) values.push(item.vendorCategoryId);
  if (shape.writesStoreCategory) values.push(item.storeCategoryId);
  values.push(now, now);
  return values;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * SQLite: a worker thread with its own connection (sqlite-worker.mjs, 'product-writer'), so that
 * the rows are written on the second core while this thread reads and maps the next batch, and the
 * event loop never waits on the database. The worker answers in the order it is asked, so a
 * storedSkus sent after a write sees that write. There, one prepared INSERT (or upsert for a SKU
 * already stored) per row, the product triggers set aside for the batch and applied set-based,
 * better-sqlite3 transactions (a nested one is a savepoint). Only the mapped columns change on an
 * existing SKU.
 */
export function createSqliteWriter(file: string, shape: WriterShape): ProductWriter {
  const columns = writeColumns(shape);
  const updates = columns.filter((c) => c !== 'sku' && c !== 'created_at');
  const worker = startSqliteWorker({ kind: 'product-writer', file, columns, updates });
  return {
    ordered: true,
    async storedSkus(skus) {
      const found = await worker.call<{ imported: string[]; before: string[] }>('stored', { skus });
      return { imported: new Set(found.imported), before: new Set(found.before) };
    },
    async write(items, style) {
      const now = new Date().toISOString();
      const rows = items.map((item) => rowValues(shape, item, now));
      const { failed } = await worker.call<{ failed: Array<[number, string]> }>('write', { rows, perRow: style === 'per-row' });
      if (!failed.length) return { written: items, failed: [] };
      const reasons = new Map(failed);
      return {
        written: items.filter((_, i) => !reasons.has(i)),
        failed: failed.map(([i, reason]) => ({ item: items[i]!, reason })),
      };
    },
    async beforeOtherWrite() {
      // The writer's WAL is copied into the database here, on the worker: the next commit on the
      // server's connection would otherwise do it (up to 32 MB) on the event loop.
      await worker.call('checkpoint');
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

/** PostgreSQL: multi-row upserts through the pool, savepoints for the row-by-row path. */
export function createPostgresWriter(db: Kysely<DB>, shape: WriterShape): ProductWriter {
  const columns = writeColumns(shape);
  const updates = columns.filter((c) => c !== 'sku' && c !== 'created_at');
  const rowsPerStatement = Math.min(1000, Math.floor(60_000 / columns.length));
  const upsert = (executor: Kysely<DB>, items: RowToWrite[], now: string) => {
    const rows = items.map((item) => sql`(${sql.join(rowValues(shape, item, now))})`);
    return sql`insert into products (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(rows)}
      on conflict (sku) do update set ${sql.join(updates.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}`.execute(executor);
  };
  // Other servers may insert between (and within) batches here, so the SKUs this import wrote are kept.
  const written = new Set<string>();
  return {
    ordered: false,
    async storedSkus(skus) {
      const rows = await db.selectFrom('products').select('sku').where('sku', '=', sql<string>`any(${skus})`).execute();
      const found: StoredSkus = { imported: new Set(), before: new Set() };
      for (const { sku } of rows) (written.has(sku) ? found.imported : found.before).add(sku);
      return found;
    },
    async write(items, style) {
      const now = new Date().toISOString();
      if (style === 'batch') {
        try {
          await db.transaction().execute(async (trx) => {
            // One statement cannot touch a SKU twice; the later row of a file wins, so keep the last.
            const lastBySku = [...new Map(items.map((i) => [i.row.sku, i])).values()];
            for (let i = 0; i < lastBySku.length; i += rowsPerStatement) await upsert(trx, lastBySku.slice(i, i + rowsPerStatement), now);
          });
          for (const item of items) written.add(item.row.sku);
          return { written: items, failed: [] };
        } catch {
          // Retried row by row below.
        }
      }
      const outcome: WriteOutcome = { written: [], failed: [] };
      await db.transaction().execute(async (trx) => {
        for (const item of items) {
          await sql`savepoint import_row`.execute(trx);
          try {
            await upsert(trx, [item], now);
            await sql`release savepoint import_row`.execute(trx);
            outcome.written.push(item);
          } catch (err) {
            await sql`rollback to savepoint import_row`.execute(trx);
            outcome.failed.push({ item, reason: reasonOf(err) });
          }
        }
      });
      for (const item of outcome.written) written.add(item.row.sku);
      return outcome;
    },
    async beforeOtherWrite() {},
    async close() {},
  };
}
