import { z } from 'zod';
import { formatCount, plural } from './count-text.js';
import { fieldLabel } from './product-filters.js';
import { bulkUpdateDataSchema, productFieldsSchema } from './product-form.js';
import { productSchema } from './products.js';

/** A product is simple, a variable parent (not sold itself), or one variation of a parent (issue 18). */
export const PRODUCT_KINDS = ['simple', 'variable', 'variation'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const MAX_ATTRIBUTES = 3;
/** Variations per product: Shopify's limit since 2025. */
export const MAX_VARIATIONS = 2048;
export const MAX_ATTRIBUTE_VALUE_CHARS = 100;
/** Above this many, the generator's preview warns before creating. */
export const MANY_VARIATIONS = 100;

const sameText = (a: string, b: string) => a.toLocaleLowerCase('en-US') === b.toLocaleLowerCase('en-US');
const valueText = z
  .string('A value must be text')
  .trim()
  .min(1, 'A value must not be empty')
  .max(MAX_ATTRIBUTE_VALUE_CHARS, `A value must be at most ${MAX_ATTRIBUTE_VALUE_CHARS} characters`);

/** Reports each entry equal (ignoring case) to one before it, at its own index. */
function noRepeats<T>(items: T[], key: (item: T) => string, ctx: z.RefinementCtx, path: (i: number) => (string | number)[], message: (text: string) => string) {
  items.forEach((item, i) => {
    const text = key(item);
    if (items.slice(0, i).some((other) => sameText(key(other), text))) ctx.addIssue({ code: 'custom', path: path(i), message: message(text) });
  });
}

/**
 * One attribute as the parent's attributes screen sends it. `was` is the position (1-3) the
 * attribute had before this change, so that renaming or moving it keeps its variations' values;
 * `renames` carries values renamed in place; `fill` is the value every existing variation takes
 * when an attribute is added to a product that already has variations.
 */
export const attributeInputSchema = z
  .object({
    name: z.string('Attribute name is required').trim().min(1, 'Attribute name is required').max(100, 'Attribute name must be at most 100 characters'),
    values: z.array(valueText).min(1, 'An attribute needs at least one value').max(MAX_VARIATIONS, `An attribute takes at most ${MAX_VARIATIONS} values`),
    was: z.number().int().min(1).max(MAX_ATTRIBUTES).optional(),
    renames: z.array(z.object({ from: valueText, to: valueText }).strict()).max(MAX_VARIATIONS).optional(),
    fill: valueText.optional(),
    // Left out, an attribute keeps the settings it had (`was`); a new one is visible, not global, without a default.
    visible: z.boolean('Visible on the product page must be true or false').optional(),
    global: z.boolean('Global must be true or false').optional(),
    default_value: valueText.nullable().optional(),
  })
  .strict()
  .superRefine((attribute, ctx) => {
    noRepeats(attribute.values, (v) => v, ctx, (i) => ['values', i], (v) => `'${v}' is listed twice`);
    if (attribute.default_value != null && !attribute.values.includes(attribute.default_value)) {
      ctx.addIssue({ code: 'custom', path: ['default_value'], message: VARIANT_MESSAGES.defaultNotAValue(attribute.default_value, attribute.name) });
    }
    if (attribute.fill !== undefined && !attribute.values.some((v) => v === attribute.fill)) {
      ctx.addIssue({ code: 'custom', path: ['fill'], message: `'${attribute.fill}' is not one of the attribute's values` });
    }
  });
export type AttributeInput = z.infer<typeof attributeInputSchema>;

export const putAttributesBodySchema = z
  .object({ attributes: z.array(attributeInputSchema).max(MAX_ATTRIBUTES, `A product takes at most ${MAX_ATTRIBUTES} attributes`) })
  .strict()
  .superRefine(({ attributes }, ctx) => {
    noRepeats(attributes, (a) => a.name, ctx, (i) => ['attributes', i, 'name'], (name) => `The attribute '${name}' is listed twice`);
    noRepeats(attributes.filter((a) => a.was !== undefined), (a) => String(a.was), ctx, () => ['attributes'], () => 'Two attributes name the same previous position');
  });
export type PutAttributesBody = z.infer<typeof putAttributesBodySchema>;

/**
 * A variable product's attribute: its name, its values in order, and WooCommerce's storefront
 * settings of it: shown on the product page (`visible`), one of the shop's global attributes
 * (`global`), the value of the variation the product page preselects (`default_value`). An
 * attribute read from a file that has no columns for them leaves them out: the stored ones stay.
 */
export const attributeSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
  visible: z.boolean().optional(),
  global: z.boolean().optional(),
  default_value: z.string().nullable().optional(),
});
export type Attribute = z.infer<typeof attributeSchema>;
/** An attribute as stored and as the API gives it: its settings always said. */
export const storedAttributeSchema = attributeSchema.required();
export type StoredAttribute = z.infer<typeof storedAttributeSchema>;
export { DEFAULT_ATTRIBUTE_SETTINGS } from './attribute-settings.js';

