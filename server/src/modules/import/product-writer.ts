import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openSqlite } from '../../db/database.js';
import { sqliteBulkProducts } from '../../db/sqlite-bulk-products.js';
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
  storedSkus(skus: string[]): Promise<StoredSkus>;
  write(items: RowToWrite[], style: TransactionStyle): Promise<WriteOutcome>;
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

function rowValues(shape: WriterShape, item: RowToWrite, now: string): ColumnValue[] {
  const values: ColumnValue[] = shape.columns.map((c) => item.row.values[c] ?? null);
  values.push(shape.vendorId);
  if (shape.writesVendorCategory) values.push(item.vendorCategoryId);
  if (shape.writesStoreCategory) values.push(item.storeCategoryId);
  values.push(now, now);
  return values;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * SQLite: its own connection (WAL lets the API keep reading), one prepared upsert reused for every
 * row, better-sqlite3 transactions (a nested one is a savepoint). Only the mapped columns change
 * on an existing SKU.
 */
export function createSqliteWriter(file: string, shape: WriterShape): ProductWriter {
  const conn: SQLite.Database = openSqlite(file);
  // SQLite's default page cache (16 MB): a larger one measured no faster at 100k rows and costs
  // its size in resident memory for the whole import.
  conn.pragma('cache_size = -16000');
  const columns = writeColumns(shape);
  const updates = columns.filter((c) => c !== 'sku' && c !== 'created_at').map((c) => `${c} = excluded.${c}`);
  const values = columns.map(() => '?').join(', ');
  // A plain INSERT costs about half an upsert on SQLite; rows whose SKU is not there yet take it.
  const insert = conn.prepare(`insert into products (${columns.join(', ')}) values (${values})`);
  const upsert = conn.prepare(`insert into products (${columns.join(', ')}) values (${values}) on conflict(sku) do update set ${updates.join(', ')}`);
  const exists = conn.prepare('select sku from products where sku in (select value from json_each(?))').pluck();
  const existsWithId = conn.prepare('select sku, id from products where sku in (select value from json_each(?))');
  const maxId = conn.prepare('select coalesce(max(id), 0) from products').pluck();
  /**
   * The ids this import created, one range per committed batch: the write lock keeps anyone else
   * from inserting inside a batch, and AUTOINCREMENT only grows. A few numbers per batch instead
   * of every SKU of a million-row file held in memory.
   */
  const createdRanges: Array<[number, number]> = [];
  const createdHere = (id: number) => createdRanges.some(([from, to]) => id >= from && id <= to);
  // The search index and the counts are brought up to date once per batch, not by a trigger per row.
  const bulk = sqliteBulkProducts(conn);
  const skusOf = (items: RowToWrite[]) => items.map((i) => i.row.sku);
  /** The SKUs already stored, read inside the write transaction (nobody else can add one meanwhile). */
  const storedSkus = (items: RowToWrite[]) => new Set(exists.all(JSON.stringify(skusOf(items))) as string[]);
  const writeRow = (item: RowToWrite, now: string, stored: Set<string>) => {
    (stored.has(item.row.sku) ? upsert : insert).run(rowValues(shape, item, now));
    stored.add(item.row.sku);
  };
  const writeOne = conn.transaction(writeRow);
  /** Runs write with the triggers set aside and returns the range of ids it created. */
  const inBulk = (items: RowToWrite[], write: () => void): [number, number] => {
    const before = maxId.get() as number;
    bulk.run(skusOf(items), write);
    return [before + 1, maxId.get() as number];
  };
  const writeAll = conn.transaction((items: RowToWrite[], now: string) =>
    inBulk(items, () => {
      const stored = storedSkus(items);
      for (const item of items) writeRow(item, now, stored);
    }),
  );
  const writeEach = conn.transaction((items: RowToWrite[], now: string, outcome: WriteOutcome) =>
    inBulk(items, () => {
      const stored = storedSkus(items);
      for (const item of items) {
        try {
          writeOne(item, now, stored);
          outcome.written.push(item);
        } catch (err) {
          outcome.failed.push({ item, reason: reasonOf(err) });
        }
      }
    }),
  );
  const created = (range: [number, number]) => {
    if (range[1] >= range[0]) createdRanges.push(range);
  };
  return {
    async storedSkus(skus) {
      const found: StoredSkus = { imported: new Set(), before: new Set() };
      for (const { sku, id } of existsWithId.all(JSON.stringify(skus)) as Array<{ sku: string; id: number }>) {
        (createdHere(id) ? found.imported : found.before).add(sku);
      }
      return found;
    },
    async write(items, style) {
      const now = new Date().toISOString();
      if (style === 'batch') {
        try {
          created(writeAll.immediate(items, now));
          return { written: items, failed: [] };
        } catch {
          // Fall through: find the bad rows one by one, keeping the good ones.
        }
      }
      const outcome: WriteOutcome = { written: [], failed: [] };
      created(writeEach.immediate(items, now, outcome));
      return outcome;
    },
    async close() {
      conn.close();
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
    async close() {},
  };
}
