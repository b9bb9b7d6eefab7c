import { z } from 'zod';

/** Filter column types (SPEC §3); the dimensions and categories display columns are not filterable. */
export type FilterColumnType = 'text' | 'number' | 'currency' | 'boolean' | 'date';

export const OPERATORS_BY_TYPE = {
  text: ['is', 'is_not', 'equal_to', 'not_equal_to', 'contains', 'does_not_contain', 'starts_with', 'ends_with', 'is_empty', 'is_not_empty', 'is_set', 'is_not_set'],
  number: ['is', 'is_not', 'equal_to', 'not_equal_to', 'greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal', 'between', 'not_between', 'is_zero', 'is_not_zero', 'is_positive', 'is_negative', 'is_set', 'is_not_set'],
  currency: ['is', 'is_not', 'equal_to', 'not_equal_to', 'greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal', 'between', 'not_between', 'is_zero', 'is_not_zero', 'is_positive', 'is_negative', 'is_set', 'is_not_set'],
  boolean: ['is', 'is_not', 'equal_to', 'not_equal_to', 'is_true', 'is_false', 'is_set', 'is_not_set'],
  date: ['is', 'is_not', 'equal_to', 'not_equal_to', 'before', 'after', 'before_or_equal', 'after_or_equal', 'between', 'not_between', 'is_today', 'is_yesterday', 'is_this_week', 'is_this_month', 'is_this_year', 'is_set', 'is_not_set'],
} as const satisfies Record<FilterColumnType, readonly string[]>;

export type FilterOperator = (typeof OPERATORS_BY_TYPE)[FilterColumnType][number];

export const NO_VALUE_OPERATORS: readonly string[] = [
  'is_set', 'is_not_set', 'is_empty', 'is_not_empty', 'is_zero', 'is_not_zero', 'is_positive', 'is_negative',
  'is_true', 'is_false', 'is_today', 'is_yesterday', 'is_this_week', 'is_this_month', 'is_this_year',
];
export const TWO_VALUE_OPERATORS: readonly string[] = ['between', 'not_between'];

/**
 * The operators a product without a value in the column matches (null: stock not tracked, no
 * price): 'is not set' and the negations, as a person reading 'is not X' expects; every other
 * operator leaves such products out. The one rule of the server's SQL (advanced-condition.ts) and
 * of the list's note beside the Stock operator (untrackedStockNote).
 */
export const UNSET_MATCHING_OPERATORS: readonly string[] = ['is_not_set', 'is_not', 'not_equal_to', 'does_not_contain', 'not_between', 'is_not_zero'];
export const operatorMatchesUnset = (operator: string) => UNSET_MATCHING_OPERATORS.includes(operator);

export const UNTRACKED_STOCK_NOTES = {
  included: 'Includes products whose stock is not tracked',
  excluded: 'Leaves out products whose stock is not tracked',
} as const;

/** Beside the Stock filter's operator: whether products with untracked stock (stock null, issue 19) are in its results. */
export function untrackedStockNote(column: string, operator: string): string | undefined {
  if (column !== 'stock' || operator === '') return undefined;
  return operatorMatchesUnset(operator) ? UNTRACKED_STOCK_NOTES.included : UNTRACKED_STOCK_NOTES.excluded;
}

export const OPERATOR_LABELS: Record<string, string> = {
  is: 'is', is_not: 'is not', equal_to: 'equal to', not_equal_to: 'not equal to', contains: 'contains',
  does_not_contain: 'does not contain', starts_with: 'starts with', ends_with: 'ends with', is_empty: 'is empty',
  is_not_empty: 'is not empty', is_set: 'is set', is_not_set: 'is not set', greater_than: 'greater than',
  less_than: 'less than', greater_than_or_equal: 'greater than or equal', less_than_or_equal: 'less than or equal',
  between: 'between', not_between: 'not between', is_zero: 'is zero', is_not_zero: 'is not zero',
  is_positive: 'is positive', is_negative: 'is negative', is_true: 'is true', is_false: 'is false',
  before: 'before', after: 'after', before_or_equal: 'before or equal', after_or_equal: 'after or equal',
  is_today: 'is today', is_yesterday: 'is yesterday', is_this_week: 'is this week', is_this_month: 'is this month',
  is_this_year: 'is this year',
};

