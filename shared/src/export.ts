import { z } from 'zod';
import { EXPORT_DIMENSION_UNITS, EXPORT_WEIGHT_UNITS } from './export-units.js';
import { productFilterQuerySchema } from './products.js';

export const EXPORT_MODES = ['woocommerce', 'direct'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const exportQuerySchema = productFilterQuerySchema.extend({
  /** csv, or xlsx: an Excel workbook with the same columns and values, numbers as numbers. */
  format: z.preprocess(blankToUndefined, z.enum(EXPORT_FORMATS, "format must be 'csv' or 'xlsx'").default('csv')),
  mode: z.preprocess(blankToUndefined, z.enum(EXPORT_MODES, "mode must be 'woocommerce' or 'direct'").default('woocommerce')),
  /**
   * The WooCommerce layout's units: the target store's, converted from the shop's (the default).
   * WooCommerce maps 'Weight (lbs)' by itself only in a store whose unit is lbs.
   */
  weight_unit: z.preprocess(blankToUndefined, z.enum(EXPORT_WEIGHT_UNITS, 'weight_unit must be kg, lbs, g or oz').optional()),
  dimension_unit: z.preprocess(blankToUndefined, z.enum(EXPORT_DIMENSION_UNITS, 'dimension_unit must be cm, in, m or mm').optional()),
  /** 1 exports products in stock (stock >= 1, or not counted and in stock); stock_max 0 those out of stock (an uncounted one by its status). */
  stock_min: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
  stock_max: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
  /** Only these products (the list's selection). */
  ids: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '')),
    z.array(z.coerce.number().int().positive()).max(100_000).optional(),
  ),
  /** A short-lived, single-use token so the browser can download straight to disk without a header. */
  download_token: z.string().max(200).optional(),
}).superRefine((query, ctx) => {
  // The direct layout is Bosun's own and always writes the shop's units: an option it would ignore is refused.
  if (query.mode !== 'direct') return;
  for (const field of ['weight_unit', 'dimension_unit'] as const) {
    if (query[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} applies to the woocommerce layout only` });
  }
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const exportFileName = (mode: ExportMode, date = new Date(), format: ExportFormat = 'csv') => `products_${mode}_${date.toISOString().slice(0, 10)}.${format}`;

export const EXPORT_MESSAGES = {
  success: (mode: string) => `Products exported successfully (${mode} mode)`,
  failed: 'Error exporting products',
} as const;

export const EXPORT_MODE_DESCRIPTIONS: Record<ExportMode, string> = {
  woocommerce:
    "WooCommerce's own product CSV columns, which its importer maps by itself but for the few named below, plus a Category Path column. " +
    'A variable product is followed by its variations, with Type, Parent and Attribute 1-3 columns.',
  direct:
    'Every Bosun field in its own column, with the category trees as ParentCategory, Subcategory1, Subcategory2, ... ' +
    'A variable product is followed by its variations, with Parent SKU and Attribute 1-3 Name and Values columns.',
};

/**
 * What WooCommerce's product importer (WC_Product_CSV_Importer_Controller::auto_map_columns, its
 * mapping options and the 'Meta: %s' special column) does with the WooCommerce layout's columns,
 * for the export dialog. Every other column (Type, SKU, Name, Published, ..., Categories, Images,
 * Parent, Brands, Attribute n ...) it maps by itself.
 */
export const WOOCOMMERCE_IMPORT_NOTES = {
  units:
    "WooCommerce maps the Weight, Length, Width and Height columns by itself only when their unit is its store's own " +
    '(WooCommerce > Settings > Products): choose those units here.',
  gtin:
    "WooCommerce maps the 'GTIN, UPC, EAN, or ISBN' column only by hand: its importer offers no header it maps by itself. " +
    "In its column mapping screen, choose 'GTIN, UPC, EAN, or ISBN' for that column.",
  meta:
    'WooCommerce keeps the Meta: columns (mfn, market_price, vendor_cost, google_category, visibility, meta_title, ' +
    "meta_description, meta_keywords, vendor) as custom fields of each product ('Import as meta data'): it stores them " +
    'but uses none of them for prices, SEO or vendors. Keep them to bring those fields back into Bosun later, ' +
    "or choose 'Do not import' for them.",
  categoryPath:
    "WooCommerce does not map the Category Path column (it shows 'Do not import'); the Categories column carries the " +
    "store category. Choose 'Import as meta data' for it to keep the vendor category path too.",
} as const;

export const downloadTokenResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
