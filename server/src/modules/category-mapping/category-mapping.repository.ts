import type SQLite from 'better-sqlite3';
import { QUALITY_CHECKS } from '@bosun/shared/quality-bits';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { failsCheckSql } from '../../db/quality-sql.js';
import { idSet } from '../../db/id-set.js';
import { asStoreCategoryWrite } from '../../db/store-category-write.js';
import { connectionBulkProducts } from '../../db/sqlite-bulk-products.js';
import { idsOf, mappedAlongPath } from './mapping-tree.js';
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

/**
 * A shop category merged into another: the vendor categories mapped to it are mapped to the one
 * kept (deleting it would take their mappings with it, ON DELETE CASCADE). Before the delete.
 */
export async function remapStoreCategory(db: Kysely<DB>, fromId: number, toId: number) {
  await db.updateTable('category_mappings').set({ store_category_id: toId }).where('store_category_id', '=', fromId).execute();
}

export async function deleteMappings(db: Kysely<DB>, vendorCategoryIds: number[]) {
  if (vendorCategoryIds.length) await db.deleteFrom('category_mappings').where('vendor_category_id', 'in', vendorCategoryIds).execute();
}

/**
 * Which products a target reaches, as a read's FROM and WHERE: in these vendor categories, and
 * (missing) without a shop category or (other) with another. 'missing' is read from the partial
 * index of the listed products without one (migration 0051): `parent_id is null` says nothing new
 * (a variation has no categories of its own) but is that index's condition. SQLite, which keeps no
 * statistics here, would start from the shop category index instead (every product without one,
 * each looked up: 1.5-1.9 s of 100k products' apply), so the index is named there.
 */
export function reachedProducts(dialect: Dialect, storeId: number, vendorCategoryIds: number[], which: 'missing' | 'other') {
  const inCategories = sql`vendor_category_id in ${idSet(dialect, vendorCategoryIds)} and parent_id is null`;
  if (which === 'other') return sql`from products where ${inCategories} and store_category_id is not null and store_category_id <> ${storeId}`;
  const from = dialect === 'sqlite' ? sql`from products indexed by products_unmapped_by_vendor_category_idx` : sql`from products`;
  return sql`${from} where ${inCategories} and store_category_id is null`;
}

export async function countReachedProducts(db: Kysely<DB>, dialect: Dialect, storeId: number, vendorCategoryIds: number[], which: 'missing' | 'other') {
  const { rows } = await sql<{ n: number }>`select count(*) as n ${reachedProducts(dialect, storeId, vendorCategoryIds, which)}`.execute(db);
  return Number(rows[0]!.n);
}

/** What the apply does: each shop category with the vendor categories whose products take it. */
export interface MappingTarget {
  storeId: number;
  vendorCategoryIds: number[];
}

/** PostgreSQL: the targets as rows (vc: vendor category id, store: shop category id), two array parameters. */
function targetPairs(targets: MappingTarget[]) {
  const pairs = targets.flatMap((t) => t.vendorCategoryIds.map((vc) => [vc, t.storeId] as const));
  return sql`(select unnest(${pairs.map((p) => p[0])}::int[]) as vc, unnest(${pairs.map((p) => p[1])}::int[]) as store)`;
}

/** Which reached products change: those without a shop category, or (override) every one with another. */
const changes = (which: 'missing' | 'override') =>
  which === 'missing' ? sql`p.store_category_id is null and p.parent_id is null` : sql`p.store_category_id is distinct from t.store and p.parent_id is null`;

/** Once a product has a shop category only the 'no shop category' check can change on it (a variation never fails it). */
const BITS_WITH_STORE_CATEGORY = ~QUALITY_CHECKS.no_store_category.bit;

/**
 * What a product gains in checks passed (migration 0044) when it gets a shop category: one, if it
 * failed 'no shop category' and that check is switched on (a switched-off check counts neither way,
 * qualityPassedSql); its other checks do not read the shop category.
 */
const PASSES_ONE_MORE = `(case when ${failsCheckSql('no_store_category', 'p.', 'row')} and (select coalesce(max(quality_disabled), 0) from settings where id = 1) & ${QUALITY_CHECKS.no_store_category.bit} = 0 then 1 else 0 end)`;

/**
 * PostgreSQL: every target in one UPDATE, so each statement trigger runs once over the whole set,
 * as a store-category write (store-category-write.ts): the history entries are written first
 * from the rows as they are, the statement clears the quality bit and counts the check passed
 * itself, and the triggers that read neither stand aside. Answers how many changed.
 */