/** The allow-list of filterable columns: only these names ever reach SQL, and never as client text. */
export const FILTER_COLUMNS = {
  id: { label: 'ID', type: 'number' },
  sku: { label: 'SKU', type: 'text' },
  name: { label: 'Name', type: 'text' },
  brand: { label: 'Brand', type: 'text' },
  mfn: { label: 'MFN', type: 'text' },
  gtin: { label: 'GTIN', type: 'text' },
  short_description: { label: 'Short Description', type: 'text' },
  description: { label: 'Description', type: 'text' },
  stock: { label: 'Stock', type: 'number' },
  list_price: { label: 'List Price', type: 'currency' },
  market_price: { label: 'Market Price', type: 'currency' },
  vendor_cost: { label: 'Vendor Cost', type: 'currency' },
  special_price: { label: 'Special Price', type: 'currency' },
  weight: { label: 'Weight', type: 'number' },
  length: { label: 'Length', type: 'number' },
  width: { label: 'Width', type: 'number' },
  height: { label: 'Height', type: 'number' },
  vendor_name: { label: 'Vendor', type: 'text' },
  vendor_category_name: { label: 'Vendor Category', type: 'text' },
  store_category_name: { label: 'Store Category', type: 'text' },
  google_category: { label: 'Google Category', type: 'text' },
  published: { label: 'Published', type: 'boolean' },
  featured: { label: 'Featured', type: 'boolean' },
  visibility: { label: 'Visibility', type: 'text' },
  image_url: { label: 'Image URL', type: 'text' },
  meta_title: { label: 'Meta Title', type: 'text' },
  meta_description: { label: 'Meta Description', type: 'text' },
  meta_keywords: { label: 'Meta Keywords', type: 'text' },
  created_at: { label: 'Created', type: 'date' },
  updated_at: { label: 'Updated', type: 'date' },
} as const satisfies Record<string, { label: string; type: FilterColumnType }>;

export type FilterColumn = keyof typeof FILTER_COLUMNS;

/**
 * A product field's label as the list and its filters show it ('List Price'), for messages. A field
 * the list does not show reads as words ('stock_status' is 'Stock status'), never as its code name.
 */
