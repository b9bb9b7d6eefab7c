import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, VendorRow, VendorsTable } from '../../db/types.js';
import type { Insertable, Updateable } from 'kysely';

export const vendorIdExists = async (db: Kysely<DB>, id: number) =>
  (await db.selectFrom('vendors').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const findVendorById = (db: Kysely<DB>, id: number): Promise<VendorRow | undefined> =>
  db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();

export async function findVendorIdByName(db: Kysely<DB>, name: string, exceptId?: number): Promise<number | undefined> {
  let query = db.selectFrom('vendors').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export const listVendorRows = (db: Kysely<DB>): Promise<VendorRow[]> =>
  db.selectFrom('vendors').selectAll().orderBy('name').orderBy('id').execute();

export const listVendorNameRows = (db: Kysely<DB>): Promise<Pick<VendorRow, 'id' | 'name' | 'product_count'>[]> =>
  db.selectFrom('vendors').select(['id', 'name', 'product_count']).orderBy('name').orderBy('id').execute();

export async function insertVendor(db: Kysely<DB>, values: Insertable<VendorsTable>): Promise<VendorRow> {
  const { id } = await db.insertInto('vendors').values(values).returning('id').executeTakeFirstOrThrow();
  return (await findVendorById(db, id))!;
}

export async function updateVendorRow(db: Kysely<DB>, id: number, changes: Updateable<VendorsTable>) {
  await db.updateTable('vendors').set(changes).where('id', '=', id).execute();
  return findVendorById(db, id);
}

/** Products first, then categories, then the vendor, so no row ever points at a deleted one. */
/** Whether the vendor has any product, and any category (what deleting it would take with it). */
export async function findVendorDependents(trx: Transaction<DB>, id: number) {
  const [product, category] = await Promise.all([
    trx.selectFrom('products').select('id').where('vendor_id', '=', id).limit(1).executeTakeFirst(),
    trx.selectFrom('categories').select('id').where('vendor_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return { hasProducts: product !== undefined, hasCategories: category !== undefined };
}

export async function deleteVendorCascade(trx: Transaction<DB>, id: number) {
  const products = await trx.deleteFrom('products').where('vendor_id', '=', id).executeTakeFirst();
  // Counted before deleting: SQLite does not report the subcategories that go by cascade.
  const categories = await trx
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vendor_id', '=', id)
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('categories').where('vendor_id', '=', id).execute();
  const vendor = await trx.deleteFrom('vendors').where('id', '=', id).executeTakeFirst();
  return {
    vendorDeleted: Number(vendor.numDeletedRows) > 0,
    deletedProducts: Number(products.numDeletedRows),
    deletedCategories: Number(categories.n),
  };
}
