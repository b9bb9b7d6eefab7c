import { sql, type Kysely, type Transaction } from 'kysely';
import type { Attribute, StockStatus, StoredAttribute } from '@bosun/shared';
import { ATTRIBUTE_ROW_COLUMNS, attributeOfRow, attributeRowValues } from '../../db/attribute-rows.js';
import { parentStockStatus, parentStockTotal } from '../../db/variation-stock-sql.js';
import type { Dialect } from '../../db/database.js';
import type { DB, ProductRow } from '../../db/types.js';

export type Executor = Kysely<DB> | Transaction<DB>;

/** The columns a variation has of its own (the rest of its row is empty: its parent's are read). */
export const VARIATION_COLUMNS = [
  'sku', 'gtin', 'mfn', 'stock', 'stock_status', 'list_price', 'market_price', 'vendor_cost', 'special_price',
  'weight', 'length', 'width', 'height', 'image_url', 'published', 'option1', 'option2', 'option3',
] as const;
export type VariationColumn = (typeof VARIATION_COLUMNS)[number];
export type VariationValues = Pick<ProductRow, VariationColumn>;

export const findParentRow = (db: Executor, id: number) =>
  db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'kind', 'weight', 'length', 'width', 'height', 'image_url'])
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * Holds a product's row until the transaction ends (PostgreSQL). SQLite needs nothing: a writing
 * transaction begins with BEGIN IMMEDIATE (sqlite-busy-wait.ts), so writers run one at a time.
 */
export async function lockProductRow(trx: Transaction<DB>, dialect: Dialect, id: number) {
  if (dialect === 'postgres') await trx.selectFrom('products').select('id').where('id', '=', id).forUpdate().execute();
}

export async function findAttributes(db: Executor, productId: number): Promise<StoredAttribute[]> {
  const rows = await db.selectFrom('product_attributes').select(ATTRIBUTE_ROW_COLUMNS).where('product_id', '=', productId).orderBy('position').execute();
  return rows.map(attributeOfRow);
}

export async function replaceAttributes(trx: Transaction<DB>, productId: number, attributes: readonly Attribute[]) {
  await trx.deleteFrom('product_attributes').where('product_id', '=', productId).execute();
  if (!attributes.length) return;
  await trx
    .insertInto('product_attributes')
    .values(attributes.map((a, i) => ({ product_id: productId, position: i + 1, ...attributeRowValues(a) })))
    .execute();
}

export const findVariationRows = (db: Executor, parentId: number) =>
  db
    .selectFrom('products')
    .select(['id', ...VARIATION_COLUMNS, 'created_at', 'updated_at'])
    .where('parent_id', '=', parentId)
    .orderBy('id')
    .execute();
export type VariationRow = Awaited<ReturnType<typeof findVariationRows>>[number];

/** The SKUs among `skus` that products outside `exceptIds` hold. */
export async function findTakenSkus(db: Executor, skus: readonly string[], exceptIds: readonly number[] = []): Promise<Set<string>> {
  const taken = new Set<string>();
  // Chunks keep each statement under SQLite's limit on bound parameters.
  for (let i = 0; i < skus.length; i += 5_000) {
    let query = db.selectFrom('products').select('sku').where('sku', 'in', skus.slice(i, i + 5_000));
    if (exceptIds.length) query = query.where('id', 'not in', exceptIds);
    for (const row of await query.execute()) taken.add(row.sku);
  }
  return taken;
}

export async function insertVariations(trx: Transaction<DB>, dialect: Dialect, parentId: number, rows: readonly VariationValues[], now: string): Promise<number[]> {
  return withTotalsDeferred(trx, dialect, parentId, () => insertRows(trx, parentId, rows, now));
}