export function fieldLabel(field: string): string {
  const column = (FILTER_COLUMNS as Record<string, { label: string } | undefined>)[field];
  if (column) return column.label;
  const words = field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const SORTABLE_COLUMNS = [
  'id', 'sku', 'name', 'brand', 'mfn', 'stock', 'list_price', 'market_price', 'vendor_cost', 'special_price',
  'weight', 'length', 'width', 'height', 'vendor_name', 'vendor_category_name', 'store_category_name',
  'google_category', 'published', 'featured', 'visibility', 'created_at', 'updated_at',
  // The share of the switched-on quality checks passed (issue 23); no column of its own.
  'completeness',
] as const;
export type SortColumn = (typeof SORTABLE_COLUMNS)[number];

export interface AdvancedFilterRow {
  id?: string | number;
  column: string;
  operator: string;
  value?: unknown;
  value2?: unknown;
}

export const operatorsFor = (column: string): readonly string[] =>
  Object.hasOwn(FILTER_COLUMNS, column) ? OPERATORS_BY_TYPE[FILTER_COLUMNS[column as FilterColumn].type] : [];

export const operatorNeedsValue = (operator: string) => !NO_VALUE_OPERATORS.includes(operator);
export const operatorNeedsTwoValues = (operator: string) => TWO_VALUE_OPERATORS.includes(operator);

/** Only rows with both a column and an operator are sent to the server (SPEC §5). */
export const activeFilterRows = <T extends AdvancedFilterRow>(rows: readonly T[]) => rows.filter((r) => r.column && r.operator);

export type ParsedFilterValue = string | number | boolean;

export interface ParsedFilter {
  column: FilterColumn;
  type: FilterColumnType;
  operator: FilterOperator;
  value?: ParsedFilterValue;
  value2?: ParsedFilterValue;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A plain number, or one with commas between groups of three digits ('1,500.25'); a leading currency sign may be typed. */
const FILTER_NUMBER = /^(?:[+-]?\p{Sc}?|\p{Sc}[+-]?)(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d*)?$/u;

/**
 * A number filter's value as typed (the list's value box and the API read it alike). Commas are
 * read only as thousands separators: '1,5' is refused rather than read as 15 (or as 1.5 in a
 * decimal-comma locale), so a filter never means another number than the one typed.
 */
export function readFilterNumber(typed: string): { ok: true; value: number } | { ok: false; error: string } {
  const text = typed.trim();
  const digits = /\d/.test(text) && FILTER_NUMBER.test(text) ? text.replace(/[^\d.+-]/g, '') : '';
  const n = Number(digits);
  if (digits !== '' && Number.isFinite(n)) return { ok: true, value: n };
  const why = /\d,\d/.test(text) ? ': a comma separates thousands (1,500); use a point for decimals (1.5)' : '';
  return { ok: false, error: `'${typed}' is not a number${why}` };
}

type ValueResult = { ok: true; value: ParsedFilterValue } | { ok: false; error: string };

/** Reads one value as the column's type; a value that does not parse is an error naming it. */
function parseValue(type: FilterColumnType, raw: unknown, label: string): ValueResult {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  const fail = (why: string): ValueResult => ({ ok: false, error: `${label}: ${why}` });
  if (text === undefined || text === null || text === '') return fail('a value is required');
  // A list or an object has no one reading as a value (String() of {"toString": 1} threw: a 500).
  if (typeof text === 'object') return fail('the value must be text, a number or true/false, not a list or object');
  // Databases cannot hold or compare NUL in text (SQLite stopped there and matched everything).
  if (typeof text === 'string' && text.includes('\0')) return fail('the value must not contain a NUL character');
  switch (type) {
    case 'text':
      return typeof text === 'string' || typeof text === 'number' ? { ok: true, value: String(text) } : fail('the value must be text');
    case 'number':
    case 'currency': {
      if (typeof text === 'number') return Number.isFinite(text) ? { ok: true, value: text } : fail('the value must be a number');
      const read = typeof text === 'string' ? readFilterNumber(text) : { ok: false as const, error: 'the value must be a number' };
      return read.ok ? read : fail(read.error);
    }
    case 'boolean': {
      const v = String(text).toLowerCase();
      if (['true', '1', 'yes'].includes(v)) return { ok: true, value: true };
      if (['false', '0', 'no'].includes(v)) return { ok: true, value: false };
      return fail(`'${String(raw)}' is not true or false`);
    }
    case 'date': {
      const v = String(text).slice(0, 10);
      return DATE_PATTERN.test(v) && !Number.isNaN(Date.parse(v)) ? { ok: true, value: v } : fail(`'${String(raw)}' is not a date (YYYY-MM-DD)`);
    }
  }
}

/**
 * Checks one advanced-filter row against the allow-list and the operator table, and reads its
 * values as the column's type. Errors name the row, the column or the operator at fault.
 */
export function parseFilterRow(row: AdvancedFilterRow, index: number): ParsedFilter | { error: string } {
  const where = `advanced_filters[${index}]`;
  if (typeof row.column !== 'string' || !Object.hasOwn(FILTER_COLUMNS, row.column)) {
    return { error: `${where}: unknown column '${String(row.column)}'` };
  }
  const column = row.column as FilterColumn;
  const { type, label } = FILTER_COLUMNS[column];
  if (!(OPERATORS_BY_TYPE[type] as readonly string[]).includes(row.operator)) {
    return { error: `${where}: operator '${String(row.operator)}' does not apply to ${label} (${type})` };
  }
  const parsed: ParsedFilter = { column, type, operator: row.operator as FilterOperator };
  if (operatorNeedsValue(row.operator)) {
    const value = parseValue(type, row.value, `${where} ${label}`);
    if (!value.ok) return { error: value.error };
    parsed.value = value.value;
    if (operatorNeedsTwoValues(row.operator)) {
      const value2 = parseValue(type, row.value2, `${where} ${label} (second value)`);
      if (!value2.ok) return { error: value2.error };
      parsed.value2 = value2.value;
    }
  }
  return parsed;
}

export const advancedFilterRowSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  column: z.string(),
  operator: z.string(),
  value: z.unknown().optional(),
  value2: z.unknown().optional(),
});
