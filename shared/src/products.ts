import { z } from 'zod';
import { plural } from './count-text.js';
import { stockStatusSchema, STOCK_STATUSES } from './stock-status.js';
import { qualityProblemQuerySchema } from './quality.js';
import { advancedFilterRowSchema, parseFilterRow, SORTABLE_COLUMNS, type ParsedFilter } from './product-filters.js';
import { tagFilterSchema } from './product-tags.js';

export const VISIBILITIES = ['public', 'private', 'hidden'] as const;
export const visibilitySchema = z.enum(VISIBILITIES);

export const productSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  mfn: z.string().nullable(),
  gtin: z.string().nullable(),
  name: z.string(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  brand: z.string().nullable(),
  /** null: the quantity is not tracked (stock_status alone says whether it sells). */
  stock: z.number().int().nullable(),
  stock_status: stockStatusSchema,
  list_price: z.number().nullable(),
  market_price: z.number().nullable(),
  vendor_cost: z.number().nullable(),
  special_price: z.number().nullable(),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  vendor_id: z.number().int().nullable(),
  vendor_name: z.string().nullable(),
  vendor_category_id: z.number().int().nullable(),
  vendor_category_name: z.string().nullable(),
  store_category_id: z.number().int().nullable(),
  store_category_name: z.string().nullable(),
  /** 'Root > Child > Leaf' of each category, so lists and exports need no lookup per row. */
  vendor_category_path: z.string().nullable(),
  store_category_path: z.string().nullable(),
  google_category: z.string().nullable(),
  published: z.boolean(),
  featured: z.boolean(),
  visibility: visibilitySchema,
  images: z.array(z.string()),
  image_url: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  /** In the order staff gave them; a variation has none (its parent's are read). */
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** simple, variable (a parent: stock is its variations' total, list_price their lowest) or variation. */
  kind: z.enum(['simple', 'variable', 'variation']),
  variation_count: z.number().int(),
  /** A variable product's highest variation list price (list_price is the lowest). */
  variation_price_max: z.number().nullable(),
  /**
   * The id of the product's newest history entry (0 when it has none): sent back as `version` when
   * the form saves, to refuse a save made on an older version (issue 20). Filled where one product
   * is answered (GET /products/:id, POST and PUT), not in lists.
   */
  version: z.number().int().optional(),
  /** In a search's results: the first variation of this product whose SKU, MFN or GTIN holds the text. */
  matched_variation: z.object({ id: z.number().int(), sku: z.string(), values: z.array(z.string()) }).optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

/** Repeated (?a=1&a=2) or comma-separated (?a=1,2) ids. */
const idListSchema = z.preprocess(
  (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '')),
  z.array(z.coerce.number().int().positive()).max(1000).optional(),
);

const booleanQuery = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v === '' ? undefined : v),
  z.boolean('must be true or false').optional(),
);

/** advanced_filters is a JSON list; every row is checked against the column allow-list and the operator table. */
const advancedFiltersQuery = z
  .string()
  .max(20_000)
  .optional()
  .transform((text, ctx): ParsedFilter[] => {
    if (!text) return [];
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'advanced_filters is not valid JSON' });
      return z.NEVER;
    }
    const rows = z.array(advancedFilterRowSchema).max(50).safeParse(json);
    if (!rows.success) {
      ctx.addIssue({ code: 'custom', message: 'advanced_filters must be a list of {column, operator, value, value2} (at most 50)' });
      return z.NEVER;
    }
    const parsed: ParsedFilter[] = [];
    for (const [i, row] of rows.data.entries()) {
      // Rows without both a column and an operator are still being edited in the UI (SPEC §5).
      if (!row.column || !row.operator) continue;
      const result = parseFilterRow(row, i);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      parsed.push(result);
    }
    return parsed;
  });

/** The product list's filters; the list, the export and bulk actions on 'all matching' share them. */
export const productFilterQuerySchema = z.object({
  search: z.string().trim().max(200).refine((v) => !v.includes('\0'), 'search must not contain a NUL character').optional(),
  vendor_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  category_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  category_ids: idListSchema,
  vendor_category_ids: idListSchema,
  store_category_ids: idListSchema,
  stock_status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STOCK_STATUSES, "stock_status must be 'in_stock', 'out_of_stock' or 'backorder'").optional()),
  published: booleanQuery,
  /** Products with any of these tags (ASCII case folded): ?tags=a&tags=b. */
  tags: tagFilterSchema,
  advanced_filters: advancedFiltersQuery,
  /** Products failing this quality check (issue 23): its queue. */
  problem: qualityProblemQuerySchema,
});
export type ProductFilterQuery = z.infer<typeof productFilterQuerySchema>;

