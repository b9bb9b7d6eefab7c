import { sql, type Kysely } from 'kysely';
import { DASHBOARD_RECENT_PRODUCTS, DASHBOARD_TOP_VENDORS } from '@bosun/shared';
import type { DB } from '../../db/types.js';
import { selectProductsWithNames } from '../products/products.repository.js';

/** Total, out-of-stock and featured counts in one pass over products. */
export async function countProductTotals(db: Kysely<DB>) {
  const row = await db
    .selectFrom('products')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when stock <= 0 then 1 else 0 end), 0)`.as('out_of_stock'),
      sql<number>`coalesce(sum(case when featured = 1 then 1 else 0 end), 0)`.as('featured'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), outOfStock: Number(row.out_of_stock), featured: Number(row.featured) };
}

export async function countActiveVendors(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findTopVendorsByProductCount(db: Kysely<DB>) {
  return db
    .selectFrom('vendors')
    .select(['id', 'name', 'status', 'product_count'])
    .orderBy('product_count', 'desc')
    .orderBy('name', 'asc')
    .limit(DASHBOARD_TOP_VENDORS)
    .execute();
}

export const findRecentProducts = (db: Kysely<DB>) =>
  selectProductsWithNames(db).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(DASHBOARD_RECENT_PRODUCTS).execute();
