import { sql, type Kysely } from 'kysely';
import type { ExportQuery } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { filterConditions } from '../products/product-filter.js';
import { selectProductsWithNames } from '../products/products.repository.js';

/**
 * The next chunk of matching products after the given id, in id order. Walking by id (keyset)
 * keeps each query short and indexed however deep into a million rows the export is.
 */
export function findExportChunk(db: Kysely<DB>, dialect: Dialect, query: ExportQuery, afterId: number, limit: number) {
  return selectProductsWithNames(db)
    .where((eb) => {
      const conditions = filterConditions(eb, query, dialect);
      conditions.push(eb('p.id', '>', afterId));
      if (query.ids?.length) conditions.push(eb('p.id', 'in', query.ids));
      if (query.stock_min !== undefined) conditions.push(eb('p.stock', '>=', query.stock_min));
      if (query.stock_max !== undefined) conditions.push(eb('p.stock', '<=', query.stock_max));
      return eb.and(conditions);
    })
    .orderBy(sql`p.id`)
    .limit(limit)
    .execute();
}