export const productListQuerySchema = productFilterQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SORTABLE_COLUMNS, 'sort must be one of the sortable columns').optional()),
  order: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['asc', 'desc'], "order must be 'asc' or 'desc'").default('asc')),
  /** Also answer the first variations of each variable product on the page (the list's 'Show variations'). */
  show_variations: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
    z.boolean('show_variations must be true or false').default(false),
  ),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * The filters as a client sends them: the schema's own keys and values, except that
 * advanced_filters travels as the JSON text the schema parses. The same object is the `filter` of a
 * bulk action on 'all matching products', so the set a user deletes is exactly the set the list
 * counted.
 */
export type ProductFilterParams = Omit<ProductFilterQuery, 'advanced_filters'> & {
  /** A JSON list of {column, operator, value, value2}. */
  advanced_filters?: string;
};

/** A page of the list as a client asks for it; without sort, order or show_variations the server's defaults apply. */
export type ProductListParams = ProductFilterParams &
  Pick<ProductListQuery, 'page' | 'limit'> &
  Partial<Pick<ProductListQuery, 'sort' | 'order' | 'show_variations'>>;

/** With show_variations, the list answers at most this many variations of each variable product (the first by id). */
export const LIST_VARIATIONS_PER_PARENT = 50;

/**
 * A variation as the list shows it under its parent: its own fields only (name, brand, vendor,
 * categories and the rest are the parent's, already on the page), its values for the parent's
 * attributes in their order, and enabled (a variation's own published flag).
 */
export const listedVariationSchema = productSchema
  .pick({
    id: true, sku: true, gtin: true, mfn: true, stock: true, stock_status: true, list_price: true, market_price: true, vendor_cost: true, special_price: true,
    weight: true, length: true, width: true, height: true, image_url: true, created_at: true, updated_at: true,
  })
  .extend({ parent_id: z.number().int(), enabled: z.boolean(), values: z.array(z.string()) });
export type ListedVariation = z.infer<typeof listedVariationSchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  pagination: productPaginationSchema,
  /**
   * Only with show_variations=true: the variations of the page's variable products, by parent
   * then id, at most LIST_VARIATIONS_PER_PARENT of each (a parent's variation_count says how many
   * it has in all).
   */
  variations: z.array(listedVariationSchema).optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** A product is in stock by its status (issue 19: an untracked quantity may still be in stock). */
export const isInStock = (product: Pick<Product, 'stock_status'>) => product.stock_status === 'in_stock';

export const bulkDeleteProductsBodySchema = z
  .object({
    ids: z.array(z.number().int().positive()).max(100_000).optional(),
    /** Instead of ids: every product matching the list's filters ('select all matching'). */
    filter: productFilterQuerySchema.optional(),
  })
  .refine((v) => (v.ids?.length ?? 0) > 0 || v.filter !== undefined, { message: 'Please select products to delete', path: ['ids'] });
export const bulkDeleteProductsResponseSchema = z.object({
  message: z.string(),
  /** Products deleted (simple and variable). */
  deleted: z.number().int(),
  /** Variations deleted with their variable products. */
  variations_deleted: z.number().int(),
  /** The recorded change, for the toast's Undo; null when nothing was deleted. */
  changeId: z.number().int().nullable(),
});
export type BulkDeleteProductsResponse = z.infer<typeof bulkDeleteProductsResponseSchema>;

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  deleted: 'Product deleted successfully',
  bulkDeleted: (n: number, variations = 0) => `${plural(n, 'product')}${variations ? ` and ${plural(variations, 'variation')}` : ''} deleted successfully`,
  selectToDelete: 'Please select products to delete',
  loadFailed: 'Error loading products',
  deleteFailed: 'Error deleting product',
  bulkDeleteFailed: 'Error deleting products',
  confirmDelete: 'Are you sure you want to delete this product?',
  /** Said under the confirmation of a variable product's delete. */
  alsoDeletesVariations: (n: number) => `This also deletes its ${plural(n, 'variation')}.`,
  confirmBulkDelete: (n: number) => `Are you sure you want to delete ${plural(n, 'product')}?`,
  /** Under a bulk delete's confirmation: how many variations go too, or, for 'all matching', that they do. */
  bulkAlsoDeletesVariations: (n: number | 'unknown') =>
    n === 'unknown' ? 'Variable products among them are deleted with their variations.' : `This also deletes their ${plural(n, 'variation')}.`,
} as const;

export const GLOBAL_SEARCH_MIN_CHARS = 2;
export const GLOBAL_SEARCH_LIMIT = 10;
