import { expressionBuilder, sql, type AliasedRawBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ExportQuery } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { filterColumns, filterConditions, listedOnly, productsJoinedFor, type ProductExpressions } from '../products/index.js';
import { EXPORT_FIELDS, LONG_TEXT_BYTES, LONG_TEXT_FIELDS } from './export-layouts.js';
import { VARIATION_EXTRA_FIELDS, type ExportAttributeRow } from './export-variants.js';

/** The products of every `workers`-th block of `blockIds` ids, starting with block `worker`. */
export interface BlockShare {
  blockIds: number;
  workers: number;
  worker: number;
}

/**
 * The statement an export worker runs over its share of the blocks (export-worker.ts). A filtered
 * export is one statement that keeps the worker's blocks by their ids, so that a search or a
 * category filter is worked out once, but every worker walks the whole table. The whole catalogue
 * needs no such care: its statement reads one block, a range of ids whose bounds are the last two
 * parameters, set block by block, so each worker reads only its own blocks' pages.
 */
export interface ExportShareQuery {
  sql: string;
  parameters: readonly unknown[];
  perBlock: boolean;
}

type ExportConditions = (eb: ProductExpressions) => Expression<SqlBool>[];

/**
 * The stock bounds (stock_min 1: in stock; stock_max 0: out of stock). A counted quantity is
 * compared; a product whose quantity is not counted (stock null, issue 19) is in stock or not by
 * its status, as the list's stock status filter reads it: in stock meets any minimum and no
 * maximum, out of stock or on backorder counts as 0.
 */
function stockBounds(eb: ProductExpressions, min: number | undefined, max: number | undefined): Expression<SqlBool>[] {
  const untracked = eb('p.stock', 'is', null);
  const inStock = eb('p.stock_status', '=', 'in_stock');
  const notInStock = eb('p.stock_status', '<>', 'in_stock');
  const bounds: Expression<SqlBool>[] = [];
  if (min !== undefined) bounds.push(eb.or([eb('p.stock', '>=', min), eb.and([untracked, ...(min > 0 ? [inStock] : [])])]));
  if (max !== undefined) bounds.push(eb.or([eb('p.stock', '<=', max), ...(max >= 0 ? [eb.and([untracked, notInStock])] : [])]));
  return bounds;
}

/** The list's filters, the stock bounds and the selection. */
const exportConditions =
  (dialect: Dialect, query: ExportQuery): ExportConditions =>
  (eb) => {
    const conditions = filterConditions(eb, query, dialect);
    if (query.ids?.length) conditions.push(eb('p.id', 'in', query.ids));
    conditions.push(...stockBounds(eb, query.stock_min, query.stock_max));
    return conditions;
  };

/** The listed products (never a variation on its own, as in the list) an export writes, filtered like the list. */
function exportedProducts(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, more: ExportConditions = () => [], listed = listedOnly) {
  const conditions = exportConditions(dialect, query);
  return productsJoinedFor(db, filterColumns(query)).where((eb) => eb.and([listed, ...conditions(eb), ...more(eb)]));
}

/**
 * listedOnly for a block of ids (SQLite): the unary plus keeps the planner off the listed rows'
 * partial index of ids, which would cost a second B-tree walk per row, on the rowid range that
 * reads the block's pages in order, as before variants.
 */
const listedInIdRange = sql<SqlBool>`+p.parent_id is null`;

/**
 * The products an export writes, in id order: EXPORT_FIELDS of products p, filtered like the
 * list, and narrowed by `more`; a variable product's variations are read apart, a batch of
 * parents at a time (export-variants.ts). Vendors and categories are joined only when a filter
 * names them; their names come from lookups read once (findExportLookups), not from a join per row.
 */
function exportRowsQuery(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, more: ExportConditions, selection: ExportSelection = plainSelection, listed = listedOnly) {
  return exportedProducts(db, dialect, query, more, listed).select(selection).orderBy(sql`p.id`);
}

type ExportSelection = ReadonlyArray<`p.${(typeof EXPORT_FIELDS)[number]}` | AliasedRawBuilder<unknown, string>>;
const plainSelection: ExportSelection = EXPORT_FIELDS.map((field) => `p.${field}` as const);
const LONG: readonly string[] = LONG_TEXT_FIELDS;
/**
 * The export worker's selection: a value of LONG_TEXT_FIELDS longer than LONG_TEXT_BYTES comes as
 * its UTF-8 bytes (a Buffer, outside the worker's 16 MB heap: a description of megabytes read as a
 * string did not fit), the others as they are. octet_length reads the size without the value.
 */
const workerSelection: ExportSelection = EXPORT_FIELDS.map((field) => {
  if (!LONG.includes(field)) return `p.${field}` as const;
  const column = sql.ref(`p.${field}`);
  return sql`case when octet_length(${column}) > ${sql.lit(LONG_TEXT_BYTES)} then cast(${column} as blob) else ${column} end`.as(field);
});

