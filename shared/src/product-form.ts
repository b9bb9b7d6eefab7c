import { z } from 'zod';
import { formatCount, plural } from './count-text.js';
import { fieldLabel } from './product-filters.js';
import { isImageAddress } from './common.js';
import { gtinProblem } from './gtin.js';
import { cannotBeNegative, MAX_DESCRIPTION_CHARS, MAX_MEASURE, MAX_MONEY, MAX_STOCK, tooLarge, wholeNumber } from './product-bounds.js';
import { productFilterQuerySchema, VISIBILITIES } from './products.js';
import { bulkTagListSchema, MAX_TAGS, tagListSchema } from './product-tags.js';
import { stockStatusSchema } from './stock-status.js';

export const NAME_AND_SKU_REQUIRED = 'Name and SKU are required';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const text = (max: number, label: string) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional());
const html = (label: string) => z.preprocess(blankToNull, z.string().max(MAX_DESCRIPTION_CHARS, `${label} must be at most ${formatCount(MAX_DESCRIPTION_CHARS)} characters`).nullable().optional());

/** A non-negative amount; money keeps at most 2 decimals so it round-trips exactly through CSV. */
const amount = (label: string, max: number, decimals?: number) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number(`${label} must be a number`)
      .min(0, cannotBeNegative(label))
      .max(max, tooLarge(label, max))
      .refine((n) => decimals === undefined || Math.abs(n * 10 ** decimals - Math.round(n * 10 ** decimals)) < 1e-6, `${label} must have at most ${decimals} decimals`)
      .nullable()
      .optional(),
  );

const optionalId = (label: string) =>
  z.preprocess((v) => (v === '' || v === 0 ? null : v), z.coerce.number(`${label} must be a number`).int().positive().nullable().optional());

const webAddress = z.string().trim().max(2000).refine(isImageAddress, 'Image addresses must start with http://, https:// or /');

/** Fields the product object carries for display; a client may send them back, the server ignores them. */
export const READ_ONLY_PRODUCT_FIELDS = [
  'id', 'created_at', 'updated_at', 'vendor_name', 'vendor_category_name', 'store_category_name',
  'vendor_category_path', 'store_category_path',
] as const;

const withoutReadOnly = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const copy: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const key of READ_ONLY_PRODUCT_FIELDS) delete copy[key];
  return copy;
};

export const productFieldsSchema = z.object({
  sku: z.string(NAME_AND_SKU_REQUIRED).trim().min(1, NAME_AND_SKU_REQUIRED).max(100, 'SKU must be at most 100 characters'),
  name: z.string(NAME_AND_SKU_REQUIRED).trim().min(1, NAME_AND_SKU_REQUIRED).max(500, 'Name must be at most 500 characters'),
  mfn: text(100, 'MFN'),
  gtin: z.preprocess(
    blankToNull,
    z.string().trim().max(20).superRefine((v, ctx) => {
      const problem = gtinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }).nullable().optional(),
  ),
  short_description: html('Short description'),
  description: html('Description'),
  brand: text(200, 'Brand'),
  // Empty or null is 'not tracked' beside a stock_status, 0 without one (resolveStock, stock-status.ts).
  stock: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? Number(v) : v),
    z.number('Stock must be a number').int(wholeNumber('Stock')).min(0, cannotBeNegative('Stock')).max(MAX_STOCK, tooLarge('Stock', MAX_STOCK)).nullable().optional(),
  ),
  stock_status: z.preprocess((v) => (v === '' || v === null ? undefined : v), stockStatusSchema.optional()),
  list_price: amount('List price', MAX_MONEY, 2),
  market_price: amount('Market price', MAX_MONEY, 2),
  vendor_cost: amount('Vendor cost', MAX_MONEY, 2),
  special_price: amount('Special price', MAX_MONEY, 2),
  weight: amount('Weight', MAX_MEASURE),
  length: amount('Length', MAX_MEASURE),
  width: amount('Width', MAX_MEASURE),
  height: amount('Height', MAX_MEASURE),
  vendor_id: optionalId('Vendor'),
  vendor_category_id: optionalId('Vendor category'),
  store_category_id: optionalId('Store category'),
  google_category: text(500, 'Google category'),
  published: z.boolean('Published must be true or false').optional(),
  featured: z.boolean('Featured must be true or false').optional(),
  visibility: z.enum(VISIBILITIES, 'Visibility must be public, private or hidden').optional(),
  images: z.array(webAddress).max(50, 'At most 50 images').optional(),
  image_url: z.preprocess(blankToNull, webAddress.nullable().optional()),
  meta_title: text(300, 'Meta title'),
  meta_description: text(1000, 'Meta description'),
  meta_keywords: text(1000, 'Meta keywords'),
  tags: tagListSchema.optional(),
});

export const createProductBodySchema = z.preprocess(withoutReadOnly, productFieldsSchema.strict());
export type CreateProductBody = z.infer<typeof productFieldsSchema>;

