import { z } from 'zod';

export const IMPORT_MODES = ['ultra-fast', 'lightning', 'standard'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const DEFAULT_IMPORT_MODE: ImportMode = 'ultra-fast';

/**
 * Shown beside each mode, in SPEC §9's words for what each mode is for. The spec's per-second
 * figures (1000, 200, 50) are the original's; the time estimate beside the modes shows the rates
 * `npm run bench` measured on 100k rows here (2 cores), so the descriptions do not repeat a figure.
 */
export const IMPORT_MODE_INFO: Record<ImportMode, { label: string; description: string; rowsPerSecond: number }> = {
  'ultra-fast': {
    label: 'Ultra-fast',
    description: 'For 10,000+ products: 10,000+ in under 60 seconds. Bad rows are still reported one by one.',
    rowsPerSecond: 4_700,
  },
  lightning: {
    label: 'Lightning',
    description: 'For 1,000 to 10,000 products, with real-time progress; a failing batch is retried row by row.',
    rowsPerSecond: 2_600,
  },
  standard: {
    label: 'Standard',
    description: 'For small datasets (best under 1,000 products), with detailed validation: every row in its own savepoint.',
    rowsPerSecond: 1_700,
  },
};

export const MAX_CATEGORY_MAPPING_LEVELS = 5;
const levels = [1, 2, 3, 4, 5] as const;

export interface ImportField {
  key: string;
  label: string;
  required: boolean;
}
export interface ImportFieldGroup {
  name: string;
  fields: ImportField[];
}

const field = (key: string, label: string, required = false): ImportField => ({ key, label, required });

/** Every mapping key of SPEC §3, plus the product fields an export writes so a round trip is exact. */
export const IMPORT_FIELD_GROUPS: ImportFieldGroup[] = [
  { name: 'Basic', fields: [field('sku', 'SKU', true), field('name', 'Product Name', true), field('brand', 'Brand'), field('mfn', 'MFN'), field('gtin', 'GTIN / UPC / EAN / ISBN'), field('vendor', 'Vendor (name)')] },
  { name: 'Content', fields: [field('short_description', 'Short Description'), field('description', 'Description'), field('image_url', 'Image URL'), field('images', 'Images (image URL first, then the gallery)')] },
  {
    name: 'Pricing',
    fields: [
      field('list_price', 'List Price'), field('market_price', 'Market Price'), field('vendor_cost', 'Vendor Cost'), field('special_price', 'Special Price'),
      // Report-only: Bosun has no sale dates, so a row with a sale price and a date is imported with a warning saying so.
      field('sale_price_starts', 'Sale price starts (not kept: reported per row)'), field('sale_price_ends', 'Sale price ends (not kept: reported per row)'),
    ],
  },
  {
    name: 'Inventory',
    fields: [
      field('stock', 'Stock (empty: not tracked when a status is given)'),
      field('stock_status', "Stock status (in stock, out of stock, backorder; WooCommerce's 'In stock?' 1, 0, backorder)"),
      field('stock_tracking', "Quantity tracked (Shopify's inventory tracker, WooCommerce's 'Manage stock?'; empty: not tracked)"),
      field('backorders', "Sells when out of stock (Shopify's inventory policy continue/deny, 'Backorders allowed?')"),
      field('published', 'Published'),
      // Report-only: Shopify's files have both; Published is read and a Status that disagrees is a warning on the row.
      field('status', "Status beside Published (Shopify's active, draft, archived: not kept, a disagreement is reported per row)"),
      field('featured', 'Featured'),
      field('visibility', 'Visibility'),
    ],
  },
  {
    name: 'Shipping',
    fields: [
      field('weight', 'Weight'), field('length', 'Length'), field('width', 'Width'), field('height', 'Height'),
      // A column naming each row's unit, when a vendor's file mixes them: the values are converted row by row.
      field('weight_unit', "Weight unit of each row (kg, g, lb, oz; empty: the weight column's or the shop's unit)"),
      field('dimension_unit', "Length, width and height unit of each row (cm, mm, m, in; empty: the column's or the shop's unit)"),
    ],
  },
  {
    name: 'Categories',
    fields: [
      field('vendor_category', 'Vendor Category'),
      ...levels.map((n) => field(`vendor_subcategory_${n}`, `Vendor Subcategory ${n}`)),
      field('store_category', 'Store Category'),
      ...levels.map((n) => field(`store_subcategory_${n}`, `Store Subcategory ${n}`)),
      field('category_hierarchy', "Category Hierarchy ('A > B > C', several joined with ', ', 'Vendor: ' / 'Store: ' prefixes)"),
      field('google_category', 'Google Category'),
    ],
  },
  { name: 'SEO', fields: [field('meta_title', 'Meta Title'), field('meta_description', 'Meta Description'), field('meta_keywords', 'Meta Keywords')] },
  { name: 'Tags', fields: [field('tags', "Tags (separated by commas, '\\,' for a comma in a tag)")] },
  {
    name: 'Variations',
    fields: [
      field('product_type', 'Type (simple, variable or variation)'),
      field('parent_sku', "Parent (the variable product's SKU, or id:N of this file's ID column)"),
      field('source_id', 'ID (what Parent id:N refers to)'),
      field('handle', "Handle (Shopify: the rows sharing it are one product, its variants)"),
      ...([1, 2, 3] as const).flatMap((n) => [
        field(`attribute_${n}_name`, `Attribute ${n} name`),
        field(`attribute_${n}_values`, `Attribute ${n} value(s) (a parent's values separated by commas, '\\,' for a comma in a value)`),
        field(`attribute_${n}_visible`, `Attribute ${n} visible (1: shown on the product page)`),
        field(`attribute_${n}_global`, `Attribute ${n} global (1: one of the shop's global attributes)`),
        field(`attribute_${n}_default`, `Attribute ${n} default (the value of the variation preselected)`),
      ]),
    ],
  },
];

/** Fields that write nothing: the import reports their cells per row (a warning), as Bosun does not keep them. */
export const REPORT_ONLY_FIELD_KEYS = ['sale_price_starts', 'sale_price_ends', 'status'];

/** The fields that make a file's rows variable products and their variations (issue 18). */
export const VARIANT_FIELD_KEYS = IMPORT_FIELD_GROUPS.find((g) => g.name === 'Variations')!.fields.map((f) => f.key);

export const IMPORT_FIELD_KEYS = IMPORT_FIELD_GROUPS.flatMap((g) => g.fields.map((f) => f.key));
export const importFieldsResponseSchema = z.object({
  fields: z.array(z.object({ name: z.string(), fields: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })) })),
});

/** {target field: source column header}; each field is mapped to one column at most (an object key is unique). */
export const fieldMappingSchema = z.partialRecord(z.enum(IMPORT_FIELD_KEYS as [string, ...string[]], 'unknown field in fieldMapping'), z.string().max(500));
export type FieldMapping = Record<string, string>;
