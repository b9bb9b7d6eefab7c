import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock.js';
import type { DB, NewProductRow } from '../db/types.js';

export async function insertVendor(db: Kysely<DB>, name: string, status: 'active' | 'inactive' | 'pending' = 'active') {
  const now = nowIso();
  const { id } = await db
    .insertInto('vendors')
    .values({ name, status, created_at: now, updated_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

let skuCounter = 0;

export async function insertProduct(db: Kysely<DB>, fields: Partial<NewProductRow> = {}) {
  const now = nowIso();
  skuCounter += 1;
  const { id } = await db
    .insertInto('products')
    .values({ sku: `SKU-${skuCounter}`, name: `Product ${skuCounter}`, stock: 5, created_at: now, updated_at: now, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
