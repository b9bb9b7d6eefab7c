import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock.js';
import { statusOfQuantity } from '@bosun/shared';
import type { DB, NewProductRow } from '../db/types.js';

export async function insertVendor(db: Kysely<DB>, name: string, status: 'active' | 'inactive' | 'pending' = 'active') {
  const now = nowIso();
  const { id } = await db
    .insertInto('vendors')
    .values({ name, status, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

let skuCounter = 0;

/** The status the shared rule gives the fixture's stock (5 when not given) unless the fixture names one. */
const stockStatusOf = (fields: Partial<NewProductRow>) => {
  if (fields.stock_status) return fields.stock_status;
  const stock = fields.stock === undefined ? 5 : fields.stock;
  return stock === null ? 'in_stock' : statusOfQuantity(stock);
};

export async function insertProduct(db: Kysely<DB>, fields: Partial<NewProductRow> = {}) {
  const now = nowIso();
  skuCounter += 1;
  const { id } = await db
    .insertInto('products')
    .values({ sku: `SKU-${skuCounter}`, name: `Product ${skuCounter}`, stock: 5, created_at: now, updated_at: now, ...fields, stock_status: stockStatusOf(fields) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertCategory(
  db: Kysely<DB>,
  fields: { name: string; type: 'vendor' | 'store'; vendor_id?: number | null; parent?: { id: number; path: string; level: number } },
) {
  const now = nowIso();
  const { id } = await db
    .insertInto('categories')
    .values({
      name: fields.name,
      type: fields.type,
      vendor_id: fields.vendor_id ?? null,
      parent_id: fields.parent?.id ?? null,
      level: (fields.parent?.level ?? 0) + 1,
      path: 'pending',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${fields.parent?.path ?? '/'}${id}/`;
  await db.updateTable('categories').set({ path }).where('id', '=', id).execute();
  return { id, path, level: (fields.parent?.level ?? 0) + 1 };
}
