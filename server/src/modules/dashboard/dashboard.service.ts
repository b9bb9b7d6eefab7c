import { DASHBOARD_FEED_DAYS, DASHBOARD_STORE_CATEGORIES, type DashboardStats } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { sumProductsUnderRootCategories } from '../categories/index.js';
import { toProducts } from '../products/index.js';
import { countActiveVendors, countProductTotals, findFeedProblems, findRecentProducts, findTopVendorsByProductCount } from './dashboard.repository.js';

/** The largest top-level store categories by product count, the rest summed as one. */
function rankStoreCategories(categories: Awaited<ReturnType<typeof sumProductsUnderRootCategories>>): DashboardStats['storeCategories'] {
  const ranked = [...categories].sort((a, b) => b.product_count - a.product_count || a.name.localeCompare(b.name) || a.id - b.id);
  const rest = ranked.slice(DASHBOARD_STORE_CATEGORIES);
  return {
    top: ranked.slice(0, DASHBOARD_STORE_CATEGORIES),
    other: { categories: rest.length, product_count: rest.reduce((sum, c) => sum + c.product_count, 0) },
  };
}

/** The 'Supplier feeds' card: null (hidden) when no profile has a feed; otherwise the feed runs that went wrong, or none (all feeds ran). */
async function supplierFeeds(db: Kysely<DB>, now: Date): Promise<DashboardStats['supplierFeeds']> {
  const rows = await findFeedProblems(db, new Date(now.getTime() - DASHBOARD_FEED_DAYS * 24 * 3600 * 1000).toISOString());
  const feedProfiles = Number(rows[0]?.feed_profiles ?? 0);
  if (feedProfiles === 0 && rows.every((r) => r.id === null)) return null;
  const problems = rows.flatMap((r) =>
    r.id === null ? [] : [{ importId: r.id, status: r.status!, profileId: r.profile_id!, profileName: r.profile_name!, vendorName: r.vendor_name, startedAt: r.started_at!, message: r.message }],
  );
  return { feedProfiles, problems, total: Number(rows[0]?.total ?? 0) };
}

/**
 * Six queries whatever the size of the catalogue. The feed runs only for a user who may work with
 * products: they are on the Imports page, which is products work.
 */
export async function getDashboardStats(db: Kysely<DB>, dialect: Dialect, showFeeds: boolean, now = new Date()): Promise<DashboardStats> {
  const [totals, activeVendors, topVendors, storeCategories, recent, feeds] = await Promise.all([
    countProductTotals(db),
    countActiveVendors(db),
    findTopVendorsByProductCount(db),
    sumProductsUnderRootCategories(db, 'store'),
    findRecentProducts(db, dialect),
    showFeeds ? supplierFeeds(db, now) : null,
  ]);
  return {
    stats: {
      totalProducts: totals.total,
      totalVariations: totals.variations,
      totalVendors: activeVendors,
      outOfStock: totals.outOfStock,
      featuredProducts: totals.featured,
    },
    topVendors,
    storeCategories: rankStoreCategories(storeCategories),
    recentProducts: await toProducts(db, recent),
    supplierFeeds: feeds,
  };
}
