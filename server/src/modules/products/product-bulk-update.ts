import type SQLite from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import {
  BULK_MESSAGES,
  MAX_MONEY,
  MAX_TAGS,
  plural,
  tagKey,
  PRICE_FIELDS,
  resolveStock,
  STOCK_STATUSES,
  type BulkUpdateData,
  type PriceAdjustment,
  type ProductFilterQuery,
} from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import { nowIso } from '../../db/clock.js';
import { idSet } from '../../db/id-set.js';
import { connectionBulkProducts } from '../../db/sqlite-bulk-products.js';
import { jsonTextElements, tagKeyOf } from '../../db/product-tags.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../errors.js';
import { assertReferencesValid, mappedCategoryColumn, productColumns } from './product-writes.service.js';
import { matchingProductIds } from './products.repository.js';
import { recordedChange } from '../history/index.js';

export interface BulkTarget {
  ids?: number[];
  filter?: ProductFilterQuery;
}

/** new = old ± amount, or old × (1 ± percent/100), rounded to cents; an unset price stays unset. */
function adjustedPrice(column: string, change: PriceAdjustment): RawBuilder<number> {
  const ref = sql.ref(column);
  const sign = change.op === 'increase' ? 1 : -1;
  const value =
    change.by === 'amount' ? sql`${ref} + ${sign * change.value}` : sql`${ref} * ${1 + (sign * change.value) / 100}`;
  return sql<number>`round(cast(${value} as numeric), 2)`;
}

/**
 * The targeted ids, read once before anything is written: a filter on a field the change sets
 * ('draft' made published) matches none of its rows once the first statement has run, so the
 * change's later statements (prices, tags) would silently skip them.
 */
async function targetIds(trx: Transaction<DB>, dialect: Dialect, target: BulkTarget): Promise<number[]> {
  if (target.ids?.length) return [...new Set(target.ids)];
  return (await matchingProductIds(trx, dialect, target.filter!).execute()).map((r) => r.id);
}

/** How many products a refusal names by SKU; the message gives the count of all of them. */
const NAMED_SKUS = 10;

/**
 * Refuses, before anything is written, a change that would take any targeted product's price past
 * MAX_MONEY (repeated +1e9% edits once reached Infinity): one query over the whole target.
 */
async function assertWithinBounds(trx: Transaction<DB>, where: RawBuilder<unknown>, adjusted: { field: string; value: RawBuilder<number> }[]) {
  if (!adjusted.length) return;
  // A price already past the bound (written before the bounds) is over without computing: PostgreSQL
  // raises 'value out of range: overflow' on 1e305 × 10,001 rather than answering Infinity.
  const over = sql.join(
    adjusted.map(({ field, value }) => sql`(case when ${sql.ref(field)} > ${MAX_MONEY} then 1 when ${value} > ${MAX_MONEY} then 1 else 0 end) = 1`),
    sql` or `,
  );
  const { rows } = await sql<{ sku: string; n: number }>`select sku, count(*) over () as n from products
    where ${where} and (${over}) order by sku limit ${NAMED_SKUS}`.execute(trx);
  if (!rows.length) return;
  const message = BULK_MESSAGES.tooLarge(rows.map((r) => r.sku), Number(rows[0]!.n));
  throw badRequest(message, { updateData: message });
}

async function countWhere(trx: Transaction<DB>, condition: RawBuilder<unknown>, extra: RawBuilder<unknown>) {
  const row = await sql<{ n: number }>`select count(*) as n from products where ${condition} and ${extra}`.execute(trx);
  return Number(row.rows[0]!.n);
}

/**
 * Stock and status set on many products by the one rule (resolveStock). A quantity set on an
 * untracked product starts tracking it; what status each row takes can depend only on its present
 * status (a backorder product stays on backorder at 0), so the rule is asked once per status and
 * written as one CASE. A status alone keeps each row's quantity; out_of_stock where a row holds a
 * positive quantity is refused, naming the count.
 */
