import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, VendorRow, VendorsTable } from '../../db/types.js';
import type { Insertable, Updateable } from 'kysely';

export interface VendorCounts {
  product_count: number;
  in_stock_count: number;
  out_of_stock_count: number;
  category_count: number;
}

export const findVendorById = (db: Kysely<DB>, id: number): Promise<VendorRow | undefined> =>
  db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();

export async function findVendorIdByName(db: Kysely<DB>, name: string, exceptId?: number): Promise<number | undefined> {
  let query = db.selectFrom('vendors').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export const listVendorRows = (db: Kysely<DB>): Promise<VendorRow[]> =>
  db.selectFrom('vendors').selectAll().orderBy('name').orderBy('id').execute();

/**
 * Product and category counts of the given vendors (all when ids is undefined) in two grouped
 * queries, whatever the number of vendors.
 */
export async function countByVendor(db: Kysely<DB>, ids?: number[]): Promise<Map<number, VendorCounts>> {
  let products = db
    .selectFrom('products')
    .select([
      'vendor_id',
      sql<number>`count(*)`.as('product_count'),
      sql<number>`sum(case when stock > 0 then 1 else 0 end)`.as('in_stock_count'),
    ])
    .where('vendor_id', 'is not', null)
    .groupBy('vendor_id');
  let categories = db
    .selectFrom('categories')
    .select(['vendor_id', sql<number>`count(*)`.as('category_count')])
    .where('vendor_id', 'is not', null)
    .groupBy('vendor_id');
  if (ids) {
    products = products.where('vendor_id', 'in', ids);
    categories = categories.where('vendor_id', 'in', ids);
  }
  const [productRows, categoryRows] = await Promise.all([products.execute(), categories.execute()]);
  const counts = new Map<number, VendorCounts>();
  const entry = (id: number) => {
    let c = counts.get(id);
    if (!c) counts.set(id, (c = { product_count: 0, in_stock_count: 0, out_of_stock_count: 0, category_count: 0 }));
    return c;
  };
  for (const r of productRows) {
    const c = entry(r.vendor_id!);
    c.product_count = Number(r.product_count);
    c.in_stock_count = Number(r.in_stock_count);
    c.out_of_stock_count = c.product_count - c.in_stock_count;
  }
  for (const r of categoryRows) entry(r.vendor_id!).category_count = Number(r.category_count);
  return counts;
}

export async function insertVendor(db: Kysely<DB>, values: Insertable<VendorsTable>): Promise<VendorRow> {
  const { id } = await db.insertInto('vendors').values(values).returning('id').executeTakeFirstOrThrow();
  return (await findVendorById(db, id))!;
}

export async function updateVendorRow(db: Kysely<DB>, id: number, changes: Updateable<VendorsTable>) {
  await db.updateTable('vendors').set(changes).where('id', '=', id).execute();
  return findVendorById(db, id);
}

/** Products first, then categories, then the vendor, so no row ever points at a deleted one. */
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
