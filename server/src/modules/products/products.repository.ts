import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { ProductFilterQuery, SortColumn } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import type { DB, ProductsTable } from '../../db/types.js';
import { COLUMN_SQL, filterConditions, joinsFor, type ProductQueryDB } from './product-filter.js';

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

export interface ProductPageRequest {
  filter: ProductFilterQuery;
  sort?: SortColumn;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** Products matching the filters, joining only the tables an advanced filter needs (for counts and bulk actions). */
function matchingProducts(db: Kysely<DB>, dialect: Dialect, filter: ProductFilterQuery, sortColumn?: SortColumn) {
  const joins = joinsFor([...(filter.advanced_filters ?? []).map((f) => f.column), ...(sortColumn ? [sortColumn] : [])]);
  let query = (db as unknown as Kysely<ProductQueryDB>).selectFrom('products as p');
  if (joins.has('v')) query = query.leftJoin('vendors as v', 'v.id', 'p.vendor_id') as typeof query;
  if (joins.has('vc')) query = query.leftJoin('categories as vc', 'vc.id', 'p.vendor_category_id') as typeof query;
  if (joins.has('sc')) query = query.leftJoin('categories as sc', 'sc.id', 'p.store_category_id') as typeof query;
  return query.where((eb) => eb.and(filterConditions(eb as never, filter, dialect)));
}

/**
 * One page in the requested order; id breaks ties so pages never overlap. NULLs sort as the
 * smallest value in both dialects (first ascending, last descending), the order SQLite's indexes
 * keep. The page's ids are found first on the narrowest query (an index walk, joining only what
 * the sort or filters need), then only those rows are read with their names: a deep page no
 * longer builds and throws away every row before it.
 */
export function findProductsPage(db: Kysely<DB>, dialect: Dialect, page: ProductPageRequest) {
  const direction = page.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const nulls = dialect === 'postgres' ? sql.raw(page.order === 'desc' ? ' nulls last' : ' nulls first') : sql.raw('');
  const sortColumn = page.sort && page.sort !== 'id' ? page.sort : undefined;
  const order = [
    ...(sortColumn ? [sql`${sql.ref(COLUMN_SQL[sortColumn])} ${direction}${nulls}`] : []),
    sql`p.id ${page.sort ? direction : sql.raw('desc')}`,
  ];
  let pageIds = matchingProducts(db, dialect, page.filter, sortColumn).select('p.id');
  let rows = selectProductsWithNames(db);
  for (const term of order) {
    pageIds = pageIds.orderBy(term);
    rows = rows.orderBy(term);
  }
  return rows.where('p.id', 'in', pageIds.offset(page.offset).limit(page.limit) as never).execute();
}

export async function countProducts(db: Kysely<DB>, dialect: Dialect, filter: ProductFilterQuery): Promise<number> {
  const row = await matchingProducts(db, dialect, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
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

