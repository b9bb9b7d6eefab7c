import { STOCK_STATUS_LABELS, type HistoryValue, type StockStatus } from '@bosun/shared';
import { formatCurrency } from '../../../lib/format';

/** The company's units, which the weight and size labels name. */
export interface HistoryUnits {
  weight: string;
  dimension: string;
  /** The settings' currency for prices; the dollar when not given. */
  currency?: string;
}

/** Names for the ids a history entry holds (vendor, categories), when the screen knows them. */
export type ReferenceName = (field: string, id: number) => string | undefined;

/** How a field's values are shown: the form's own formats. */
export type FieldKind = 'text' | 'rich' | 'money' | 'integer' | 'measure' | 'boolean' | 'list' | 'reference' | 'choice';

interface FieldInfo {
  label: (units: HistoryUnits) => string;
  kind: FieldKind;
}

const fixed = (label: string) => () => label;

/** Every column the history records, labelled as the product form names it. */
const FIELDS: Record<string, FieldInfo> = {
  name: { label: fixed('Product Name'), kind: 'text' },
  sku: { label: fixed('SKU'), kind: 'text' },
  brand: { label: fixed('Brand'), kind: 'text' },
  mfn: { label: fixed('MFN'), kind: 'text' },
  gtin: { label: fixed('GTIN (UPC/EAN/ISBN)'), kind: 'text' },
  short_description: { label: fixed('Short Description'), kind: 'rich' },
  description: { label: fixed('Description'), kind: 'rich' },
  list_price: { label: fixed('List Price'), kind: 'money' },
  market_price: { label: fixed('Market Price'), kind: 'money' },
  vendor_cost: { label: fixed('Vendor Cost'), kind: 'money' },
  special_price: { label: fixed('Special Price'), kind: 'money' },
  stock: { label: fixed('Stock'), kind: 'integer' },
  stock_status: { label: fixed('Stock status'), kind: 'choice' },
  weight: { label: (u) => `Weight (${u.weight})`, kind: 'measure' },
  length: { label: (u) => `Length (${u.dimension})`, kind: 'measure' },
  width: { label: (u) => `Width (${u.dimension})`, kind: 'measure' },
  height: { label: (u) => `Height (${u.dimension})`, kind: 'measure' },
  vendor_id: { label: fixed('Vendor'), kind: 'reference' },
  vendor_category_id: { label: fixed('Vendor Category'), kind: 'reference' },
  store_category_id: { label: fixed('Store Category'), kind: 'reference' },
  google_category: { label: fixed('Google Category'), kind: 'text' },
  tags: { label: fixed('Tags'), kind: 'list' },
  meta_title: { label: fixed('Meta Title'), kind: 'text' },
  meta_description: { label: fixed('Meta Description'), kind: 'text' },
  meta_keywords: { label: fixed('Meta Keywords'), kind: 'text' },
  published: { label: fixed('Published'), kind: 'boolean' },
  featured: { label: fixed('Featured'), kind: 'boolean' },
  visibility: { label: fixed('Visibility'), kind: 'choice' },
  image_url: { label: fixed('Image URL'), kind: 'text' },
  images: { label: fixed('Additional Images'), kind: 'list' },
  kind: { label: fixed('Product type'), kind: 'choice' },
  parent_id: { label: fixed('Variable product'), kind: 'reference' },
  option1: { label: fixed('Option 1'), kind: 'text' },
  option2: { label: fixed('Option 2'), kind: 'text' },
  option3: { label: fixed('Option 3'), kind: 'text' },
};

/** The form's order, so a diff reads like the form. */
const ORDER = Object.keys(FIELDS);

export function fieldOrder(field: string): number {
  const index = ORDER.indexOf(field);
  return index === -1 ? ORDER.length : index;
}

export function fieldLabel(field: string, units: HistoryUnits): string {
  return FIELDS[field]?.label(units) ?? field.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

export function fieldKind(field: string): FieldKind {
  return FIELDS[field]?.kind ?? 'text';
}

const CHOICE_LABELS: Record<string, Record<string, string>> = {
  stock_status: STOCK_STATUS_LABELS as Record<StockStatus, string>,
  visibility: { public: 'Public', private: 'Private', hidden: 'Hidden' },
  kind: { simple: 'Simple', variable: 'Variable', variation: 'Variation' },
};

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

const isEmpty = (value: HistoryValue) => value === null || value === '';

/** Images and tags are stored as JSON text of an array; anything else reads as one item. */
export function listItems(value: HistoryValue): string[] {
  if (isEmpty(value)) return [];
  if (typeof value !== 'string') return [String(value)];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map((item) => String(item));
  } catch {
    // Not JSON: a single value.
  }
  return [value];
}

/** A stored value as the form shows it: money in the settings' currency, booleans as Yes/No, ids by name, empty as '—'. */
export function formatHistoryValue(field: string, value: HistoryValue, units: HistoryUnits, nameOf?: ReferenceName): string {
  const kind = fieldKind(field);
  if (kind === 'boolean') return value === null ? '—' : value === true || value === 1 || value === '1' || value === 'true' ? 'Yes' : 'No';
  if (isEmpty(value)) return '—';
  const number = typeof value === 'number' ? value : Number(value);
  switch (kind) {
    case 'money':
      return Number.isFinite(number) ? formatCurrency(number, units.currency) : String(value);
    case 'integer':
      return Number.isFinite(number) ? numberFormat.format(number) : String(value);
    case 'measure':
      return Number.isFinite(number) ? `${numberFormat.format(number)} ${field === 'weight' ? units.weight : units.dimension}` : String(value);
    case 'reference':
      return Number.isFinite(number) ? (nameOf?.(field, number) ?? `#${number}`) : String(value);
    case 'choice':
      return CHOICE_LABELS[field]?.[String(value)] ?? String(value);
    case 'list':
      return listItems(value).join(', ') || '—';
    case 'rich':
      return htmlToText(String(value)) || '—';
    default:
      return String(value);
  }
}

/** The words of a description without its markup: what a reader sees. */
export function htmlToText(html: string): string {
  const blocks = html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6]|tr|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  const decoded = decodeEntities(blocks);
  return decoded
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point < 0x110000 ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}
