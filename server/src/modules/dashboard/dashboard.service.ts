import type { DashboardStats } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { toProducts } from '../products/index.js';
import { countActiveVendors, countProductTotals, findRecentProducts, findTopVendorsByProductCount } from './dashboard.repository.js';

/** Four queries whatever the size of the catalogue. */
export async function getDashboardStats(db: Kysely<DB>): Promise<DashboardStats> {
  const [totals, activeVendors, topVendors, recent] = await Promise.all([
    countProductTotals(db),
    countActiveVendors(db),
    findTopVendorsByProductCount(db),
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
    recentProducts: await toProducts(db, recent),
  };
}
