import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { childPath } from '../../db/category-path.js';
import type { CategoriesTable, CategoryRow, DB } from '../../db/types.js';
import type { Insertable, Updateable } from 'kysely';

export interface CategoryListFilter {
  vendorId?: number;
  type?: 'vendor' | 'store';
  /** Only the subtree whose root has this materialised path. */
  underPath?: string;
}

/** Categories joined to their vendor and parent, in tree order (level, name, id), filtered. */
function categoriesInTreeOrder(db: Kysely<DB>, filter: CategoryListFilter) {
  let query = db
    .selectFrom('categories as c')
    .leftJoin('vendors as v', 'v.id', 'c.vendor_id')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
    .orderBy('c.level')
    .orderBy('c.name')
    .orderBy('c.id');
  if (filter.vendorId !== undefined) query = query.where('c.vendor_id', '=', filter.vendorId);
  if (filter.type) query = query.where('c.type', '=', filter.type);
  if (filter.underPath) query = query.where('c.path', 'like', `${filter.underPath}%`);
  return query;
}

/** Categories with their vendor's and parent's names, in one query. */
export function listCategoryRows(db: Kysely<DB>, filter: CategoryListFilter = {}) {
  return categoriesInTreeOrder(db, filter).selectAll('c').select(['v.name as vendor_name', 'parent.name as parent_name']).execute();
}
export type CategoryWithNamesRow = Awaited<ReturnType<typeof listCategoryRows>>[number];

/** The API fields of a category except product_count, in the order of the Category schema. */
const CATEGORY_JSON_FIELDS: Array<[string, RawBuilder<unknown>]> = [
  ['id', sql`c.id`],
  ['name', sql`c.name`],
  ['type', sql`c.type`],
  ['description', sql`c.type`],
  ['parent_id', sql`c.parent_id`],
  ['parent_name', sql`parent.name`],
  ['vendor_id', sql`c.vendor_id`],
  ['vendor_name', sql`v.name`],
  ['level', sql`c.level`],
  ['status', sql`c.status`],
  ['created_at', sql`c.created_at`],
  ['updated_at', sql`c.updated_at`],
];

function jsonObject(dialect: Dialect, fields: Array<[string, RawBuilder<unknown>]>) {
  const args = sql.join(fields.flatMap(([key, value]) => [sql.lit(key), value]));
  return dialect === 'postgres' ? sql<string>`json_build_object(${args})::text` : sql<string>`json_object(${args})`;
}

/** The category tree's version (migration 0011), as a column: read in the same statement, so from the same snapshot. */
const treeVersion = sql<number>`(select version from change_versions where name = 'category_tree')`;

/** The category tree's version alone: a first check that costs far less than reading the counts. */
export async function readCategoryTreeVersion(db: Kysely<DB>): Promise<number | undefined> {
  const row = await db.selectNoFrom(treeVersion.as('version')).executeTakeFirst();
  return row?.version ?? undefined;
}

/**
 * The same rows as listCategoryRows, each with its API object already written as JSON by the
 * database: no row objects with a dozen properties, and no JSON.stringify of 3 MB in the request.
 * Every row also carries the tree's version.
 */
export function listCategoryJsonRows(db: Kysely<DB>, dialect: Dialect, filter: CategoryListFilter = {}) {
  return categoriesInTreeOrder(db, filter)
    .select(['c.id', 'c.parent_id', 'c.direct_product_count', jsonObject(dialect, CATEGORY_JSON_FIELDS).as('json'), treeVersion.as('version')])
    .execute();
}

/**
 * Every category's direct product count in id order, read as one comma-separated text with the
 * tree's version (one statement, one snapshot). One row instead of 5,000 row objects: a third of
 * the time on SQLite.
 */