export function exportShareQuery(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, share: BlockShare): ExportShareQuery {
  const perBlock = exportConditions(dialect, query)(expressionBuilder() as ProductExpressions).length === 0;
  const { blockIds, workers, worker } = share;
  const compiled = exportRowsQuery(
    db,
    dialect,
    query,
    (eb) => [
      perBlock
        ? // Placeholders: the worker binds each block's first and last id.
          eb.between('p.id', 0, 0)
        : // Tested on the id alone, so no column of the other workers' rows is read.
          sql<SqlBool>`((p.id - 1) / cast(${blockIds} as integer)) % cast(${workers} as integer) = cast(${worker} as integer)`,
    ],
    workerSelection,
    perBlock ? listedInIdRange : listedOnly,
  ).compile();
  return { sql: compiled.sql, parameters: compiled.parameters, perBlock };
}

/** The next chunk after afterId (keyset: each query is short and indexed however deep the export is). */
export function findExportChunk(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, afterId: number, limit: number) {
  return exportRowsQuery(db, dialect, query, (eb) => [eb('p.id', '>', afterId)])
    .limit(limit)
    .execute();
}

/**
 * The most attributes any exported product has (0: no variable product among them, and the file
 * has no variant columns). The whole catalogue's answer is one look at the attributes table (empty
 * without variants); only when it is not 0 and the export is filtered are the exported products
 * asked.
 */
export async function findExportAttributeCount(db: Kysely<DB>, dialect: Dialect, query: ExportQuery): Promise<number> {
  const all = await db.selectFrom('product_attributes').select((eb) => eb.fn.max('position').as('n')).executeTakeFirst();
  const count = Number(all?.n ?? 0);
  if (!count || exportConditions(dialect, query)(expressionBuilder() as ProductExpressions).length === 0) return count;
  const exported = await db
    .selectFrom('product_attributes as a')
    .select((eb) => eb.fn.max('a.position').as('n'))
    .where('a.product_id', 'in', exportedProducts(db, dialect, query).select('p.id') as never)
    .executeTakeFirst();
  return Number(exported?.n ?? 0);
}

const VARIATION_EXTRA: ReadonlyArray<`p.${(typeof VARIATION_EXTRA_FIELDS)[number]}`> = VARIATION_EXTRA_FIELDS.map((field) => `p.${field}` as const);

/** The variations of these parents, by parent and id: EXPORT_FIELDS, then VARIATION_EXTRA_FIELDS. */
function exportVariationsQuery(db: Kysely<DB>, parentIds: Expression<number>, selection: ExportSelection) {
  return db
    .selectFrom('products as p')
    .select([...selection, ...VARIATION_EXTRA])
    .where('p.parent_id', 'in', parentIds as never)
    .orderBy('p.parent_id')
    .orderBy('p.id');
}

/** The attributes of these parents, by parent and position. */
function exportAttributesQuery(db: Kysely<DB>, parentIds: Expression<number>) {
  return db
    .selectFrom('product_attributes')
    .select(['product_id', 'position', 'name', 'value_list', 'visible', 'global', 'default_value'])
    .where('product_id', 'in', parentIds as never)
    .orderBy('product_id')
    .orderBy('position');
}

/**
 * The export worker's two queries of a batch's parents (SQLite), whose one parameter is the
 * parents' ids as a JSON array: one statement, prepared once, for every batch.
 */
export function exportVariantQueries(db: Kysely<DB>) {
  const parentIds = sql<number>`(select value from json_each(${'[]'}))`;
  return {
    variations: exportVariationsQuery(db, parentIds, workerSelection).compile(),
    attributes: exportAttributesQuery(db, parentIds).compile(),
  };
}

const idList = (ids: readonly number[]) => sql<number>`(${sql.join(ids)})`;

/** A batch's parents' variations (the streamed export: PostgreSQL, or a SQLite database in memory). */
export function findExportVariations(db: Kysely<DB>, parentIds: readonly number[]) {
  return exportVariationsQuery(db, idList(parentIds), plainSelection).execute();
}

export function findExportAttributes(db: Kysely<DB>, parentIds: readonly number[]): Promise<ExportAttributeRow[]> {
  return exportAttributesQuery(db, idList(parentIds)).execute();
}

export async function findMaxProductId(db: Kysely<DB>): Promise<number | null> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  return row?.max ?? null;
}

/** Every vendor's and category's name (and category path): the lookups of one export. */
export const exportLookupQueries = (db: Kysely<DB>) => ({
  vendors: db.selectFrom('vendors').select(['id', 'name']),
  categories: db.selectFrom('categories').select(['id', 'name', 'path']),
});

export async function findExportLookups(db: Kysely<DB>) {
  const queries = exportLookupQueries(db);
  const [vendors, categories] = await Promise.all([queries.vendors.execute(), queries.categories.execute()]);
  return { vendors, categories };
}
