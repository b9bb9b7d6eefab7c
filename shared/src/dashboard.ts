import { z } from 'zod';
import { productSchema } from './products.js';

export const DASHBOARD_TOP_VENDORS = 5;
export const DASHBOARD_RECENT_PRODUCTS = 5;

export const topVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  product_count: z.number().int(),
});

export const dashboardStatsResponseSchema = z.object({
  stats: z.object({
    totalProducts: z.number().int(),
    /** Variations are counted apart from the products they belong to. */
    totalVariations: z.number().int(),
    totalVendors: z.number().int(),
    outOfStock: z.number().int(),
    featuredProducts: z.number().int(),
  }),
  topVendors: z.array(topVendorSchema),
  recentProducts: z.array(productSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponseSchema>;

/** The Top Vendors bar: product_count / 100, capped at 100 % (SPEC §9). */
export const vendorBarPercent = (productCount: number) => Math.min(100, (productCount / 100) * 100);

export const DASHBOARD_MESSAGES = {
  toastFailed: 'Failed to load dashboard data',
  panelFailed: 'Failed to load dashboard',
} as const;