async function stockChanges(trx: Transaction<DB>, priced: RawBuilder<SqlBool>, data: Pick<BulkUpdateData, 'stock' | 'stock_status'>) {
  const { stock, stock_status } = data;
  if (stock === undefined && stock_status === undefined) return {};
  const field = 'updateData.stock_status';
  if (stock === undefined) {
    const contradicting = stock_status === 'out_of_stock' ? await countWhere(trx, priced, sql`stock > 0`) : 0;
    if (contradicting) throw badRequest(BULK_MESSAGES.stockContradiction(contradicting), { [field]: BULK_MESSAGES.stockContradiction(contradicting) });
    return { stock_status };
  }
  const byStatus = STOCK_STATUSES.map((current) => {
    const result = resolveStock({ stock, stock_status }, { stock: 0, stock_status: current });
    if (!result.ok) throw badRequest(result.message, { [field]: result.message });
    return [current, result.value] as const;
  });
  const [, first] = byStatus[0]!;
  const status = sql.join(byStatus.map(([current, value]) => sql`when ${current} then ${value.stock_status}`), sql` `);
  return { stock: first.stock, stock_status: sql<string>`case stock_status ${status} end` };
}

/**
 * Where a change of stock or prices lands: the targeted products that are not variable, and the
 * variations of those that are (a variable product's stock and prices are its variations').
 */
const variationLevel = (where: RawBuilder<SqlBool>) =>
  sql<SqlBool>`(((${where}) and kind <> 'variable') or parent_id in (select id from products where (${where}) and kind = 'variable'))`;

/**
 * Applies the same change to every targeted product in one transaction: all or nothing. Only the
 * fields sent change; prices may be set or adjusted; a special price under vendor cost is refused
 * unless the caller allows it. Stock and prices of a variable product go to its variations, with
 * the same bounds and guard; its other fields are its own (its variations read them from it).
 */
