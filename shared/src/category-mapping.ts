import { z } from 'zod';
import { plural } from './count-text.js';

/**
 * Category mapping (issue 23): each vendor category mapped once to a shop (store) category; its
 * products, and those of its subcategories without a mapping of their own, follow.
 */

export const CATEGORY_MAPPING_MESSAGES = {
  vendorNotFound: 'Vendor not found',
  vendorCategoryNotFound: 'Vendor category not found',
  storeCategoryNotFound: 'Shop category not found',
  notVendorCategory: 'Only a vendor category can be mapped',
  notStoreCategory: 'A vendor category maps to a shop category',
  chooseMappings: 'Choose at least one vendor category to map',
  repeated: 'A vendor category is listed twice',
  mapped: (categories: number, products: number) =>
    `${plural(categories, 'vendor category', 'vendor categories')} mapped; ${plural(products, 'product')} got a shop category`,
  cleared: (categories: number) => `Mapping removed from ${plural(categories, 'vendor category', 'vendor categories')}`,
} as const;

/** What mapping does to the stored products: nothing, fill those without a shop category, or set it on all. */
export const MAPPING_APPLY_MODES = ['none', 'missing', 'override'] as const;
export const mappingApplyModeSchema = z.enum(MAPPING_APPLY_MODES, "apply must be 'none', 'missing' or 'override'");
export type MappingApplyMode = z.infer<typeof mappingApplyModeSchema>;

export const MAPPING_STATUSES = ['all', 'unmapped', 'mapped'] as const;
export const CATEGORY_MAPPING_PAGE_SIZES = [25, 50, 100] as const;

export const categoryMappingQuerySchema = z.object({
  /** One vendor's categories; none: every vendor's. */
  vendor_id: z.coerce.number().int().positive().optional(),
  status: z.enum(MAPPING_STATUSES, "status must be 'all', 'unmapped' or 'mapped'").default('all'),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
/** The query as a client sends it. */
export interface CategoryMappingQuery {
  vendor_id?: number;
  status?: (typeof MAPPING_STATUSES)[number];
  search?: string;
  page?: number;
  per_page?: number;
}

export const storeCategoryRefSchema = z.object({ id: z.number().int(), path: z.string() });
export type StoreCategoryRef = z.infer<typeof storeCategoryRefSchema>;

export const categoryMappingRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its names from the root of its vendor's tree, 'Deck > Winches'. */
  path: z.string(),
  vendor_id: z.number().int().nullable(),
  vendor_name: z.string().nullable(),
  level: z.number().int(),
  /** Products in it and its subcategories. */
  product_count: z.number().int(),
  /** Its own mapping. */
  mapping: storeCategoryRefSchema.nullable(),
  /** Without one of its own: the mapping its nearest mapped ancestor passes down. */
  inherited: storeCategoryRefSchema.extend({ from: z.string() }).nullable(),
  /** For a category with no mapping (own or inherited): up to three shop categories, best first. */
  suggestions: z.array(storeCategoryRefSchema),
});
export type CategoryMappingRow = z.infer<typeof categoryMappingRowSchema>;

export const categoryMappingResponseSchema = z.object({
  rows: z.array(categoryMappingRowSchema),
  total: z.number().int(),
  summary: z.object({
    categories: z.number().int(),
    unmapped: z.number().int(),
    products: z.number().int(),
    /** Listed products (of the vendor, or of all vendors) that have a shop category. */
    with_store_category: z.number().int(),
  }),
});
export type CategoryMappingResponse = z.infer<typeof categoryMappingResponseSchema>;

export const categoryMappingChangeSchema = z.object({
  vendor_category_id: z.number({ error: 'vendor_category_id is required' }).int().positive(),
  /** null removes the vendor category's own mapping. */
  store_category_id: z.number({ error: 'store_category_id must be a category id or null' }).int().positive().nullable(),
});

export const categoryMappingBodySchema = z.object({
  mappings: z.array(categoryMappingChangeSchema).min(1, CATEGORY_MAPPING_MESSAGES.chooseMappings).max(5000),
  apply: mappingApplyModeSchema.default('missing'),
});
export type CategoryMappingBody = z.input<typeof categoryMappingBodySchema>;

/** What saving the mappings would do to the stored products, before it is done. */
export const categoryMappingPreviewSchema = z.object({
  /** Products the mappings reach that have no shop category. */
  missing: z.number().int(),
  /** Products the mappings reach whose shop category is another one (changed only by 'override'). */
  other: z.number().int(),
});
export type CategoryMappingPreview = z.infer<typeof categoryMappingPreviewSchema>;

export const categoryMappingResultSchema = z.object({
  message: z.string(),
  mapped: z.number().int(),
  updated_products: z.number().int(),
});
export type CategoryMappingResult = z.infer<typeof categoryMappingResultSchema>;

export const storeCategoryPathsQuerySchema = z.object({
  search: z.string().trim().max(200).default(''),
  /** These categories' paths instead of a search ('12,40'): what a picker shows for ids it was given. */
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,49}$/, 'ids must be up to 50 category ids separated by commas')
    .transform((ids) => ids.split(',').map(Number))
    .optional(),
});
export const storeCategoryPathsResponseSchema = z.object({ categories: z.array(storeCategoryRefSchema) });
