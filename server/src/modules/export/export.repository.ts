import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ExportQuery } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { filterConditions, joinsFor, type ProductQueryDB } from '../products/product-filter.js';
import { EXPORT_FIELDS } from './export-layouts.js';

/**
 * The products an export writes, in id order: EXPORT_FIELDS of products p, filtered like the
 * list. Vendors and categories are joined only when a filter names them; their names come
 * from lookups read once (findExportLookups), not from a join per row.
 */
/** The products of every `workers`-th block of `blockIds` ids, starting with block `worker`. */
export interface BlockShare {
  blockIds: number;
  workers: number;
  worker: number;
}

export function exportRowsQuery(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, ids: { after?: number; share?: BlockShare } = {}) {
  const joins = joinsFor((query.advanced_filters ?? []).map((f) => f.column));
  let select = (db as unknown as Kysely<ProductQueryDB>).selectFrom('products as p');
  if (joins.has('v')) select = select.leftJoin('vendors as v', 'v.id', 'p.vendor_id') as typeof select;
  if (joins.has('vc')) select = select.leftJoin('categories as vc', 'vc.id', 'p.vendor_category_id') as typeof select;
  if (joins.has('sc')) select = select.leftJoin('categories as sc', 'sc.id', 'p.store_category_id') as typeof select;
  return select
    .select(EXPORT_FIELDS.map((field) => `p.${field}` as const))
    .where((eb) => {
      const conditions = filterConditions(eb, query, dialect);
      if (ids.after !== undefined) conditions.push(eb('p.id', '>', ids.after));
      if (query.ids?.length) conditions.push(eb('p.id', 'in', query.ids));
      if (query.stock_min !== undefined) conditions.push(eb('p.stock', '>=', query.stock_min));
      if (query.stock_max !== undefined) conditions.push(eb('p.stock', '<=', query.stock_max));
      // One worker's share of the blocks, tested on the id alone (no column read for the other
      // worker's rows). Last, so that its three values are the last three parameters.
      if (ids.share) {
        const { blockIds, workers, worker } = ids.share;
        conditions.push(sql<SqlBool>`((p.id - 1) / cast(${blockIds} as integer)) % cast(${workers} as integer) = cast(${worker} as integer)`);
      }
      return eb.and(conditions);
    })
    .orderBy(sql`p.id`);
}

/** The next chunk after afterId (keyset: each query is short and indexed however deep the export is). */
export function findExportChunk(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, afterId: number, limit: number) {
  return exportRowsQuery(db, dialect, query, { after: afterId }).limit(limit).execute();
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