/**
 * A variable product's stock and prices are its variations' (the parent shows their total and
 * range): they are written on the variations, and a bulk edit of them reaches the variations.
 */
export const VARIATION_LEVEL_FIELDS = ['stock', 'list_price', 'market_price', 'vendor_cost', 'special_price'] as const;

/** The fields a variation has of its own; everything else is its parent's. */
const ownFields = productFieldsSchema.pick({
  sku: true, gtin: true, mfn: true, stock: true, stock_status: true, list_price: true, market_price: true, vendor_cost: true, special_price: true,
  weight: true, length: true, width: true, height: true, image_url: true,
});
const variationWriteSchema = ownFields.extend({
  enabled: z.boolean('Enabled must be true or false').optional(),
  /** One value per attribute of the parent, in the attributes' order. */
  values: z.array(valueText).max(MAX_ATTRIBUTES),
});

export const createVariationBodySchema = variationWriteSchema.strict();
export type CreateVariationBody = z.infer<typeof createVariationBodySchema>;

/** Many variations changed in one request (the grid's Save): each names its id and the fields it changes. */
export const updateVariationsBodySchema = z
  .object({
    variations: z
      .array(variationWriteSchema.partial().extend({ id: z.number().int().positive() }).strict())
      .min(1, 'Please change at least one variation')
      .max(MAX_VARIATIONS, `At most ${MAX_VARIATIONS} variations in one save`),
  })
  .strict()
  .superRefine(({ variations }, ctx) => noRepeats(variations, (v) => String(v.id), ctx, (i) => ['variations', i, 'id'], (id) => `Variation ${id} is listed twice`));
export type UpdateVariationsBody = z.infer<typeof updateVariationsBodySchema>;

export const deleteVariationsBodySchema = z
  .object({ ids: z.array(z.number().int().positive()).min(1, 'Please select variations to delete').max(MAX_VARIATIONS) })
  .strict();

/**
 * 'Generate variations': every combination of the chosen values (a subset of each attribute's
 * values, in the attributes' order), SKUs from a pattern such as `{sku}-{Diameter}-{Length}`
 * (`{sku}` is the parent's SKU, `{Name}` an attribute's value with its spaces removed), created
 * with a starting price and stock. `preview` answers what would happen without writing.
 */
export const generateVariationsBodySchema = z
  .object({
    values: z.array(z.array(valueText).min(1, 'Choose at least one value of each attribute')).min(1).max(MAX_ATTRIBUTES),
    sku_pattern: z.string('SKU pattern is required').trim().min(1, 'SKU pattern is required').max(200),
    list_price: ownFields.shape.list_price,
    stock: ownFields.shape.stock,
    preview: z.boolean().optional(),
  })
  .strict();
export type GenerateVariationsBody = z.infer<typeof generateVariationsBodySchema>;

/** A variation as the API gives it: its own fields (the product's, by the same names), its enabled flag and its values. */
export const variationSchema = productSchema
  .pick({
    id: true, sku: true, gtin: true, mfn: true, stock: true, stock_status: true, list_price: true, market_price: true, vendor_cost: true, special_price: true,
    weight: true, length: true, width: true, height: true, image_url: true, created_at: true, updated_at: true,
  })
  .extend({ enabled: z.boolean(), values: z.array(z.string()) });
