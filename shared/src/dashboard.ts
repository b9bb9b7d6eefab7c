import { z } from 'zod';
import { productSchema } from './products.js';

export const DASHBOARD_TOP_VENDORS = 5;
export const DASHBOARD_RECENT_PRODUCTS = 5;
/** Top-level store categories drawn one by one on the dashboard; the rest are summed as one bar. */
export const DASHBOARD_STORE_CATEGORIES = 8;

export const topVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  product_count: z.number().int(),
  /** Its products without a shop category (issue 23): the dashboard shows their share. */
  unmapped_count: z.number().int(),
});

export const categoryProductCountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Products filed in the category or any of its subcategories, as the category tree counts them. */
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
  /** The top-level store categories with the most products, largest first. */
  storeCategories: z.object({
    top: z.array(categoryProductCountSchema),
    /** The top-level store categories after the top ones, summed. */
    other: z.object({ categories: z.number().int(), product_count: z.number().int() }),
  }),
  recentProducts: z.array(productSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponseSchema>;

/**
 * A dashboard bar's length: relative to the largest value drawn beside it (issue 24 point 12), so
 * the largest is a full bar and the others show how far behind they are, whatever the catalogue's size.
 */
export const relativeBarPercent = (value: number, largest: number) => (largest > 0 ? Math.min(100, Math.max(0, (value / largest) * 100)) : 0);

export const DASHBOARD_MESSAGES = {
  toastFailed: 'Failed to load dashboard data',
  panelFailed: 'Failed to load dashboard',
} as const;
