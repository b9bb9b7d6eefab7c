import { sql, type Insertable, type Kysely, type RawBuilder, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { ProductFilterQuery, SortColumn } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import type { DB, ProductsTable } from '../../db/types.js';
import {
  SORT_SQL,
  categorySubtreeIds,
  escapeLike,
  filterColumns,
  filterConditions,
  listedOnly,
  productsJoinedFor,
  shortSearchCandidates,
  ownMatches,
  searchIds,
  variationOnlyMatches,
  type JoinedName,
  type ProductListPlan,
  type ProductQueryDB,
  type ConditionOptions,
} from './list-query/index.js';

/** Products with the names the API shows beside the ids, in one query (no lookup per row). */
export function selectProductsWithNames(db: Kysely<DB>) {
  return (db as unknown as Kysely<ProductQueryDB>)
    .selectFrom('products as p')
    .leftJoin('vendors as v', 'v.id', 'p.vendor_id')
    .leftJoin('categories as vc', 'vc.id', 'p.vendor_category_id')
    .leftJoin('categories as sc', 'sc.id', 'p.store_category_id')
    .selectAll('p')
    .select([
      'v.name as vendor_name',
      'vc.name as vendor_category_name',
      'vc.path as vendor_category_ids_path',
      'sc.name as store_category_name',
      'sc.path as store_category_ids_path',
    ]);
}

export type ProductWithNamesRow = Awaited<ReturnType<ReturnType<typeof selectProductsWithNames>['executeTakeFirstOrThrow']>>;

/** Products matching the filters, joining only the tables the filters and the sort read (for counts, pages and bulk actions). */
function matchingProducts(db: Kysely<DB>, dialect: Dialect, filter: ProductFilterQuery, sortColumn?: SortColumn, options: ConditionOptions = {}) {
  return productsJoinedFor(db, [...filterColumns(filter), ...(sortColumn ? [sortColumn] : [])]).where((eb) =>
    eb.and([listedOnly, ...filterConditions(eb, filter, dialect, options)]),
  );
}

const ASCENDING = sql.raw('asc');
const DESCENDING = sql.raw('desc');

/** The sort's direction, and the id's: the sort's, or newest first without a sort. */
function pageDirections(plan: Pick<ProductListPlan, 'sort' | 'order'>) {
  const direction = plan.order === 'desc' ? DESCENDING : ASCENDING;
  return { direction, idDirection: plan.sort ? direction : DESCENDING };
}

/**
 * A page's ORDER BY: the sort's column, then the id (newest first without a sort). PostgreSQL is
 * told where NULLs go (the smallest value, as SQLite keeps them), which its sort indexes keep too
 * (product-sort-indexes.ts), except for the SKU: never NULL, and sorted by its unique index, which
 * keeps the default NULLs order; naming one kept the planner off it (a sort of every product).
 */
export function pageOrder(plan: Pick<ProductListPlan, 'dialect' | 'sort' | 'sortColumn' | 'order'>) {
  const { direction, idDirection } = pageDirections(plan);
  const nulls = plan.dialect === 'postgres' && plan.sortColumn !== 'sku' ? sql.raw(plan.order === 'desc' ? ' nulls last' : ' nulls first') : sql.raw('');
  const sorted = plan.sortColumn && sql.ref(SORT_SQL[plan.sortColumn]);
  const column = sorted ? [sql`${sorted} ${direction}${nulls}`] : [];
  // A SKU is unique: it orders alone, and the unique index (sku) serves it without a sort of ties.
  return plan.sortColumn === 'sku' ? column : [...column, sql`p.id ${idDirection}`];
}

/**
 * One page of the plan, in its order; id breaks ties so pages never overlap. NULLs sort as the
 * smallest value in both dialects (first ascending, last descending), the order SQLite's indexes
 * keep. The page's ids are found first on the narrowest query the plan names, then only those
 * rows are read with their names: a deep page never builds and throws away every row before it.
 */
export async function findProductsPage(db: Kysely<DB>, plan: ProductListPlan, page: { offset: number; limit: number }) {
  const { direction, idDirection } = pageDirections(plan);
  const order = pageOrder(plan);
  let rows = selectProductsWithNames(db);
  for (const term of order) rows = rows.orderBy(term);
  const route = plan.page;
  switch (route.road) {
    case 'joined-name': {
      const ids = plan.dialect === 'postgres' ? postgresPageIdsByJoinedName(route.name, direction, page) : pageIdsByJoinedName(route.name, direction, page);
      return rows.where('p.id', 'in', ids as never).execute();
    }
    case 'search-table': {
      // The trigram table's matches stream in id order; only when a variation brings in more
      // products are the two sets merged and sorted.
      const throughVariations = route.query.variations && (await sql`select 1 from (${variationOnlyMatches(plan.dialect, route.query)}) other limit 1`.execute(db)).rows.length;
      const matches = throughVariations ? searchIds(plan.dialect, route.query) : ownMatches(plan.dialect, route.query);
      const ids = sql`(select id from (${matches}) found order by id ${idDirection} limit ${page.limit} offset ${page.offset})`;
      return rows.where('p.id', 'in', ids as never).execute();
    }
    case 'filtered': {
      let pageIds = matchingProducts(db, plan.dialect, plan.filter, plan.sortColumn, plan).select('p.id');
      for (const term of order) pageIds = pageIds.orderBy(term);
      return rows.where('p.id', 'in', pageIds.offset(page.offset).limit(page.limit) as never).execute();
    }
  }
}

/**
 * One page of the whole catalogue sorted by a vendor or category name (SQLite), without joining
 * and sorting every product. Two runs already in order are merged: the products without a
 * vendor / category (their name is NULL, the smallest value), in id order from the product's
 * index on that column; and the named ones, walking the names in order (vendors_name_idx,
 * categories_name_idx) and each one's products in id order (products_*_idx), with only products of
 * equal names sorted among themselves. The merge stops once the page is full. Foreign keys are
 * enforced, so a product's vendor or category id is NULL or names an existing row: the two runs
 * hold every product exactly once, as the LEFT JOIN of the general query does. A variation never
 * has a vendor or category of its own (they are its parent's), so the named run holds listed
 * products only without saying so, which keeps SQLite walking the names first.
 */
function pageIdsByJoinedName(name: JoinedName, direction: RawBuilder<unknown>, page: { offset: number; limit: number }) {
  const key = sql.ref(`p.${name.key}`);
  const table = sql.table(name.table);
  return sql`(select id from (
    select p.id as id, ${key} as sort_name from products p where ${key} is null and p.parent_id is null
    union all
    select p.id as id, t.name as sort_name from ${table} t join products p on ${key} = t.id
    order by sort_name ${direction}, id ${direction} limit ${page.limit} offset ${page.offset}))`;
}

/**
 * pageIdsByJoinedName on PostgreSQL, whose planner does not merge the two runs: each run is read
 * in order only as far as the page needs (offset + limit rows), then the two short runs are sorted.
 * The named run walks the names' index and, for each name, its products by id through
 * products_*_idx, bounded by a LATERAL limit: unbounded, the planner read every product once to
 * join the few vendors (134 ms at 100k) instead of probing the index per vendor (0.4 ms).
 */
function postgresPageIdsByJoinedName(name: JoinedName, direction: RawBuilder<unknown>, page: { offset: number; limit: number }) {
  const key = sql.ref(`p.${name.key}`);
  const table = sql.table(name.table);
  const needed = page.offset + page.limit;
  const nulls = sql.raw(direction === ASCENDING ? 'nulls first' : 'nulls last');
  return sql`(select id from (
    (select p.id as id, null::text as sort_name from products p where ${key} is null and p.parent_id is null order by p.id ${direction} limit ${needed})
    union all
    (select p.id as id, t.name as sort_name from ${table} t cross join lateral (
      select p.id from products p where ${key} = t.id and p.parent_id is null order by p.id ${direction} limit ${needed}) p
      order by t.name ${direction}, p.id ${direction} limit ${needed})
    ) runs order by sort_name ${direction} ${nulls}, id ${direction} limit ${page.limit} offset ${page.offset})`;
}

export async function countProducts(db: Kysely<DB>, plan: ProductListPlan): Promise<number> {
  const route = plan.count;
  switch (route.road) {
    case 'search-table': {
      // The trigram tables hold one row per product and per variation (their triggers keep them so):
      // their matches are the answer, reading only the rows of matching variations for their parent.
      const { rows } = await sql<{ n: number }>`select (select count(*) from (${ownMatches(plan.dialect, route.query)}) own) + (select count(*) from (${variationOnlyMatches(plan.dialect, route.query)}) other) as n`.execute(db);
      return Number(rows[0]!.n);
    }
    case 'short-search': {
      const { rows } = await sql<{ n: number }>`select count(*) as n from (${shortSearchCandidates(route.short)})`.execute(db);
      return Number(rows[0]!.n);
    }
    case 'listed-count': {
      const row = await db.selectFrom('listed_product_counts').select('n').where('key', '=', route.key).executeTakeFirst();
      return Number(row?.n ?? 0);
    }
    case 'vendor-count': {
      const row = await db.selectFrom('vendors').select('product_count').where('id', '=', route.vendorId).executeTakeFirst();
      return Number(row?.product_count ?? 0);
    }
    case 'category-count': {
      // Each category of the chosen subtrees once, however the subtrees overlap; only the filter's
      // tree, whose categories are the only ones that column of a product names.
      const { rows } = await sql<{ n: number | null }>`select sum(direct_product_count) as n from categories
        where type = ${route.tree} and id in (${categorySubtreeIds(route.ids)})`.execute(db);
      return Number(rows[0]?.n ?? 0);
    }
    case 'tag-count': {
      // A product with two of the tags is one match; with one tag each entry is one product.
      const counted = route.keys.length === 1 ? sql`count(*)` : sql`count(distinct product_id)`;
      const { rows } = await sql<{ n: number }>`select ${counted} as n from product_tags where tag in (${sql.join(route.keys)})`.execute(db);
      return Number(rows[0]!.n);
    }
    case 'filtered': {
      const row = await matchingProducts(db, plan.dialect, plan.filter, undefined, plan).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    }
  }
}

/** The first variation of each of these products whose SKU, MFN or GTIN holds the text (ASCII case folded). */
export function findMatchingVariations(db: Kysely<DB>, parentIds: number[], search: string) {
  const pattern = `%${escapeLike(search.trim().toLowerCase())}%`;
  const holds = (column: 'sku' | 'mfn' | 'gtin') => sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
  return db
    .selectFrom('products')
    .select(['id', 'parent_id', 'sku', 'option1', 'option2', 'option3'])
    .where('parent_id', 'in', parentIds)
    .where((eb) => eb.or([holds('sku'), holds('mfn'), holds('gtin')]))
    .orderBy('id')
    .execute();
}

/** Names of the given categories, for turning '/1/7/42/' paths into 'A > B > C' in one query per page. */
export async function findCategoryNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const findProductRowById = (db: Kysely<DB>, id: number) => selectProductsWithNames(db).where('p.id', '=', id).executeTakeFirst();

export async function deleteProductById(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteProductsByIds(trx: Transaction<DB>, ids: number[]): Promise<number> {
  let deleted = 0;
  // Chunks keep each statement under SQLite's limit on bound parameters.
  for (let i = 0; i < ids.length; i += 10_000) {
    const result = await trx.deleteFrom('products').where('id', 'in', ids.slice(i, i + 10_000)).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** The ids matching the filters, as a subquery for bulk statements. */
export const matchingProductIds = (db: Kysely<DB>, dialect: Dialect, filter: ProductFilterQuery) =>
  matchingProducts(db, dialect, filter).select('p.id');

/** Variations whose parent is among these ids (what a delete of them takes along). */
export async function countVariationsOf(trx: Transaction<DB>, parentIds: number[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < parentIds.length; i += 10_000) {
    const row = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', 'in', parentIds.slice(i, i + 10_000))
      .executeTakeFirstOrThrow();
    n += Number(row.n);
  }
  return n;
}

/** Variations whose parent matches the filters. */
export async function countVariationsOfMatching(trx: Transaction<DB>, dialect: Dialect, filter: ProductFilterQuery): Promise<number> {
  const row = await trx
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', 'in', matchingProductIds(trx, dialect, filter) as never)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteProductsMatching(trx: Transaction<DB>, dialect: Dialect, filter: ProductFilterQuery): Promise<number> {
  const ids = matchingProductIds(trx, dialect, filter);
  const result = await trx.deleteFrom('products').where('id', 'in', ids as never).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findProductIdBySku(db: Kysely<DB>, sku: string, exceptId?: number): Promise<number | undefined> {
  let query = db.selectFrom('products').select('id').where('sku', '=', sku);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function insertProductRow(db: Kysely<DB>, values: Insertable<ProductsTable>): Promise<number> {
  const { id } = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateProductRow(db: Kysely<DB>, id: number, changes: Updateable<ProductsTable>): Promise<boolean> {
  const result = await db.updateTable('products').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const findCategoryForProduct = (db: Kysely<DB>, id: number) =>
  db.selectFrom('categories').select(['id', 'type', 'vendor_id']).where('id', '=', id).executeTakeFirst();


/**
 * The first `perParent` variations (by id) of each of these products, by parent then id, in one
 * statement. Each parent's last id to show is one seek down its (parent_id, id) index (the
 * perParent-th variation, or the last one when it has fewer), and its rows up to that id are one
 * range of the same index: a parent with 2,048 variations costs what one with 50 does.
 */
export function findFirstVariationsOf(db: Kysely<DB>, parentIds: readonly number[], perParent: number) {
  const lastShown = db
    .selectFrom('products as p')
    .select((eb) => [
      'p.id as parent_id',
      eb.fn
        .coalesce(
          eb.selectFrom('products as c').select('c.id').whereRef('c.parent_id', '=', 'p.id').orderBy('c.id').limit(1).offset(perParent - 1),
          eb.selectFrom('products as c').select((m) => m.fn.max('c.id').as('id')).whereRef('c.parent_id', '=', 'p.id'),
        )
        .as('last_id'),
    ])
    .where('p.id', 'in', [...parentIds]);
  // Materialised: PostgreSQL would otherwise inline it and work out the last id again for every
  // candidate row, instead of once per parent as the bound of one index range.
  return db
    .with((cte) => cte('last_shown').materialized(), () => lastShown)
    .selectFrom('last_shown')
    .innerJoin('products as v', (join) => join.onRef('v.parent_id', '=', 'last_shown.parent_id').onRef('v.id', '<=', 'last_shown.last_id'))
    .select([
      'v.id', 'v.parent_id', 'v.sku', 'v.gtin', 'v.mfn', 'v.stock', 'v.stock_status', 'v.list_price', 'v.market_price', 'v.vendor_cost', 'v.special_price',
      'v.weight', 'v.length', 'v.width', 'v.height', 'v.image_url', 'v.published', 'v.option1', 'v.option2', 'v.option3',
      'v.created_at', 'v.updated_at',
    ])
    .orderBy('v.parent_id')
    .orderBy('v.id')
    .execute();
}
export type VariationListRow = Awaited<ReturnType<typeof findFirstVariationsOf>>[number];
