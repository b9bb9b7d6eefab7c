import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';

/** Vendor categories (one vendor's, or every vendor's) with their vendor's name and kept direct counts: one query. */
export function listVendorCategoryNodes(db: Kysely<DB>, vendorId?: number) {
  let query = db
    .selectFrom('categories as c')
    .leftJoin('vendors as v', 'v.id', 'c.vendor_id')
    .select(['c.id', 'c.name', 'c.parent_id', 'c.path', 'c.level', 'c.vendor_id', 'c.direct_product_count', 'v.name as vendor_name'])
    .where('c.type', '=', 'vendor');
  if (vendorId !== undefined) query = query.where('c.vendor_id', '=', vendorId);
  return query.execute();
}
export type VendorCategoryNode = Awaited<ReturnType<typeof listVendorCategoryNodes>>[number];

/** The vendor categories' own mappings (one vendor's, or all): vendor category id -> shop category id. */
export async function readOwnMappings(db: Kysely<DB>, vendorId?: number): Promise<Map<number, number>> {
  let query = db
    .selectFrom('category_mappings as m')
    .innerJoin('categories as c', 'c.id', 'm.vendor_category_id')
    .select(['m.vendor_category_id', 'm.store_category_id']);
  if (vendorId !== undefined) query = query.where('c.vendor_id', '=', vendorId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.vendor_category_id, r.store_category_id]));
}

/** The shop's tree, every node (a few thousand at most). */
export const listStoreCategoryNodes = (db: Kysely<DB>) =>
  db.selectFrom('categories').select(['id', 'name', 'parent_id', 'path', 'level']).where('type', '=', 'store').execute();

export const findCategoriesOfIds = (db: Kysely<DB>, ids: number[]) =>
  ids.length ? db.selectFrom('categories').select(['id', 'type', 'vendor_id', 'path', 'name']).where('id', 'in', ids).execute() : Promise.resolve([]);

/**
 * Per lower-case name, where vendor categories of that name are mapped: name -> (shop category ->
 * how many). For the suggestions of one page's names: one grouped query.
 */
export async function mappingsOfNames(db: Kysely<DB>, names: string[]): Promise<Map<string, Map<number, number>>> {
  const result = new Map<string, Map<number, number>>();
  if (!names.length) return result;
  const rows = await db
    .selectFrom('category_mappings as m')
    .innerJoin('categories as c', 'c.id', 'm.vendor_category_id')
    .select([sql<string>`lower(c.name)`.as('name'), 'm.store_category_id', sql<number>`count(*)`.as('n')])
    .where(sql<string>`lower(c.name)`, 'in', names)
    .groupBy([sql`lower(c.name)`, 'm.store_category_id'])
    .execute();
  for (const r of rows) {
    let targets = result.get(r.name);
    if (!targets) result.set(r.name, (targets = new Map()));
    targets.set(r.store_category_id, Number(r.n));
  }
  return result;
}

/**
 * Listed products of one vendor (or of every vendor), and those of them without a shop category:
 * the first from the vendors' kept counts (migration 0007; a variation has no vendor of its own),
 * the second over the partial index of migration 0037. Neither reads a product row.
 */
export async function countVendorProducts(db: Kysely<DB>, vendorId?: number) {
  let total = db.selectFrom('vendors').select(sql<number>`coalesce(sum(product_count), 0)`.as('n'));
  let without = db.selectFrom('products').select(sql<number>`count(*)`.as('n')).where('store_category_id', 'is', null).where('parent_id', 'is', null);
  if (vendorId === undefined) without = without.where('vendor_id', 'is not', null);
  else {
    total = total.where('id', '=', vendorId);
    without = without.where('vendor_id', '=', vendorId);
  }
  const [all, missing] = await Promise.all([total.executeTakeFirstOrThrow(), without.executeTakeFirstOrThrow()]);
  return { products: Number(all.n), without: Number(missing.n) };
}

export async function upsertMappings(db: Kysely<DB>, rows: Array<{ vendor_category_id: number; store_category_id: number }>, userId: number | null, now: string) {
  if (!rows.length) return;
  await db
    .insertInto('category_mappings')
    .values(rows.map((r) => ({ ...r, updated_by: userId, updated_at: now })))
    .onConflict((oc) => oc.column('vendor_category_id').doUpdateSet({ store_category_id: sql`excluded.store_category_id`, updated_by: userId, updated_at: now }))
    .execute();
}

export async function deleteMappings(db: Kysely<DB>, vendorCategoryIds: number[]) {
  if (vendorCategoryIds.length) await db.deleteFrom('category_mappings').where('vendor_category_id', 'in', vendorCategoryIds).execute();
}

/** A list of ids as one parameter: json_each on SQLite, an array on PostgreSQL (no statement with thousands of parameters). */
const idList = (dialect: Dialect, ids: number[]) =>
  dialect === 'sqlite' ? sql<number>`(select value from json_each(${JSON.stringify(ids)}))` : sql<number>`(select unnest(${ids}::int[]))`;

/** Which products a target reaches: in these vendor categories, and (missing) without a shop category or (other) with another. */
function reached(db: Kysely<DB>, dialect: Dialect, storeId: number, vendorCategoryIds: number[], which: 'missing' | 'other' | 'override') {
  const q = db.selectFrom('products').where('vendor_category_id', 'in', idList(dialect, vendorCategoryIds));
  if (which === 'missing') return q.where('store_category_id', 'is', null);
  if (which === 'other') return q.where('store_category_id', 'is not', null).where('store_category_id', '!=', storeId);
  return q.where((eb) => eb.or([eb('store_category_id', 'is', null), eb('store_category_id', '!=', storeId)]));
}

export async function countReachedProducts(db: Kysely<DB>, dialect: Dialect, storeId: number, vendorCategoryIds: number[], which: 'missing' | 'other') {
  const row = await reached(db, dialect, storeId, vendorCategoryIds, which).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives the reached products the shop category: one statement per target; answers how many changed. */
export async function setStoreCategory(db: Kysely<DB>, dialect: Dialect, storeId: number, vendorCategoryIds: number[], which: 'missing' | 'override', now: string) {
  const ids = idList(dialect, vendorCategoryIds);
  let q = db.updateTable('products').set({ store_category_id: storeId, updated_at: now }).where('vendor_category_id', 'in', ids);
  q = which === 'missing' ? q.where('store_category_id', 'is', null) : q.where((eb) => eb.or([eb('store_category_id', 'is', null), eb('store_category_id', '!=', storeId)]));
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The shop category a vendor category passes on: its own mapping, else its nearest mapped ancestor's (null: none). Two indexed reads. */
export async function mappedStoreCategoryOf(db: Kysely<DB>, vendorCategoryId: number): Promise<number | null> {
  const category = await db.selectFrom('categories').select('path').where('id', '=', vendorCategoryId).where('type', '=', 'vendor').executeTakeFirst();
  if (!category) return null;
  const ids = category.path.split('/').filter(Boolean).map(Number);
  const rows = await db.selectFrom('category_mappings').select(['vendor_category_id', 'store_category_id']).where('vendor_category_id', 'in', ids).execute();
  const deepest = rows.sort((a, b) => ids.indexOf(b.vendor_category_id) - ids.indexOf(a.vendor_category_id))[0];
  return deepest?.store_category_id ?? null;
}
