import { IMPORT_ROW_WARNINGS, updatableColumns, VARIATION_LEVEL_FIELDS, type ImportRowWarning, type StockStatus } from '@bosun/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import type { ImportRules, StoredProduct, VariantWrite } from './import-rules.js';
import type { ColumnValue, ImportableColumn, MappedRow } from './row-mapper.js';

/**
 * What the import's writers have in common: the SQLite one (sqlite-writer.ts, a worker thread)
 * and the PostgreSQL one (postgres-writer.ts) write a batch by the rules of import-rules.ts.
 */

/** What a write did: rows created, updated and skipped (by classifyBatch's rules, each with its reason), and the rows that failed. */
export interface WriteOutcome {
  created: number;
  updated: number;
  skipped: number;
  /** The rows skipped, with their reason: not written, so their warnings are not reported either. */
  skippedRows: Array<{ row: MappedRow; reason: string }>;
  /** cause: the raw error of a write the database refused, for the server's log only. */
  failed: Array<{ row: MappedRow; reason: string; cause?: string }>;
}

/**
 * 'batch': one transaction, retried row by row if it fails. 'per-row': a savepoint for every row;
 * on PostgreSQL the batch is first written whole when no SKU comes twice in it, which leaves each
 * row as its own savepoint would (postgres-writer.ts, writtenWhole).
 */
export type TransactionStyle = 'batch' | 'per-row';

/**
 * Writes are carried out one after the other in the order asked, each seeing the ones before:
 * the import asks for the next while one is being written, and never waits in between. A write
 * creates the missing categories of the rows it writes (not of those it skips) itself, in the
 * order of the writes, so that a batch bringing new categories never waits for the ones before.
 */
export interface ProductWriter {
  /** Writes the rows, creating, updating or skipping each by the rules (import-rules.ts). */
  write(rows: MappedRow[], style: TransactionStyle, rules: ImportRules): Promise<WriteOutcome>;
  close(): Promise<void>;
}

export interface WriterShape {
  columns: ImportableColumn[];
  /** The wizard's vendor: a row's when it has none of its own (MappedRow.vendorId). */
  vendorId: number | null;
  /** The import's recorded change (its history entries), bound in every write transaction. */
  changeId: number | null;
  writesVendorCategory: boolean;
  writesStoreCategory: boolean;
  /** A profile's 'Update only these fields' as product columns (updatableColumns); absent or null: every mapped column. */
  updateOnly?: string[] | null;
  /**
   * The file has no shop category column, but its rows' vendor categories map to shop categories
   * (issue 23): the writers still write store_category_id, and a stored product keeps the one it has.
   */
  storeCategoryFromMapping?: boolean;
}

/** Columns of the upsert: the mapped ones, the vendor, the categories when mapped, timestamps. */
export function writeColumns(shape: WriterShape): string[] {
  return [
    ...shape.columns,
    'vendor_id',
    ...(shape.writesVendorCategory ? ['vendor_category_id'] : []),
    ...(shape.writesStoreCategory || shape.storeCategoryFromMapping ? ['store_category_id'] : []),
    'created_at',
    'updated_at',
  ];
}

/**
 * The columns an update writes (WriterShape.updateOnly): a profile's checklist (null: all), and
 * never the name when the file maps none (a stock file, which only updates stored products).
 */
export function updateOnlyColumns(columns: readonly string[], updateFields: readonly string[] | null | undefined, nameMapped: boolean): string[] | null {
  const listed = updatableColumns(updateFields);
  return nameMapped ? listed : (listed ?? columns).filter((c) => c !== 'name');
}

/** What every update writes whatever a profile's checklist says: the row's vendor (the ownership rules decide it) and the time. */
const ALWAYS_UPDATED: readonly string[] = ['vendor_id', 'updated_at'];

/**
 * The columns an existing SKU's row takes from the file: all but the SKU and its creation time,
 * or under a profile's 'Update only these fields' (WriterShape.updateOnly) those it names.
 */
export const updateColumns = (columns: string[], updateOnly?: readonly string[] | null) =>
  columns.filter((c) => c !== 'sku' && c !== 'created_at' && (!updateOnly || updateOnly.includes(c) || ALWAYS_UPDATED.includes(c)));