export type Variation = z.infer<typeof variationSchema>;

/** The variations screen's data: the parent's inherited fields, its attributes and every variation. */
export const variationsResponseSchema = z.object({
  product: z.object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    weight: z.number().nullable(),
    length: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    image_url: z.string().nullable(),
  }),
  attributes: z.array(storedAttributeSchema),
  variations: z.array(variationSchema),
  /** The sum of the variations' stock and their list price range, as the parent shows them. */
  stock_total: z.number().int(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
});
export type VariationsResponse = z.infer<typeof variationsResponseSchema>;

export const generatePreviewSchema = z.object({
  count: z.number().int(),
  /** How many the create would make: the count less the combinations that already exist. */
  creates: z.number().int(),
  combinations: z.array(
    z.object({
      values: z.array(z.string()),
      sku: z.string(),
      exists: z.boolean(),
      /** Why this one cannot be created as it is: its SKU is taken or repeats another's. */
      problem: z.string().optional(),
    }),
  ),
  warning: z.string().optional(),
});
export type GeneratePreview = z.infer<typeof generatePreviewSchema>;

/** Prices (set, or ± an amount or a percentage) and stock of the selected variations, with the product bulk edit's rules. */
export const bulkUpdateVariationsBodySchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1, 'Please select variations to update').max(MAX_VARIATIONS),
    updateData: bulkUpdateDataSchema.pick({ list_price: true, market_price: true, vendor_cost: true, special_price: true, stock: true, stock_status: true }).strict(),
    allowSpecialBelowCost: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v.updateData).length > 0, { message: 'Please select at least one field to update', path: ['updateData'] });
export type BulkUpdateVariationsBody = z.infer<typeof bulkUpdateVariationsBodySchema>;

export const generateResultSchema = z.object({ message: z.string(), created: z.number().int(), skipped: z.number().int() });

export const VARIANT_MESSAGES = {
  notVariable: 'This product has no variations: give it attributes first',
  notAProduct: 'Variations have no variations of their own',
  hasVariations: (n: number) => `The product still has ${plural(n, 'variation')}: delete them before removing its last attribute`,
  tooMany: (n: number) => `A product takes at most ${formatCount(MAX_VARIATIONS)} variations; this would make ${formatCount(n)}`,
  valueCount: (n: number) => `Give one value for each of the product's ${plural(n, 'attribute')}`,
  notAValue: (value: string, attribute: string) => `'${value}' is not a value of ${attribute}`,
  defaultNotAValue: (value: string, attribute: string) => `The default '${value}' is not a value of ${attribute}`,
  duplicate: (values: string[]) => `A variation ${values.join(' / ')} already exists`,
  valueInUse: (value: string, n: number) => `'${value}' is used by ${plural(n, 'variation')}: change them first`,
  fillNeeded: (name: string) => `The product has variations: choose the value of ${name} they take`,
  wouldMerge: 'Removing this attribute would leave two variations with the same values',
  unknownToken: (token: string) => `The SKU pattern names {${token}}, which is neither {sku} nor one of the attributes`,
  skuTaken: (sku: string) => `SKU ${sku} is already taken`,
  skuRepeated: (sku: string) => `SKU ${sku} comes out for more than one combination`,
  notFound: 'Variation not found',
  parentField: (field: string) => `A variable product's ${fieldLabel(field)} is its variations': change it on the variations`,
  editOnParent: 'This is a variation: change it on its product\'s variations page',
  saved: (n: number) => `${plural(n, 'variation')} saved`,
  updated: (n: number) => `${plural(n, 'variation')} updated`,
  created: (n: number, skipped: number) => `${plural(n, 'variation')} created${skipped ? `, ${formatCount(skipped)} already existed` : ''}`,
  deleted: (n: number) => `${plural(n, 'variation')} deleted`,
  manyWarning: (n: number) => `This creates ${plural(n, 'variation')}`,
  attributesSaved: 'Attributes saved',
} as const;
