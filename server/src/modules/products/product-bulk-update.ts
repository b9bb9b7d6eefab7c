import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import {
  BULK_MESSAGES,
  PRICE_FIELDS,
  type BulkUpdateData,
  type PriceAdjustment,
  type ProductFilterQuery,
} from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../errors.js';
import { assertReferencesValid, productColumns } from './product-writes.service.js';
import { matchingProductIds } from './products.repository.js';

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

/** The target as a condition on products.id: the listed ids, or the list's filter as a subquery. */
function targetCondition(trx: Transaction<DB>, dialect: Dialect, target: BulkTarget): RawBuilder<SqlBool> {
  return target.ids?.length ? sql<SqlBool>`id in (${sql.join([...new Set(target.ids)])})` 
    : sql<SqlBool>`id in (${matchingProductIds(trx, dialect, target.filter!)})`;
}

async function countWhere(trx: Transaction<DB>, condition: RawBuilder<unknown>, extra: RawBuilder<unknown>) {
  const row = await sql<{ n: number }>`select count(*) as n from products where ${condition} and ${extra}`.execute(trx);
  return Number(row.rows[0]!.n);
}

/**
 * Applies the same change to every targeted product in one transaction: all or nothing. Only the
 * fields sent change; prices may be set or adjusted; a special price under vendor cost is refused
 * unless the caller allows it.
 */
export async function bulkUpdateProducts(
  db: Kysely<DB>,
  dialect: Dialect,
  target: BulkTarget,
  data: BulkUpdateData,
  allowSpecialBelowCost = false,
) {
  const { list_price, market_price, vendor_cost, special_price, ...plain } = data;
  const prices = { list_price, market_price, vendor_cost, special_price };
  return db.transaction().execute(async (trx) => {
    const where = targetCondition(trx, dialect, target);
    if (plain.vendor_id !== undefined || plain.vendor_category_id !== undefined || plain.store_category_id !== undefined) {
      await assertReferencesForBulk(trx, where, plain);
    }
    const changes: Record<string, unknown> = { ...productColumns(plain), updated_at: nowIso() };
    for (const field of PRICE_FIELDS) {
      const change = prices[field];
      if (change === undefined) continue;
      if (typeof change === 'number') {
        changes[field] = change;
      } else {
        if (change.op === 'decrease') {
          const below = await countWhere(trx, where, sql`${adjustedPrice(field, change)} < 0`);
          if (below) throw badRequest(BULK_MESSAGES.negativePrice(field, below), { [`updateData.${field}`]: BULK_MESSAGES.negativePrice(field, below) });
        }
        changes[field] = adjustedPrice(field, change);
      }
    }
    const result = await trx.updateTable('products').set(changes).where(where).executeTakeFirst();
    if (!allowSpecialBelowCost && (special_price !== undefined || vendor_cost !== undefined)) {
      const below = await countWhere(trx, where, sql`special_price < vendor_cost`);
      // Throwing inside the transaction rolls the whole update back.
      if (below) throw badRequest(BULK_MESSAGES.specialBelowCost(below), { 'updateData.special_price': BULK_MESSAGES.specialBelowCost(below) });
    }
    const updated = Number(result.numUpdatedRows);
    return { message: BULK_MESSAGES.updated(updated), updated };
  });
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