/**
 * PUT changes only the fields sent. `version`: the product's version the form was opened on; a
 * save on an older one than the stored product's is refused (409) instead of overwriting another's
 * save (issue 20). Without it (bulk edits, imports, older clients) the save is not checked.
 */
export const updateProductBodySchema = z.preprocess(
  withoutReadOnly,
  productFieldsSchema.partial().extend({ version: z.number('Version must be a number').int('Version must be a whole number').min(0, 'Version must be at least 0').optional() }).strict(),
);
export type UpdateProductBody = Partial<CreateProductBody> & { version?: number };

export const PRODUCT_FORM_MESSAGES = {
  created: 'Product created successfully',
  updated: 'Product updated successfully',
  saveFailed: 'Error saving product',
  updateFailed: 'Error updating product',
  skuTaken: (sku: string) => `A product with SKU ${sku} already exists`,
  vendorNotFound: 'Vendor not found',
  vendorCategoryNotFound: 'Vendor category not found',
  vendorCategoryWrongVendor: 'The vendor category must belong to the chosen vendor',
  storeCategoryNotFound: 'Store category not found',
} as const;

export const PRICE_FIELDS = ['list_price', 'market_price', 'vendor_cost', 'special_price'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** A bulk price change: set it, or raise/lower it by an amount or a percentage (as WooCommerce's bulk edit). */
export const priceAdjustmentSchema = z.object({
  op: z.enum(['increase', 'decrease'], "op must be 'increase' or 'decrease'"),
  by: z.enum(['amount', 'percent'], "by must be 'amount' or 'percent'"),
  value: z.number('The adjustment must be a number').positive('The adjustment must be above 0').max(MAX_MONEY, tooLarge('The adjustment', MAX_MONEY)),
});
export type PriceAdjustment = z.infer<typeof priceAdjustmentSchema>;

const bulkPrice = (label: string) =>
  z.union([priceAdjustmentSchema, z.number(`${label} must be a number`).min(0, cannotBeNegative(label)).max(MAX_MONEY, tooLarge(label, MAX_MONEY))
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} must have at most 2 decimals`)]).optional();

export const bulkUpdateDataSchema = productFieldsSchema
  .omit({ sku: true, tags: true, ...Object.fromEntries(PRICE_FIELDS.map((f) => [f, true])) } as { sku: true; tags: true } & Record<PriceField, true>)
  .partial()
  .extend({
    /** Tags every selected product gets (one it has already, in any ASCII case, is left as it is). */
    add_tags: bulkTagListSchema.optional(),
    /** Tags taken off every selected product (by key: 'wool' removes 'Wool'). */
    remove_tags: bulkTagListSchema.optional(),
    list_price: bulkPrice('List price'),
    market_price: bulkPrice('Market price'),
    vendor_cost: bulkPrice('Vendor cost'),
    special_price: bulkPrice('Special price'),
  })
  .strict();
export type BulkUpdateData = z.infer<typeof bulkUpdateDataSchema>;

export const BULK_MESSAGES = {
  selectField: 'Please select at least one field to update',
  selectProducts: 'Please select products to update',
  updated: (n: number) => `${plural(n, 'product')} updated successfully`,
  failed: 'Error updating products',
  negativePrice: (field: string, n: number) => `This change would make ${fieldLabel(field)} negative for ${plural(n, 'product')}`,
  tooLarge: (skus: string[], n: number) =>
    `This change would take a price past ${formatCount(MAX_MONEY)} for ${plural(n, 'product')}: ${skus.join(', ')}${n > skus.length ? ', …' : ''}`,
  tooManyTags: (n: number, skus: string[]) => `Adding these tags would give ${plural(n, 'product')} more than ${MAX_TAGS} tags: ${skus.join(', ')}${n > skus.length ? ', …' : ''}`,
  stockContradiction: (n: number) =>
    `${formatCount(n)} of these products ${n === 1 ? 'holds' : 'hold'} a quantity above 0: set their stock to 0 with Out of stock, or choose another stock status`,
  specialBelowCost: (n: number) => `The special price would fall below vendor cost for ${plural(n, 'product')}. Tick 'Allow special price below vendor cost' to apply it anyway.`,
} as const;

/** {ids | filter, updateData}: the selected products, or every product matching the list's filters. */
export const bulkUpdateProductsBodySchema = z
  .object({
    ids: z.array(z.number().int().positive()).max(100_000).optional(),
    filter: productFilterQuerySchema.optional(),
    updateData: bulkUpdateDataSchema,
    allowSpecialBelowCost: z.boolean().optional(),
  })
  .strict()
  .refine((v) => (v.ids?.length ?? 0) > 0 || v.filter !== undefined, { message: 'Please select products to update', path: ['ids'] })
  .refine((v) => Object.keys(v.updateData).length > 0, { message: 'Please select at least one field to update', path: ['updateData'] });
export const bulkUpdateProductsResponseSchema = z.object({
  message: z.string(),
  updated: z.number().int(),
  /** The recorded change, for the toast's Undo; null when nothing changed. */
  changeId: z.number().int().nullable(),
});

