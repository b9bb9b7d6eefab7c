import { z } from 'zod';
import { isAbsoluteWebAddress } from './common.js';
import { feedScheduleSchema } from './feed-schedule.js';
import { fieldMappingSchema, IMPORT_MODES } from './import-fields.js';
import { PRICE_ENDINGS, PRICE_RULES_APPLY, type PriceRules } from './price-rules.js';
import { MAX_MONEY } from './product-bounds.js';

/**
 * Import profiles (issue 22): what the wizard remembered of a vendor's file, named, edited and
 * reused, with the rules of a supplier feed: which fields an existing product takes from the file,
 * whether new products are created, what an empty cell does, and what becomes of the vendor's
 * products the file no longer lists.
 */

/**
 * The fields 'Update only these fields' can name: what an existing product may take from a file.
 * Each is one or more product columns (the writers' update assignments); 'images' is the main
 * image and the gallery together, as the file's Images column is.
 */
export const PROFILE_UPDATE_FIELDS = [
  { key: 'name', label: 'Product name', columns: ['name'] },
  { key: 'brand', label: 'Brand', columns: ['brand'] },
  { key: 'mfn', label: 'MFN', columns: ['mfn'] },
  { key: 'gtin', label: 'GTIN', columns: ['gtin'] },
  { key: 'short_description', label: 'Short description', columns: ['short_description'] },
  { key: 'description', label: 'Description', columns: ['description'] },
  { key: 'stock', label: 'Stock quantity', columns: ['stock'] },
  { key: 'stock_status', label: 'Stock status', columns: ['stock_status'] },
  { key: 'list_price', label: 'List price', columns: ['list_price'] },
  { key: 'market_price', label: 'Market price', columns: ['market_price'] },
  { key: 'vendor_cost', label: 'Vendor cost', columns: ['vendor_cost'] },
  { key: 'special_price', label: 'Special price', columns: ['special_price'] },
  { key: 'weight', label: 'Weight', columns: ['weight'] },
  { key: 'dimensions', label: 'Dimensions', columns: ['length', 'width', 'height'] },
  { key: 'images', label: 'Images', columns: ['image_url', 'images'] },
  { key: 'published', label: 'Published', columns: ['published'] },
  { key: 'featured', label: 'Featured', columns: ['featured'] },
  { key: 'visibility', label: 'Catalog visibility', columns: ['visibility'] },
  { key: 'google_category', label: 'Google category', columns: ['google_category'] },
  { key: 'seo', label: 'SEO fields', columns: ['meta_title', 'meta_description', 'meta_keywords'] },
  { key: 'tags', label: 'Tags', columns: ['tags'] },
  { key: 'vendor_category', label: 'Vendor category', columns: ['vendor_category_id'] },
  { key: 'store_category', label: 'Store category', columns: ['store_category_id'] },
] as const;
export type ProfileUpdateField = (typeof PROFILE_UPDATE_FIELDS)[number]['key'];
const UPDATE_FIELD_KEYS = PROFILE_UPDATE_FIELDS.map((f) => f.key) as [ProfileUpdateField, ...ProfileUpdateField[]];

/** A stock-and-price feed's checklist: the preset the wizard and the profile form offer. */
export const STOCK_AND_PRICE_FIELDS: ProfileUpdateField[] = ['stock', 'stock_status', 'list_price', 'market_price', 'vendor_cost', 'special_price'];

/**
 * The product columns an update may write under a checklist (null: every mapped column). A
 * quantity brings its stock status: the status follows the quantity by the one stock rule, so a
 * product updated to 0 is not left 'in stock'.
 */
export function updatableColumns(fields: readonly string[] | null | undefined): string[] | null {
  if (!fields) return null;
  const columns = PROFILE_UPDATE_FIELDS.filter((f) => fields.includes(f.key)).flatMap((f): string[] => [...f.columns]);
  if (columns.includes('stock') && !columns.includes('stock_status')) columns.push('stock_status');
  return columns;
}

/** What an empty cell does to an existing product: keeps its value, or clears it (the import's behaviour without a profile). */
export const EMPTY_CELL_RULES = ['clear', 'keep'] as const;
export type EmptyCellRule = (typeof EMPTY_CELL_RULES)[number];

/** What becomes of the vendor's products a full list does not name. */
export const MISSING_PRODUCT_ACTIONS = ['leave', 'zero_stock', 'disable'] as const;
export type MissingProductAction = (typeof MISSING_PRODUCT_ACTIONS)[number];
export const MISSING_PRODUCT_ACTION_LABELS: Record<MissingProductAction, string> = {
  leave: 'Leave them as they are',
  zero_stock: 'Set their stock to 0',
  disable: 'Disable them (unpublish)',
};
/** A truncated feed must not empty a shop: above this share of the vendor's products, staff confirm. */
export const DEFAULT_MISSING_MAX_PERCENT = 20;

