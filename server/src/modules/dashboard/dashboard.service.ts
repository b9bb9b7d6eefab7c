import { DASHBOARD_STORE_CATEGORIES, type DashboardStats } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { sumProductsUnderRootCategories } from '../categories/index.js';
import { toProducts } from '../products/index.js';
import { countActiveVendors, countProductTotals, findRecentProducts, findTopVendorsByProductCount } from './dashboard.repository.js';

/** The largest top-level store categories by product count, the rest summed as one. */
function rankStoreCategories(categories: Awaited<ReturnType<typeof sumProductsUnderRootCategories>>): DashboardStats['storeCategories'] {
  const ranked = [...categories].sort((a, b) => b.product_count - a.product_count || a.name.localeCompare(b.name) || a.id - b.id);
  const rest = ranked.slice(DASHBOARD_STORE_CATEGORIES);
  return {
    top: ranked.slice(0, DASHBOARD_STORE_CATEGORIES),
    other: { categories: rest.length, product_count: rest.reduce((sum, c) => sum + c.product_count, 0) },
  };
}

/** Five queries whatever the size of the catalogue. */
export async function getDashboardStats(db: Kysely<DB>): Promise<DashboardStats> {
  const [totals, activeVendors, topVendors, storeCategories, recent] = await Promise.all([
    countProductTotals(db),
    countActiveVendors(db),
    findTopVendorsByProductCount(db),
    sumProductsUnderRootCategories(db, 'store'),
    findRecentProducts(db),
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
  };
}