export async function bulkUpdateProducts(
  db: Kysely<DB>,
  dialect: Dialect,
  target: BulkTarget,
  data: BulkUpdateData,
  allowSpecialBelowCost = false,
  userId: number | null = null,
  sqlite?: SQLite.Database,
) {
  const { list_price, market_price, vendor_cost, special_price, stock, stock_status, add_tags, remove_tags, ...plain } = data;
  const prices = { list_price, market_price, vendor_cost, special_price };
  return recordedChange(db, dialect, { source: 'bulk_edit', userId }, async (trx, changeId) => {
    const where = sql<SqlBool>`id in ${idSet(dialect, await targetIds(trx, dialect, target))}`;
    const priced = variationLevel(where);
    if (plain.vendor_id !== undefined || plain.vendor_category_id !== undefined || plain.store_category_id !== undefined) {
      await assertReferencesForBulk(trx, where, plain);
    }
    const now = nowIso();
    const changes: Record<string, unknown> = { ...(await stockChanges(trx, priced, { stock, stock_status })), updated_at: now };
    const adjusted: { field: string; value: RawBuilder<number> }[] = [];
    for (const field of PRICE_FIELDS) {
      const change = prices[field];
      if (change === undefined) continue;
      if (typeof change === 'number') {
        changes[field] = change;
      } else {
        if (change.op === 'decrease') {
          const below = await countWhere(trx, priced, sql`${adjustedPrice(field, change)} < 0`);
          if (below) throw badRequest(BULK_MESSAGES.negativePrice(field, below), { [`updateData.${field}`]: BULK_MESSAGES.negativePrice(field, below) });
        }
        changes[field] = adjustedPrice(field, change);
        if (change.op === 'increase') adjusted.push({ field, value: adjustedPrice(field, change) });
      }
    }
    await assertWithinBounds(trx, priced, adjusted);
    const own: Record<string, unknown> = productColumns(plain);
    // A vendor category set with no shop category given: the products left without one take the
    // mapped one (issue 23), in the same statement (a filter on the vendor category matches none afterwards).
    if (plain.vendor_category_id != null && plain.store_category_id == null) {
      const { store_category_id: mapped } = await mappedCategoryColumn(trx, plain.vendor_category_id, null);
      if (mapped !== undefined) own.store_category_id = plain.store_category_id === null ? mapped : sql`coalesce(store_category_id, ${mapped})`;
    }
    // The products the change names, counted before it: whichever of its rows take which field.
    const targeted = Object.keys(own).length ? undefined : await countWhere(trx, where, sql`1 = 1`);
    // A variation's other fields are its parent's: they are written on products only.
    const ownUpdate = Object.keys(own).length
      ? trx.updateTable('products').set({ ...own, updated_at: now }).where(sql<SqlBool>`(${where}) and parent_id is null`)
      : undefined;
    const pricedUpdate = Object.keys(changes).length > 1 ? trx.updateTable('products').set(changes).where(priced) : undefined;
    const columns = [...Object.keys(own), ...Object.keys(changes), 'updated_at'];
    const [result, pricedResult] = await writeUpdates(trx, sqlite, [ownUpdate, pricedUpdate], { where, columns });
    await changeTags(trx, dialect, where, { add: add_tags, remove: remove_tags }, now);
    if (!allowSpecialBelowCost && (special_price !== undefined || vendor_cost !== undefined)) {
      const below = await countWhere(trx, priced, sql`special_price < vendor_cost`);
      // Throwing inside the transaction rolls the whole update back.
      if (below) throw badRequest(BULK_MESSAGES.specialBelowCost(below), { 'updateData.special_price': BULK_MESSAGES.specialBelowCost(below) });
    }
    // The products the change names: the selection itself, whichever of its rows took which field.
    const updated = result ?? targeted!;
    const variations = pricedResult ? await countWhere(trx, priced, sql`parent_id is not null`) : 0;
    return { message: BULK_MESSAGES.updated(updated) + (variations ? ` (stock and prices on ${plural(variations, 'variation')})` : ''), updated, changeId: updated ? changeId : null };
  });
}

/**
 * Runs the change's UPDATEs (undefined: nothing to write), answering how many rows each wrote. On
 * SQLite they run as one bulk write (db/sqlite-bulk-products.ts), as an import's batch does: the
 * row triggers (history, quality bits, counts, search) stand aside and do their work set-based over
 * the rows written, and only for the columns it sets (columns): the search entries, counts and
 * GTIN keys of a price change stay as they are, and its history compares prices only. Row by row,
 * the history trigger's JSON alone cost about 0.9 s of a 100k-product price change (issue 20).
 */
async function writeUpdates(
  trx: Transaction<DB>,
  sqlite: SQLite.Database | undefined,
  updates: Array<UpdateQueryBuilder<DB, 'products', 'products', UpdateResult> | undefined>,
  { where, columns }: { where: RawBuilder<SqlBool>; columns: string[] },
): Promise<Array<number | undefined>> {
  if (!sqlite) {
    const counts: Array<number | undefined> = [];
    for (const update of updates) counts.push(update ? Number((await update.executeTakeFirst()).numUpdatedRows) : undefined);
    return counts;
  }
  // The rows the UPDATEs may write: the targeted ones and the variations of the targeted variable
  // products (variationLevel), each once (the bulk write takes a stored row's search entry out once).
  const { rows } = await sql<{ id: number }>`select id from products where ${where}
    union select id from products where parent_id in (select id from products where (${where}) and kind = 'variable')`.execute(trx);
  const compiled = updates.map((update) => update?.compile());
  return connectionBulkProducts(sqlite)(
    rows.map((r) => r.id),
    () => compiled.map((query) => (query ? sqlite.prepare(query.sql).run(...query.parameters).changes : undefined)),
    { columns },
  );
}

const NAMED_TAG_SKUS = 10;