export async function readCategoryCountsInIdOrder(db: Kysely<DB>, dialect: Dialect) {
  const joined =
    dialect === 'postgres'
      ? sql<string | null>`string_agg(direct_product_count::text, ',' order by id)`
      : sql<string | null>`group_concat(direct_product_count, ',' order by id)`;
  const row = await db
    .selectFrom('categories')
    .select([treeVersion.as('version'), joined.as('counts')])
    .executeTakeFirstOrThrow();
  return { version: row.version, counts: row.counts === null ? [] : row.counts.split(',').map(Number) };
}

export const findCategoryById = (db: Kysely<DB>, id: number): Promise<CategoryRow | undefined> =>
  db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();

export const findCategoriesByIds = (db: Kysely<DB>, ids: number[]): Promise<CategoryRow[]> =>
  ids.length ? db.selectFrom('categories').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

export async function hasSubcategories(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

/** The deepest level inside the subtree rooted at path (the root included). */
export async function maxLevelUnder(db: Kysely<DB>, path: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select(sql<number>`max(level)`.as('max_level'))
    .where('path', 'like', `${path}%`)
    .executeTakeFirstOrThrow();
  return Number(row.max_level ?? 0);
}

/** Inserts, then writes the path, which needs the new id. Call inside a transaction. */
export async function insertCategoryRow(
  trx: Transaction<DB>,
  values: Omit<Insertable<CategoriesTable>, 'path'>,
  /** The parent's path; none at the root. */
  parentPath: string | undefined,
): Promise<number> {
  const { id } = await trx.insertInto('categories').values({ ...values, path: '' }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('categories').set({ path: childPath(parentPath, id) }).where('id', '=', id).execute();
  return id;
}

export async function updateCategoryRow(db: Kysely<DB>, id: number, changes: Updateable<CategoriesTable>) {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}

/**
 * Re-roots every category whose path starts with fromPath (skipping the node exceptId, if given)
 * under toPath, shifting levels by levelDelta: one statement for a whole subtree.
 */
export async function reRootPaths(trx: Transaction<DB>, fromPath: string, toPath: string, levelDelta: number, exceptId?: number) {
  let query = trx
    .updateTable('categories')
    .set({
      path: sql`${toPath} || substr(path, ${fromPath.length + 1})`,
      level: sql`level + ${levelDelta}`,
    })
    .where('path', 'like', `${fromPath}%`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** How many categories the subtrees of the given roots hold (deleted with them). */
/**
 * Each top-level category of one tree with the products filed anywhere in its subtree: the kept
 * direct counts summed over the subtree (the tree's own product_count rule), one grouped query.
 */
export async function sumProductsUnderRootCategories(db: Kysely<DB>, type: 'vendor' | 'store') {
  const rows = await db
    .selectFrom('categories as root')
    .innerJoin('categories as c', (join) => join.on(sql<boolean>`c.path like root.path || '%'`))
    .select(['root.id', 'root.name', (eb) => eb.fn.sum<number | string>('c.direct_product_count').as('product_count')])
    .where('root.type', '=', type)
    .where('root.parent_id', 'is', null)
    .groupBy(['root.id', 'root.name'])
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, product_count: Number(r.product_count) }));
}

export async function countSubtrees(db: Kysely<DB>, paths: string[]): Promise<number> {
  if (!paths.length) return 0;
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or(paths.map((p) => eb('path', 'like', `${p}%`))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Subcategories go with their parent (ON DELETE CASCADE); products keep existing with the category cleared (SET NULL). */
export async function deleteCategoryRows(db: Kysely<DB>, ids: number[]) {
  await db.deleteFrom('categories').where('id', 'in', ids).execute();
}

export async function moveProductsBetweenCategories(trx: Transaction<DB>, fromId: number, toId: number) {
  await trx.updateTable('products').set({ vendor_category_id: toId }).where('vendor_category_id', '=', fromId).execute();
  await trx.updateTable('products').set({ store_category_id: toId }).where('store_category_id', '=', fromId).execute();
}

export async function reparentChildren(trx: Transaction<DB>, fromId: number, toId: number) {
  await trx.updateTable('categories').set({ parent_id: toId }).where('parent_id', '=', fromId).execute();
}

