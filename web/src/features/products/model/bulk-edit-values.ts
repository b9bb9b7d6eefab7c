import { bulkUpdateDataSchema, PRICE_FIELDS, type BulkUpdateData, type PriceField, type StockStatus } from '@bosun/shared';
import { numberOrNull } from './product-form-values';

export type PriceMode = 'set' | 'increase-amount' | 'decrease-amount' | 'increase-percent' | 'decrease-percent';

export const PRICE_MODE_OPTIONS: { value: PriceMode; label: string }[] = [
  { value: 'set', label: 'Set to' },
  { value: 'increase-amount', label: 'Increase by amount' },
  { value: 'decrease-amount', label: 'Decrease by amount' },
  { value: 'increase-percent', label: 'Increase by %' },
  { value: 'decrease-percent', label: 'Decrease by %' },
];

export type TriState = '' | 'true' | 'false';

export const BULK_TEXT_FIELDS = [
  'name', 'brand', 'mfn', 'gtin', 'google_category', 'image_url', 'meta_title', 'meta_description', 'meta_keywords',
  'short_description', 'description', 'images',
] as const;
export type BulkTextField = (typeof BULK_TEXT_FIELDS)[number];

export const BULK_NUMBER_FIELDS = ['stock', 'weight', 'length', 'width', 'height'] as const;
export type BulkNumberField = (typeof BULK_NUMBER_FIELDS)[number];

export type BulkEditValues = Record<BulkTextField, string> &
  Record<BulkNumberField | PriceField, number | string> &
  Record<`${PriceField}_mode`, PriceMode> & {
    vendor_id: string;
    vendor_category_id: string;
    store_category_id: string;
    published: TriState;
    featured: TriState;
    visibility: '' | 'public' | 'private' | 'hidden';
    /** '' no change; a stock set without a status takes the one its quantity gives (a backorder stays one at 0). */
    stock_status: '' | StockStatus;
    allowSpecialBelowCost: boolean;
  };

/** Every field empty: nothing changes unless it is filled in. */
export function emptyBulkEditValues(): BulkEditValues {
  return {
    ...(Object.fromEntries(BULK_TEXT_FIELDS.map((f) => [f, ''])) as Record<BulkTextField, string>),
    ...(Object.fromEntries([...BULK_NUMBER_FIELDS, ...PRICE_FIELDS].map((f) => [f, ''])) as Record<BulkNumberField | PriceField, string>),
    ...(Object.fromEntries(PRICE_FIELDS.map((f) => [`${f}_mode`, 'set'])) as Record<`${PriceField}_mode`, PriceMode>),
    vendor_id: '',
    vendor_category_id: '',
    store_category_id: '',
    published: '',
    featured: '',
    visibility: '',
    stock_status: '',
    allowSpecialBelowCost: false,
  };
}

const filled = (v: number | string) => (typeof v === 'number' ? Number.isFinite(v) : v.trim() !== '');

/** The update of SPEC §5 Bulk edit: only the fields filled in; a price is a number (set) or an adjustment. */
export function toBulkUpdateData(values: BulkEditValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of BULK_TEXT_FIELDS) {
    const value = values[field].trim();
    if (!value) continue;
    data[field] =
      field === 'images'
        ? value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : value;
  }
  for (const field of BULK_NUMBER_FIELDS) {
    if (filled(values[field])) data[field] = numberOrNull(values[field]) ?? values[field];
  }
  for (const field of PRICE_FIELDS) {
    if (!filled(values[field])) continue;
    const value = numberOrNull(values[field]) ?? values[field];
    const mode = values[`${field}_mode`];
    if (mode === 'set') data[field] = value;
    else {
      const [op, by] = mode.split('-') as ['increase' | 'decrease', 'amount' | 'percent'];
      data[field] = { op, by, value };
    }
  }
  for (const field of ['vendor_id', 'vendor_category_id', 'store_category_id'] as const) {
    if (values[field]) data[field] = Number(values[field]);
  }
  if (values.published) data.published = values.published === 'true';
  if (values.featured) data.featured = values.featured === 'true';
  if (values.visibility) data.visibility = values.visibility;
  if (values.stock_status) data.stock_status = values.stock_status;
  return data;
}

export type BulkValidation = { data: BulkUpdateData; errors?: undefined } | { data?: undefined; errors: Record<string, string> };

/** Checks the update with the server's schema; messages keyed by the form field they belong to. */
export function validateBulkUpdate(values: BulkEditValues): BulkValidation {
  const raw = toBulkUpdateData(values);
  const errors: Record<string, string> = {};
  // The union of number | adjustment reports a vague message; say what is wrong with the amount.
  for (const field of PRICE_FIELDS) {
    const value = raw[field];
    if (value === undefined) continue;
    const amount = typeof value === 'object' ? (value as { value: unknown }).value : value;
    if (typeof amount !== 'number') errors[field] = 'Enter a number';
    else if (typeof value === 'object' && amount <= 0) errors[field] = 'The adjustment must be above 0';
  }
  const result = bulkUpdateDataSchema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { errors };
  return { data: result.data };
}