/**
 * Adds and removes tags on every targeted product (not on variations: theirs are the parent's),
 * set-based: one statement each, over the products it changes only. A tag a product has already
 * (same key, any ASCII case) is not added again; removing goes by key. A product that would end
 * with more than MAX_TAGS tags refuses the whole change, naming it.
 */
async function changeTags(trx: Transaction<DB>, dialect: Dialect, where: RawBuilder<SqlBool>, change: { add?: string[]; remove?: string[] }, now: string) {
  const own = (json: RawBuilder<unknown>) => jsonTextElements(dialect, json);
  const keys = (json: RawBuilder<unknown>) => sql`(select ${tagKeyOf(dialect, sql.ref('value'))} from ${own(json)} as k)`;
  const stored = sql`products.tags`;
  const targeted = sql<SqlBool>`(${where}) and parent_id is null`;
  if (change.remove?.length) {
    const removed = JSON.stringify(change.remove);
    const kept = sql`(select value, ord from ${own(stored)} as t where ${tagKeyOf(dialect, sql.ref('t.value'))} not in ${keys(sql`${removed}`)})`;
    await sql`update products set tags = ${jsonArray(dialect, kept)}, updated_at = ${now}
      where ${targeted} and id in (select product_id from product_tags where tag in (${sql.join(change.remove.map(tagKey))}))`.execute(trx);
  }
  if (!change.add?.length) return;
  const added = JSON.stringify(change.add);
  const missing = sql`(select value, ord from ${own(sql`${added}`)} as a where ${tagKeyOf(dialect, sql.ref('a.value'))} not in ${keys(stored)})`;
  const lacking = sql<SqlBool>`${targeted} and exists (select 1 from ${missing} as m)`;
  const total = sql`((select count(*) from ${own(stored)} as t) + (select count(*) from ${missing} as m))`;
  const { rows } = await sql<{ sku: string; n: number }>`select sku, count(*) over () as n from products
    where ${lacking} and ${total} > ${MAX_TAGS} order by sku limit ${NAMED_TAG_SKUS}`.execute(trx);
  if (rows.length) {
    const message = BULK_MESSAGES.tooManyTags(Number(rows[0]!.n), rows.map((r) => r.sku));
    throw badRequest(message, { 'updateData.add_tags': message });
  }
  // The stored tags first, then the new ones, each in its own order.
  const merged = sql`(select value, ord from ${own(stored)} as t union all select value, ord + ${TAG_ORDER_GAP} from ${missing} as m)`;
  await sql`update products set tags = ${jsonArray(dialect, merged)}, updated_at = ${now} where ${lacking}`.execute(trx);
}

/** Orders the added tags after the stored ones (a product has at most MAX_TAGS). */
const TAG_ORDER_GAP = 1_000_000;

/** The rows (value, ord) of a subquery as a JSON array of text in ord order; '[]' for none. */
function jsonArray(dialect: Dialect, rows: RawBuilder<unknown>) {
  return dialect === 'postgres'
    ? sql`(select coalesce(jsonb_agg(r.value order by r.ord), '[]'::jsonb)::text from ${rows} as r)`
    : sql`(select coalesce(json_group_array(r.value), '[]') from (select value from ${rows} as x order by ord) as r)`;
}

/** The same reference rules as a single edit, checked against every targeted product's vendor. */
async function assertReferencesForBulk(trx: Transaction<DB>, where: RawBuilder<unknown>, data: BulkUpdateData) {
  const vendorIds =
    data.vendor_id !== undefined
      ? [data.vendor_id]
      : (await sql<{ vendor_id: number | null }>`select distinct vendor_id from products where ${where}`.execute(trx)).rows.map((r) => r.vendor_id);
  for (const vendorId of vendorIds.length ? vendorIds : [null]) {
    await assertReferencesValid(trx, {
      vendor_id: vendorId ?? null,
      vendor_category_id: data.vendor_category_id ?? null,
      store_category_id: data.store_category_id ?? null,
    });
  }
}
