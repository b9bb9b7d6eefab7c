import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Products with the names the API shows beside the ids, in one query (no lookup per row). */
export function selectProductsWithNames(db: Kysely<DB>) {
  return db
    .selectFrom('products as p')
    .leftJoin('vendors as v', 'v.id', 'p.vendor_id')
    .leftJoin('categories as vc', 'vc.id', 'p.vendor_category_id')
    .leftJoin('categories as sc', 'sc.id', 'p.store_category_id')
    .selectAll('p')
    .select(['v.name as vendor_name', 'vc.name as vendor_category_name', 'sc.name as store_category_name']);
}

export type ProductWithNamesRow = Awaited<ReturnType<ReturnType<typeof selectProductsWithNames>['executeTakeFirstOrThrow']>>;

export interface ProductListFilter {
  search?: string;
  vendorId?: number;
}

/** LIKE patterns treat % and _ as wildcards; a search for '50%' means the text. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function applyFilter<Q extends { where: (...args: any[]) => Q }>(query: Q, filter: ProductListFilter): Q {
  let q = query;
  if (filter.vendorId !== undefined) q = q.where('p.vendor_id', '=', filter.vendorId);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    q = q.where((eb: any) =>
      eb.or([
        eb(sql`lower(p.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(p.sku)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return q;
}

export async function findProductsPage(db: Kysely<DB>, filter: ProductListFilter, offset: number, limit: number) {
  return applyFilter(selectProductsWithNames(db), filter).orderBy('p.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countProducts(db: Kysely<DB>, filter: ProductListFilter): Promise<number> {
  const query = applyFilter(
    db.selectFrom('products as p').select((eb) => eb.fn.countAll<number>().as('n')),
    filter,
  );
  return Number((await query.executeTakeFirstOrThrow()).n);
}