/**
 * The upsert's assignments (the same SQL on both engines): the file's columns, except that a
 * variable product's stock and prices stay its variations' (kept by triggers) unless the file
 * makes it simple.
 */
/** What a variable product takes from its variations: its stock and prices, and its stock status (migration 0021). */
const PARENT_KEPT: readonly string[] = [...VARIATION_LEVEL_FIELDS, 'stock_status'];

export function updateAssignments(columns: string[], updateOnly?: readonly string[] | null): string[] {
  const staysVariable = columns.includes('kind') ? "products.kind = 'variable' and excluded.kind <> 'simple'" : "products.kind = 'variable'";
  return updateColumns(columns, updateOnly).map((c) =>
    PARENT_KEPT.includes(c) ? `${c} = case when ${staysVariable} then products.${c} else excluded.${c} end` : `${c} = excluded.${c}`,
  );
}

/**
 * The upsert's assignments for this shape: with the shop category written only for the mapping's
 * sake, a stored product's own shop category is kept (the mapping fills only where there is none).
 */
export function writerAssignments(shape: WriterShape): string[] {
  const assignments = updateAssignments(writeColumns(shape), shape.updateOnly);
  if (shape.writesStoreCategory || !shape.storeCategoryFromMapping) return assignments;
  return assignments.map((a) => (a.startsWith('store_category_id = ') ? 'store_category_id = coalesce(products.store_category_id, excluded.store_category_id)' : a));
}

/** shape.columns are the row mapper's columns, so a mapped row's values come first as they are. */
export function rowValues(shape: WriterShape, row: MappedRow, vendorCategoryId: number | null, storeCategoryId: number | null, now: string): ColumnValue[] {
  const values = row.values.slice();
  values.push(vendorOf(shape, row));
  if (shape.writesVendorCategory) values.push(vendorCategoryId);
  if (shape.writesStoreCategory || shape.storeCategoryFromMapping) values.push(storeCategoryId);
  values.push(now, now);
  return values;
}

/** The row's vendor: its own (a Vendor column), or the wizard's. */
export const vendorOf = (shape: Pick<WriterShape, 'vendorId'>, row: Pick<MappedRow, 'vendorId'>) => row.vendorId ?? shape.vendorId;

/** What a writer needs of a row's variant part (plain data: it crosses to the SQLite worker). */
export function variantWriteOf(row: MappedRow): VariantWrite | null {
  const variant = row.variant;
  if (!variant) return null;
  if (variant.kind === 'variation') return { kind: 'variation', parentSku: row.variation!.parentSku, options: row.variation!.options };
  return variant.kind === 'variable' ? { kind: 'variable', attributes: variant.attributes } : { kind: 'simple' };
}

/** The stored products with these SKUs, with what the variant rules ask of them: one query. */
export async function storedProductsIn(db: Kysely<DB>, dialect: Dialect, skus: string[]): Promise<Map<string, StoredProduct>> {
  const list = dialect === 'sqlite' ? sql<string>`(select value from json_each(${JSON.stringify(skus)}))` : sql<string>`any(${skus})`;
  const rows = await db
    .selectFrom('products')
    .select(['sku', 'id', 'kind', 'parent_id', 'variation_count', 'vendor_id', 'stock', 'stock_status'])
    .where((eb) => (dialect === 'sqlite' ? eb('sku', 'in', list) : eb('sku', '=', list)))
    .execute();
  return new Map(rows.map((r) => [r.sku, { id: r.id, kind: r.kind, parentId: r.parent_id, variationCount: r.variation_count, vendorId: r.vendor_id, stock: r.stock, stockStatus: r.stock_status as StockStatus }]));
}

/** The warning of a row that gave a product stored with no vendor its vendor (takesOwnerless). */
export const ownerlessWarning = (row: number, sku: string, vendorName: string): ImportRowWarning => ({ row, column: '', value: sku, reason: IMPORT_ROW_WARNINGS.ownerlessTaken(sku, vendorName) });
