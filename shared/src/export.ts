import { z } from 'zod';
import { productFilterQuerySchema } from './products.js';

export const EXPORT_MODES = ['woocommerce', 'direct'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuerySchema = productFilterQuerySchema.extend({
  /** csv, or xlsx: an Excel workbook with the same columns and values, numbers as numbers. */
  format: z.preprocess((v) => (v === '' ? undefined : v), z.enum(EXPORT_FORMATS, "format must be 'csv' or 'xlsx'").default('csv')),
  mode: z.preprocess((v) => (v === '' ? undefined : v), z.enum(EXPORT_MODES, "mode must be 'woocommerce' or 'direct'").default('woocommerce')),
  /** 1 exports products in stock (stock >= 1); stock_max 0 those out of stock. */
  stock_min: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
  stock_max: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
  /** Only these products (the list's selection). */
  ids: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '')),
    z.array(z.coerce.number().int().positive()).max(100_000).optional(),
  ),
  /** A short-lived, single-use token so the browser can download straight to disk without a header. */
  download_token: z.string().max(200).optional(),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const exportFileName = (mode: ExportMode, date = new Date(), format: ExportFormat = 'csv') => `products_${mode}_${date.toISOString().slice(0, 10)}.${format}`;

export const EXPORT_MESSAGES = {
  success: (mode: string) => `Products exported successfully (${mode} mode)`,
  failed: 'Error exporting products',
} as const;

export const EXPORT_MODE_DESCRIPTIONS: Record<ExportMode, string> = {
  woocommerce:
    "WooCommerce's own product CSV columns, so WooCommerce imports it as it is, plus a Category Path column. " +
    'A variable product is followed by its variations, with Type, Parent and Attribute 1-3 columns.',
  direct:
    'Every Bosun field in its own column, with the category trees as ParentCategory, Subcategory1, Subcategory2, ... ' +
    'A variable product is followed by its variations, with Parent SKU and Attribute 1-3 Name and Values columns.',
};

export const downloadTokenResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
