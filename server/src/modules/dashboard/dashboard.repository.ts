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
  const counts = db
    .selectFrom('products')
    .select(['vendor_id', sql<number>`count(*)`.as('product_count')])
    .where('vendor_id', 'is not', null)
    .groupBy('vendor_id');
  const rows = await db
    .selectFrom('vendors as v')
    .leftJoin(counts.as('c'), 'c.vendor_id', 'v.id')
    .select(['v.id', 'v.name', 'v.status', sql<number>`coalesce(c.product_count, 0)`.as('product_count')])
    .orderBy('product_count', 'desc')
    .orderBy('v.name', 'asc')
    .limit(DASHBOARD_TOP_VENDORS)
    .execute();
  return rows.map((r) => ({ ...r, product_count: Number(r.product_count) }));
}

export const findRecentProducts = (db: Kysely<DB>) =>
  selectProductsWithNames(db).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(DASHBOARD_RECENT_PRODUCTS).execute();