export async function setStoreCategoriesPostgres(db: Kysely<DB>, changeId: number, targets: MappingTarget[], which: 'missing' | 'override', now: string) {
  const reachedRows = sql`from products p join ${targetPairs(targets)} t on p.vendor_category_id = t.vc where ${changes(which)}`;
  // As the history trigger writes them (migration 0023): the changed column, old and new; a second write by the change merges.
  await sql`insert into product_changes (change_id, product_id, action, before, after)
    select ${changeId}, p.id, 'updated', jsonb_build_object('store_category_id', p.store_category_id), jsonb_build_object('store_category_id', t.store) ${reachedRows}
    on conflict (change_id, product_id, action) do update set before = excluded.before || product_changes.before, after = product_changes.after || excluded.after`.execute(db);
  const result = await asStoreCategoryWrite(db, () =>
    sql`update products p set store_category_id = t.store, updated_at = ${now}, quality_problems = p.quality_problems & ${BITS_WITH_STORE_CATEGORY},
      quality_passed = p.quality_passed + ${sql.raw(PASSES_ONE_MORE)}
      from ${targetPairs(targets)} t where p.vendor_category_id = t.vc and ${changes(which)}`.execute(db),
  );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * SQLite: the reached products found in one read, then written as one bulk write of the import's
 * kind (db/sqlite-bulk-products.ts): the row triggers (history, counts, quality bits) are
 * suspended and their work done set-based over exactly these rows. Inside db's transaction, on
 * its connection. Answers how many changed.
 */
export async function setStoreCategoriesSqlite(db: Kysely<DB>, connection: SQLite.Database, targets: MappingTarget[], which: 'missing' | 'override', now: string) {
  // One read per target, its vendor categories as an IN list: a join with the pairs' json_each
  // (which has no index) was planned as a scan of it for every product, 15 s for 20k products.
  const byStore: Array<{ storeId: number; ids: number[] }> = [];
  for (const t of targets) {
    // Override: the products without one and those with another.
    const reads = which === 'missing' ? (['missing'] as const) : (['missing', 'other'] as const);
    const ids: number[] = [];
    for (const read of reads) {
      const { rows } = await sql<{ id: number }>`select id ${reachedProducts('sqlite', t.storeId, t.vendorCategoryIds, read)}`.execute(db);
      for (const r of rows) ids.push(r.id);
    }
    byStore.push({ storeId: t.storeId, ids });
  }
  const all = byStore.flatMap((t) => t.ids);
  if (!all.length) return 0;
  // The bit and the checks passed set here as the PostgreSQL statement sets them (from the row as it
  // was), so the bulk write leaves its recounts out (BulkKept.quality).
  const update = connection.prepare(`update products as p set store_category_id = ?, updated_at = ?, quality_problems = p.quality_problems & ${BITS_WITH_STORE_CATEGORY},
    quality_passed = p.quality_passed + ${PASSES_ONE_MORE} where p.id in (select value from json_each(?))`);
  // Only these columns change: the search entries, tag keys, vendor counts, the other bits, the GTIN
  // keys and the parents' bits stay (a variation never fails 'no shop category'), and the history
  // compares only these (comparing every recorded column was 1.7 s of 100k products' 14 s).
  connectionBulkProducts(connection)(
    all,
    () => {
      for (const { storeId, ids } of byStore) if (ids.length) update.run(storeId, now, JSON.stringify(ids));
    },
    { quality: true, columns: ['store_category_id', 'updated_at', 'quality_problems', 'quality_passed'] },
  );
  return all.length;
}

/** The shop category a vendor category passes on (mappedAlongPath; null: none). Two indexed reads. */
export async function mappedStoreCategoryOf(db: Kysely<DB>, vendorCategoryId: number): Promise<number | null> {
  const category = await db.selectFrom('categories').select('path').where('id', '=', vendorCategoryId).where('type', '=', 'vendor').executeTakeFirst();
  if (!category) return null;
  const ids = idsOf(category.path);
  const rows = await db.selectFrom('category_mappings').select(['vendor_category_id', 'store_category_id']).where('vendor_category_id', 'in', ids).execute();
  return mappedAlongPath(ids, new Map(rows.map((r) => [r.vendor_category_id, r.store_category_id])));
}
