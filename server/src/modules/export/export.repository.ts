import { expressionBuilder, sql, type AliasedRawBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ExportQuery } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { filterColumns, filterConditions, productsJoinedFor, type ProductExpressions } from '../products/index.js';
import { EXPORT_FIELDS, LONG_TEXT_BYTES, LONG_TEXT_FIELDS } from './export-layouts.js';

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

/** The list's filters, the stock bounds and the selection. */
const exportConditions =
  (dialect: Dialect, query: ExportQuery): ExportConditions =>
  (eb) => {
    const conditions = filterConditions(eb, query, dialect);
    if (query.ids?.length) conditions.push(eb('p.id', 'in', query.ids));
    if (query.stock_min !== undefined) conditions.push(eb('p.stock', '>=', query.stock_min));
    if (query.stock_max !== undefined) conditions.push(eb('p.stock', '<=', query.stock_max));
    return conditions;
  };

/**
 * The products an export writes, in id order: EXPORT_FIELDS of products p, filtered like the
 * list, and narrowed by `more`. Vendors and categories are joined only when a filter names them;
 * their names come from lookups read once (findExportLookups), not from a join per row.
 */
function exportRowsQuery(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, more: ExportConditions, selection: ExportSelection = plainSelection) {
  const conditions = exportConditions(dialect, query);
  return productsJoinedFor(db, filterColumns(query))
    .select(selection)
    .where((eb) => eb.and([...conditions(eb), ...more(eb)]))
    .orderBy(sql`p.id`);
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
  ).compile();
  return { sql: compiled.sql, parameters: compiled.parameters, perBlock };
}

/** The next chunk after afterId (keyset: each query is short and indexed however deep the export is). */
export function findExportChunk(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, afterId: number, limit: number) {
  return exportRowsQuery(db, dialect, query, (eb) => [eb('p.id', '>', afterId)])
    .limit(limit)
    .execute();
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
