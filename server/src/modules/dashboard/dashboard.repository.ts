import { sql, type Kysely } from 'kysely';
import { DASHBOARD_FEED_PROBLEMS, DASHBOARD_RECENT_PRODUCTS, DASHBOARD_TOP_VENDORS } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { pageOrder, selectProductsWithNames } from '../products/index.js';

/**
 * Total, out-of-stock and featured counts as counts that each walk one index (stock_status,
 * featured) rather than one pass reading every product row: ten times faster at a million. Products
 * and variations are counted apart. Out of stock is the status (issue 19): an untracked product in
 * stock is not counted, nor one on backorder; a variable product is out of stock when none of its
 * variations is in stock or on backorder (migration 0021).
 */
export async function countProductTotals(db: Kysely<DB>) {
  const count = (query: ReturnType<typeof productsCount>) => query.executeTakeFirstOrThrow().then((r) => Number(r.n));
  const [total, variations, outOfStock, featured] = await Promise.all([
    count(productsCount(db)),
    count(db.selectFrom('products').select(sql<number>`count(*)`.as('n')).where('parent_id', 'is not', null)),
    count(productsCount(db).where('stock_status', '=', 'out_of_stock')),
    count(productsCount(db).where('featured', '=', 1)),
  ]);
  return { total, variations, outOfStock, featured };
}

/** The listed products (parent_id is null): the list's partial indexes answer these counts. */
const productsCount = (db: Kysely<DB>) => db.selectFrom('products').select(sql<number>`count(*)`.as('n')).where('parent_id', 'is', null);

export async function countActiveVendors(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The vendors with the most products, each with its products still without a shop category
 * (issue 23), counted in the same statement over the partial index of migration 0037.
 */
export async function findTopVendorsByProductCount(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('vendors as v')
    .select(['v.id', 'v.name', 'v.status', 'v.product_count'])
    .select(sql<number>`(select count(*) from products p where p.vendor_id = v.id and p.store_category_id is null and p.parent_id is null)`.as('unmapped_count'))
    .orderBy('v.product_count', 'desc')
    .orderBy('v.name', 'asc')
    .limit(DASHBOARD_TOP_VENDORS)
    .execute();
  return rows.map((r) => ({ ...r, unmapped_count: Number(r.unmapped_count) }));
}

/**
 * The newest products in the list's own order for 'Date created, newest first' (pageOrder): on
 * PostgreSQL that names NULLs last, as products_created_at_idx keeps them, so the index is read
 * backward and stops after a few rows. A plain 'created_at desc' (NULLs first on PostgreSQL) did
 * not match the index: every listed product was read, joined to its names and sorted, 230 ms of
 * the dashboard's 250 at 100k products (EXPLAIN ANALYZE), more than every other card together.
 */
export function recentProductsQuery(db: Kysely<DB>, dialect: Dialect) {
  let query = selectProductsWithNames(db).where('p.parent_id', 'is', null);
  for (const term of pageOrder({ dialect, sort: 'created_at', sortColumn: 'created_at', order: 'desc' })) query = query.orderBy(term);
  return query.limit(DASHBOARD_RECENT_PRODUCTS);
}

export const findRecentProducts = (db: Kysely<DB>, dialect: Dialect) => recentProductsQuery(db, dialect).execute();

/**
 * The 'Supplier feeds' card in one statement (issue 22): how many profiles have a feed (the
 * indexed has_feed flag, migration 0042), and the newest held and failed feed runs since `since`
 * that no complete run of the same profile ending after them has put right, with their total.
 * 'After' is by when runs ended, not by id: a held run staff applied by hand is the feed's latest
 * outcome when it ends, though runs started after it have larger ids. Dismissed ones are
 * 'dismissed', not held. The one-row count is the left side, so that it comes back when there are
 * no such runs (one row, run columns null).
 */
export const feedProblemsQuery = (since: string) =>
  sql<{
    feed_profiles: number | string;
    id: number | null;
    status: 'held' | 'failed' | null;
    profile_id: number | null;
    profile_name: string | null;
    vendor_name: string | null;
    started_at: string | null;
    message: string | null;
    total: number | string;
  }>`
    select f.feed_profiles, r.id, r.status, r.profile_id, p.name as profile_name, v.name as vendor_name, r.started_at, r.message, count(r.id) over () as total
    from (select count(*) as feed_profiles from import_profiles where has_feed = 1) f
    left join import_runs r on r.feed_run = 1 and r.status in ('held', 'failed') and r.started_at >= ${since}
      and not exists (
        select 1 from import_runs later where later.profile_id = r.profile_id and later.status = 'complete'
          and (later.finished_at > r.finished_at or (later.finished_at = r.finished_at and later.id > r.id))
      )
      and exists (select 1 from import_profiles alive where alive.id = r.profile_id)
    left join import_profiles p on p.id = r.profile_id
    left join vendors v on v.id = r.vendor_id
    order by r.finished_at desc, r.id desc
    limit ${DASHBOARD_FEED_PROBLEMS}
  `;

export async function findFeedProblems(db: Kysely<DB>, since: string) {
  return (await feedProblemsQuery(since).execute(db)).rows;
}