async function insertRows(trx: Transaction<DB>, parentId: number, rows: readonly VariationValues[], now: string): Promise<number[]> {
  const ids: number[] = [];
  // 20 columns a row: 1,000 rows stay under SQLite's limit on bound parameters.
  for (let i = 0; i < rows.length; i += 1_000) {
    const inserted = await trx
      .insertInto('products')
      .values(rows.slice(i, i + 1_000).map((row) => ({ ...row, kind: 'variation' as const, parent_id: parentId, name: '', created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/**
 * Writes the given variations' own columns in one statement from a JSON list. Unique indexes are
 * checked row by row as a statement goes, so a save that swaps two SKUs or two combinations would
 * collide halfway: every SKU and first option is first set to a value no other row holds (a
 * control character and the row's id), then the final values go in.
 */
export async function writeVariations(trx: Transaction<DB>, dialect: Dialect, parentId: number, rows: readonly (VariationValues & { id: number })[], now: string) {
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 5_000) {
    await trx
      .updateTable('products')
      .set({ sku: sql`${'\u0001'} || cast(id as text)`, option1: sql`${'\u0001'} || cast(id as text)` })
      .where('parent_id', '=', parentId)
      .where('id', 'in', ids.slice(i, i + 5_000))
      .execute();
  }
  const json = JSON.stringify(rows.map((row) => [row.id, ...VARIATION_COLUMNS.map((c) => row[c])]));
  const assignments = sql.join(
    VARIATION_COLUMNS.map((column, i) =>
      dialect === 'sqlite'
        ? sql`${sql.ref(column)} = json_extract(j.value, ${`$[${i + 1}]`})`
        : sql`${sql.ref(column)} = ${typedJsonValue(column, sql`j.value ->> ${sql.lit(i + 1)}`)}`,
    ),
  );
  const source = dialect === 'sqlite' ? sql`json_each(${json}) as j` : sql`jsonb_array_elements(cast(${json} as jsonb)) as j(value)`;
  const rowId = dialect === 'sqlite' ? sql`json_extract(j.value, '$[0]')` : sql`cast(j.value ->> 0 as integer)`;
  // SQLite would walk the parent's variations and read the whole JSON list for each (2,048 × 500 for a
  // large save, seconds); '+' keeps the parent index out of the plan, so each listed row is found by its id.
  const sameParent = dialect === 'sqlite' ? sql`+products.parent_id = ${parentId}` : sql`products.parent_id = ${parentId}`;
  const update = sql`update products set ${assignments}, updated_at = ${now} from ${source} where products.id = ${rowId} and ${sameParent}`;
  await withTotalsDeferred(trx, dialect, parentId, () => update.execute(trx));
}

/** PostgreSQL reads JSON as text: each column gets its own type back. */
function typedJsonValue(column: VariationColumn, value: ReturnType<typeof sql>) {
  if (column === 'stock' || column === 'published') return sql`cast(${value} as integer)`;
  if (['list_price', 'market_price', 'vendor_cost', 'special_price', 'weight', 'length', 'width', 'height'].includes(column)) return sql`cast(${value} as double precision)`;
  return value;
}

export async function deleteVariationRows(trx: Transaction<DB>, parentId: number, ids: readonly number[]): Promise<number> {
  const result = await trx.deleteFrom('products').where('parent_id', '=', parentId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A product made variable has no stock nor prices of its own any more (its variations' come in by
 * the totals triggers): the ones it had as a simple product would otherwise linger in the list's
 * sorts and filters, which the product form no longer lets anyone change.
 */
export async function setKind(trx: Transaction<DB>, id: number, kind: 'simple' | 'variable', now: string) {
  const figures = kind === 'variable' ? { stock: 0, stock_status: 'out_of_stock' as const, list_price: null, market_price: null, vendor_cost: null, special_price: null, variation_price_max: null } : {};
  await trx.updateTable('products').set({ kind, ...figures, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Runs a write of many variations of one parent. PostgreSQL's totals trigger would rewrite the
 * parent's wide row once per variation (about 1 ms each): it waits, and the totals are counted once
 * (migration 0019). SQLite's trigger costs little per row and runs as it goes.
 */
async function withTotalsDeferred<T>(trx: Transaction<DB>, dialect: Dialect, parentId: number, write: () => Promise<T>): Promise<T> {
  if (dialect === 'sqlite') return write();
  await sql`select set_config('bosun.variation_totals_deferred', 'on', true)`.execute(trx);
  const result = await write();
  await sql`select set_config('bosun.variation_totals_deferred', 'off', true)`.execute(trx);
  await recountVariationTotals(trx, parentId);
  return result;
}

/** A parent's stock (its variations' total), list price range and variation count, counted whole (as migration 0019's trigger does). */
export async function recountVariationTotals(trx: Transaction<DB>, parentId: number) {
  const of = (aggregate: ReturnType<typeof sql>) => sql`(select ${aggregate} from products v where v.parent_id = ${parentId})`;
  await trx
    .updateTable('products')
    .set({
      stock: sql<number | null>`${sql.raw(parentStockTotal(String(parentId)))}`,
      stock_status: sql<StockStatus>`${sql.raw(parentStockStatus(String(parentId)))}`,
      list_price: sql<number | null>`${of(sql`min(v.list_price)`)}`,
      variation_price_max: sql<number | null>`${of(sql`max(v.list_price)`)}`,
      variation_count: sql<number>`${of(sql`count(*)`)}`,
    })
    .where('id', '=', parentId)
    .execute();
}
