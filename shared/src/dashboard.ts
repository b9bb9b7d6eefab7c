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

/** Days back the dashboard looks for supplier feed runs that went wrong (issue 22). */
export const DASHBOARD_FEED_DAYS = 7;
/** Feed runs the dashboard lists; the rest are counted. */
export const DASHBOARD_FEED_PROBLEMS = 10;

/** A held or failed supplier feed run that no later complete run of its profile has put right. */
export const feedProblemSchema = z.object({
  importId: z.number().int(),
  status: z.enum(['held', 'failed']),
  profileId: z.number().int(),
  profileName: z.string(),
  vendorName: z.string().nullable(),
  startedAt: z.string(),
  /** Why it failed, or why it was held. */
  message: z.string().nullable(),
});
export type FeedProblem = z.infer<typeof feedProblemSchema>;

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
  /**
   * The 'Supplier feeds' card (issue 22): how many profiles have a feed, and their held and failed
   * runs of the last DASHBOARD_FEED_DAYS days not yet dismissed nor followed by a complete run of
   * the same profile (the newest DASHBOARD_FEED_PROBLEMS of `total`). Null when no profile has a
   * feed, or the user may not work with products (the runs are on the Imports page, products work).
   */
  supplierFeeds: z
    .object({
      feedProfiles: z.number().int(),
      problems: z.array(feedProblemSchema),
      total: z.number().int(),
    })
    .nullable(),
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
  refreshed: 'Dashboard refreshed',
} as const;