export const missingProductRuleSchema = z.object({
  action: z.enum(MISSING_PRODUCT_ACTIONS, `Missing products must be one of ${MISSING_PRODUCT_ACTIONS.join(', ')}`),
  maxPercent: z
    .number('Largest share must be a number')
    .min(0, 'Largest share must be at least 0%')
    .max(100, 'Largest share must be at most 100%')
    .default(DEFAULT_MISSING_MAX_PERCENT),
});
export type MissingProductRule = z.infer<typeof missingProductRuleSchema>;

const money = (label: string) => z.number(`${label} must be a number`).min(0, `${label} cannot be negative`).max(MAX_MONEY, `${label} is too large`);

export const priceRuleSchema = z
  .object({
    factor: z.number('Factor must be a number').min(0.01, 'Factor must be at least 0.01').max(100, 'Factor must be at most 100'),
    amount: z.number('Amount must be a number').min(-MAX_MONEY, 'Amount is too small').max(MAX_MONEY, 'Amount is too large').default(0),
    storeCategoryId: z.number().int().positive('Store category must be a category id').nullable().default(null),
    costFrom: money('Cost from').nullable().default(null),
    costTo: money('Cost to').nullable().default(null),
  })
  .refine((r) => r.costFrom === null || r.costTo === null || r.costFrom < r.costTo, { message: 'Cost from must be below cost to', path: ['costTo'] });

export const priceRulesSchema = z.object({
  applyTo: z.enum(PRICE_RULES_APPLY, "Apply to must be 'missing' or 'always'").default('missing'),
  ending: z.enum(PRICE_ENDINGS, `Ending must be one of ${PRICE_ENDINGS.join(', ')}`).default('none'),
  minMarginPercent: z.number('Least margin must be a number').min(0, 'Least margin cannot be negative').max(1000, 'Least margin must be at most 1000%').default(0),
  rules: z.array(priceRuleSchema).min(1, 'Add at least one price rule').max(20, 'A profile has at most 20 price rules'),
}) satisfies z.ZodType<PriceRules, unknown>;

/** The rules an import applies to existing products (a profile's; the wizard can send them without one). */
export const importProfileRulesSchema = z.object({
  /** null: an existing product takes every mapped field, as without a profile. */
  updateFields: z.array(z.enum(UPDATE_FIELD_KEYS, 'unknown field in updateFields')).max(UPDATE_FIELD_KEYS.length).nullable().default(null),
  createNew: z.boolean('Create new products must be true or false').default(true),
  emptyCells: z.enum(EMPTY_CELL_RULES, "Empty cells must be 'clear' or 'keep'").default('clear'),
  missing: missingProductRuleSchema.default({ action: 'leave', maxPercent: DEFAULT_MISSING_MAX_PERCENT }),
  /** List prices from the vendor cost; null: none. */
  priceRules: priceRulesSchema.nullable().default(null),
});
export type ImportProfileRules = z.infer<typeof importProfileRulesSchema>;
export const DEFAULT_IMPORT_PROFILE_RULES: ImportProfileRules = importProfileRulesSchema.parse({});

export const FILE_ENCODINGS = ['auto', 'utf-8', 'windows-1252'] as const;
export const FILE_DELIMITERS = ['auto', ',', ';', '\t', '|'] as const;

/** How a feed's server knows us: no credentials, HTTP basic auth, or one header holding a token. */
export const FEED_AUTH_KINDS = ['none', 'basic', 'header'] as const;
export type FeedAuthKind = (typeof FEED_AUTH_KINDS)[number];

const feedFields = {
  url: z
    .string('Feed URL is required')
    .trim()
    .min(1, 'Feed URL is required')
    .max(2000, 'Feed URL must be at most 2000 characters')
    .refine(isAbsoluteWebAddress, 'Feed URL must start with http:// or https://')
    // Credentials go in their own fields, stored encrypted: never in an address that is shown and logged.
    .refine((url) => !/^[a-z]+:\/\/[^/?#]*@/i.test(url), 'Put the user name and password in the authentication fields, not in the URL'),
  authKind: z.enum(FEED_AUTH_KINDS, "Authentication must be 'none', 'basic' or 'header'").default('none'),
  /** basic: the user name; header: the header's name. */
  authName: z.string().trim().max(200, 'Authentication name must be at most 200 characters').default(''),
  schedule: feedScheduleSchema.nullable().default(null),
  /** Each run of the feed is the vendor's full list: the missing-product rule applies to it. */
  fullList: z.boolean('Full list must be true or false').default(false),
  /** A run whose dry run fails more than this share of rows is held there, not imported. */
  maxFailedPercent: z.number('Largest share of failed rows must be a number').min(0).max(100, 'Largest share of failed rows must be at most 100%').default(10),
};

/** An HTTP header name is a token (RFC 9110): letters, digits and !#$%&'*+-.^_`|~, nothing else. */
const HTTP_HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
export const FEED_HEADER_NAME_MESSAGE = "Header name must be a valid HTTP header name: letters, digits and !#$%&'*+-.^_`|~, no spaces";

/**
 * A profile's supplier feed as staff write it: the password or token (authSecret) is write-only.
 * Absent on an edit, the stored one is kept; '' removes it.
 */
export const profileFeedBodySchema = z
  .object({ ...feedFields, authSecret: z.string().max(4000, 'Password or token must be at most 4000 characters').optional() })
  .strict()
  // A header the fetch cannot send would fail every run: refused when the feed is saved, under the name.
  .refine((feed) => feed.authKind !== 'header' || HTTP_HEADER_NAME.test(feed.authName), { message: FEED_HEADER_NAME_MESSAGE, path: ['authName'] });
/** A feed as the API answers it: whether a secret is stored, never the secret. */
export const profileFeedSchema = z.object({ ...feedFields, hasSecret: z.boolean() });
export type ProfileFeed = z.infer<typeof profileFeedSchema>;

const PROFILE_NAME_REQUIRED = 'Profile name is required';

/** A profile as staff write it. */
export const importProfileBodySchema = z
  .object({
    name: z.string(PROFILE_NAME_REQUIRED).trim().min(1, PROFILE_NAME_REQUIRED).max(100, 'Profile name must be at most 100 characters'),
    vendorId: z.number('Vendor is required').int('Vendor is required').positive('Vendor is required'),
    /** The header row the mapping was made for. */
    headers: z.array(z.string().max(500)).max(1000, 'A profile holds at most 1,000 headers').default([]),
    mapping: fieldMappingSchema,
    encoding: z.enum(FILE_ENCODINGS, `Encoding must be one of ${FILE_ENCODINGS.join(', ')}`).default('auto'),
    delimiter: z.enum(FILE_DELIMITERS, 'Delimiter must be auto, comma, semicolon, tab or |').default('auto'),
    mode: z.enum(IMPORT_MODES, `Mode must be one of ${IMPORT_MODES.join(', ')}`).default('ultra-fast'),
    /** Existing products are updated (by the checklist); off: they are skipped and counted. */
    updateExisting: z.boolean('Update existing products must be true or false').default(true),
    /** Fetched from a URL, on a schedule or by 'Run now'; null: uploaded by staff. Absent on an edit: the stored feed is kept. */
    feed: profileFeedBodySchema.nullable().optional(),
  })
  .extend(importProfileRulesSchema.shape)
  .strict();
export type ImportProfileBody = z.input<typeof importProfileBodySchema>;
/** A profile's fields once the schema has given the defaults. */
export type ImportProfileFields = z.output<typeof importProfileBodySchema>;

export const importProfileSchema = importProfileBodySchema.extend({
  feed: profileFeedSchema.nullable(),
  id: z.number().int(),
  vendorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When an import last ran with it. */
  lastUsedAt: z.string().nullable(),
});
export type ImportProfile = z.infer<typeof importProfileSchema>;

export const importProfileResponseSchema = z.object({ profile: importProfileSchema });
export const importProfileListQuerySchema = z.object({ vendorId: z.coerce.number().int().positive().optional() });
export const importProfileListResponseSchema = z.object({ profiles: z.array(importProfileSchema) });

export const IMPORT_PROFILE_MESSAGES = {
  notFound: 'Import profile not found',
  nameTaken: 'This vendor already has a profile with this name',
  vendorNotFound: 'Vendor not found',
  created: 'Profile saved',
  updated: 'Profile updated',
  deleted: 'Profile deleted',
  vendorMismatch: "The profile belongs to another vendor than the import's",
  noFeed: 'This profile has no feed URL',
  feedStarted: 'The feed is being fetched and imported: its run shows on the Imports page',
  feedBusy: 'This feed is being fetched or imported already',
  secretUnreadable: "The feed's stored password or token cannot be read (the server's SECRET_KEY changed): enter it again",
} as const;

/** 'Run now' of a feed: staff's confirmations for what would hold a run at its dry run. */
export const runFeedBodySchema = z
  .object({
    confirmMissing: z.boolean('confirmMissing must be true or false').default(false),
    acceptFailedRows: z.boolean('acceptFailedRows must be true or false').default(false),
  })
  .strict();
export type RunFeedBody = z.infer<typeof runFeedBodySchema>;

/**
 * The dry run's word on the missing-product rule: the vendor's products the file does not name,
 * what would become of them, and whether their share is above the profile's limit (then the
 * import does not apply the rule unless staff confirm).
 */
export const missingProductsPlanSchema = z.object({
  action: z.enum(MISSING_PRODUCT_ACTIONS),
  /** The vendor's products (not variations) before the import. */
  vendorProducts: z.number().int(),
  /** Those the file does not name, and those of them the action would change. */
  missing: z.number().int(),
  changes: z.number().int(),
  percent: z.number(),
  maxPercent: z.number(),
  overLimit: z.boolean(),
});
export type MissingProductsPlan = z.infer<typeof missingProductsPlanSchema>;
