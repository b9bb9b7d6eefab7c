import type { ExportMode, Settings } from '@bosun/shared';
// The modules themselves, not the package's index: the worker threads load this file, and the
// index brings zod and every schema with it.
import { csvCell, moneyCell } from '@bosun/shared/csv';
import { directCategoryHeaders } from '@bosun/shared/export-headers';

/**
 * The two CSV layouts over a product read as a positional row (EXPORT_FIELDS order): the export
 * reads a million rows as arrays, which is twice as fast as objects with 30 properties.
 */

export const EXPORT_FIELDS = [
  'id', 'sku', 'gtin', 'name', 'published', 'featured', 'visibility', 'short_description', 'description', 'stock',
  'weight', 'length', 'width', 'height', 'special_price', 'list_price', 'market_price', 'vendor_cost', 'images',
  'image_url', 'brand', 'mfn', 'google_category', 'meta_title', 'meta_description', 'meta_keywords',
  'vendor_id', 'vendor_category_id', 'store_category_id',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];
export type ExportRow = ReadonlyArray<string | number | null>;

const AT = Object.fromEntries(EXPORT_FIELDS.map((field, index) => [field, index])) as Record<ExportField, number>;
// Readers with the field's position fixed once: a cell is then one array access per row.
const textOf = (field: ExportField) => {
  const at = AT[field];
  return (r: ExportRow) => r[at] as string | null;
};
const numOf = (field: ExportField) => {
  const at = AT[field];
  // Infinity or NaN written before the bounds were enforced is left empty, as moneyCell does.
  return (r: ExportRow) => {
    const n = r[at] as number | null;
    return n === null || Number.isFinite(n) ? n : null;
  };
};

/** WooCommerce writes a comma inside a category name as '\,' so the cell can list several paths. */
const wooEscape = (name: string) => name.replaceAll('\\', '\\\\').replaceAll(',', '\\,');
const wooPath = (names: readonly string[]) => names.map(wooEscape).join(' > ');

/** The spec's Category Path cell: both trees' paths as WooCommerce writes them, labelled. */
function categoryPathText(vendor: string, store: string) {
  if (vendor && store) return `Vendor:${vendor}, Store:${store}`;
  return vendor ? `Vendor:${vendor}` : store ? `Store:${store}` : '';
}

/**
 * The cells the rows point to by id (vendor and category names and paths), read once per export
 * and made into finished CSV cells once per vendor or category, not once per row: a million rows
 * name only a few thousand of them.
 */
export interface ExportLookups {
  vendorCell(id: number | null): string;
  /** The cell of each level of the category's path, from the root down ([] without a category). */
  levelCells(id: number | null): readonly string[];
  /** The category's path as WooCommerce writes it ('A > B', commas escaped), as a cell. */
  wooCategoryCell(id: number | null): string;
  /** The Category Path cell of a vendor and a store category. */
  categoryPathCell(vendorCategoryId: number | null, storeCategoryId: number | null): string;
}

/** Enough for every pair a real catalogue uses (the 1M bench catalogue has 8,000), and a bound on a worker's memory. */
const MAX_REMEMBERED_PAIRS = 20_000;
/** Category ids below this make one number of a pair; beyond it the cell is simply worked out each time. */
const PAIR_KEY_BASE = 2 ** 26;

export function createExportLookups(
  vendors: ReadonlyArray<{ id: number; name: string }>,
  categories: ReadonlyArray<{ id: number; name: string; path: string }>,
): ExportLookups {
  const vendorCells = new Map(vendors.map((v) => [v.id, csvCell(v.name)]));
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const levels = new Map<number, readonly string[]>();
  const wooPaths = new Map<number, string>();
  for (const c of categories) {
    const path = c.path.split('/').filter(Boolean).map((id) => names.get(Number(id)) ?? '');
    levels.set(c.id, path.map(csvCell));
    wooPaths.set(c.id, wooPath(path));
  }
  const wooCells = new Map([...wooPaths].map(([id, path]) => [id, csvCell(path)]));
  const wooPathOf = (id: number | null) => (id === null ? '' : (wooPaths.get(id) ?? ''));
  const pairCells = new Map<number, string>();
  const none: readonly string[] = [];
  return {
    vendorCell: (id) => (id === null ? '' : (vendorCells.get(id) ?? '')),
    levelCells: (id) => (id === null ? none : (levels.get(id) ?? none)),
    wooCategoryCell: (id) => (id === null ? '' : (wooCells.get(id) ?? '')),
    categoryPathCell(vendorId, storeId) {
      const remembered = (vendorId ?? 0) < PAIR_KEY_BASE && (storeId ?? 0) < PAIR_KEY_BASE;
      const key = (vendorId ?? 0) * PAIR_KEY_BASE + (storeId ?? 0);
      let cell = remembered ? pairCells.get(key) : undefined;
      if (cell === undefined) {
        cell = csvCell(categoryPathText(wooPathOf(vendorId), wooPathOf(storeId)));
        if (remembered && pairCells.size < MAX_REMEMBERED_PAIRS) pairCells.set(key, cell);
      }
      return cell;
    },
  };
}

/** A column writes its finished CSV cell: formula-safe and quoted by csvCell, or made so once in the lookups. */
interface ExportColumn {
  header: string;
  cell: (row: ExportRow, lookups: ExportLookups) => string;
}

/** The field's text or number as its cell. */
const plain = (field: ExportField) => {
  const at = AT[field];
  return (r: ExportRow) => csvCell(r[at]);
};
const money = (field: ExportField) => {
  const at = AT[field];
  return (r: ExportRow) => csvCell(moneyCell(r[at] as number | null));
};
/** A column whose few possible values are made into cells once. */
const oneOf = <T>(read: (r: ExportRow) => T, value: (v: T) => string | number | null) => {
  const cells = new Map<T, string>();
  return (r: ExportRow) => {
    const v = read(r);
    let cell = cells.get(v);
    if (cell === undefined) cells.set(v, (cell = csvCell(value(v))));
    return cell;
  };
};
const constant = (value: string) => {
  const cell = csvCell(value);
  return () => cell;
};

const vendorCategoryId = numOf('vendor_category_id');
const storeCategoryId = numOf('store_category_id');
const stock = numOf('stock');
const published = numOf('published');
const featured = numOf('featured');
const visibility = textOf('visibility');
const vendorId = numOf('vendor_id');
const vendorCell = (r: ExportRow, l: ExportLookups) => l.vendorCell(vendorId(r));
const imageUrlOf = textOf('image_url');
const imagesOf = textOf('images');

/** image_url first (empty when unset), then the images list: read back exactly by the importer. */
function imagesCell(r: ExportRow): string {
  const imageUrl = imageUrlOf(r) ?? '';
  const list = imagesOf(r);
  if (!list || list === '[]') return csvCell(imageUrl);
  const images = JSON.parse(list) as string[];
  return csvCell(images.length ? [imageUrl, ...images].join(', ') : imageUrl);
}

const WOO_VISIBILITY: Record<string, string> = { public: 'visible', private: 'hidden', hidden: 'hidden' };
const flag = (v: number | null) => (v === 1 ? 1 : 0);

function wooColumns(units: Pick<Settings, 'weight_unit' | 'dimension_unit'>): ExportColumn[] {
  return [
    { header: 'Type', cell: constant('simple') },
    { header: 'SKU', cell: plain('sku') },
    { header: 'GTIN, UPC, EAN, or ISBN', cell: plain('gtin') },
    { header: 'Name', cell: plain('name') },
    { header: 'Published', cell: oneOf(published, flag) },
    { header: 'Is featured?', cell: oneOf(featured, flag) },
    { header: 'Visibility in catalog', cell: oneOf(visibility, (v) => WOO_VISIBILITY[v!] ?? null) },
    { header: 'Short description', cell: plain('short_description') },
    { header: 'Description', cell: plain('description') },
    { header: 'In stock?', cell: oneOf((r) => stock(r)! > 0, (inStock) => (inStock ? 1 : 0)) },
    { header: 'Stock', cell: plain('stock') },
    ...measureColumns(units),
    { header: 'Sale price', cell: money('special_price') },
    { header: 'Regular price', cell: money('list_price') },
    { header: 'Categories', cell: (r, l) => l.wooCategoryCell(storeCategoryId(r)) },
    { header: 'Images', cell: imagesCell },
    { header: 'Brands', cell: plain('brand') },
    { header: 'Category Path', cell: (r, l) => l.categoryPathCell(vendorCategoryId(r), storeCategoryId(r)) },
    // Fields WooCommerce has no column for travel as product meta, which its importer keeps.
    { header: 'Meta: mfn', cell: plain('mfn') },
    { header: 'Meta: market_price', cell: money('market_price') },
    { header: 'Meta: vendor_cost', cell: money('vendor_cost') },
    { header: 'Meta: google_category', cell: plain('google_category') },
    { header: 'Meta: visibility', cell: oneOf(visibility, (v) => v) },
    { header: 'Meta: meta_title', cell: plain('meta_title') },
    { header: 'Meta: meta_description', cell: plain('meta_description') },
    { header: 'Meta: meta_keywords', cell: plain('meta_keywords') },
    { header: 'Meta: vendor', cell: vendorCell },
  ];
}

/** Weight and the dimensions, with the settings' units in their headers (both layouts). */
function measureColumns(units: Pick<Settings, 'weight_unit' | 'dimension_unit'>): ExportColumn[] {
  return [
    { header: `Weight (${units.weight_unit})`, cell: plain('weight') },
    { header: `Length (${units.dimension_unit})`, cell: plain('length') },
    { header: `Width (${units.dimension_unit})`, cell: plain('width') },
    { header: `Height (${units.dimension_unit})`, cell: plain('height') },
  ];
}

function levelColumns(tree: 'Vendor' | 'Store', categoryId: (r: ExportRow) => number | null): ExportColumn[] {
  return directCategoryHeaders(tree).map((header, level) => ({ header, cell: (r, l) => l.levelCells(categoryId(r))[level] ?? '' }));
}

function directColumns(units: Pick<Settings, 'weight_unit' | 'dimension_unit'>): ExportColumn[] {
  return [
    { header: 'SKU', cell: plain('sku') },
    { header: 'Name', cell: plain('name') },
    { header: 'MFN', cell: plain('mfn') },
    { header: 'GTIN', cell: plain('gtin') },
    { header: 'Brand', cell: plain('brand') },
    { header: 'Short Description', cell: plain('short_description') },
    { header: 'Description', cell: plain('description') },
    { header: 'Stock', cell: plain('stock') },
    { header: 'List Price', cell: money('list_price') },
    { header: 'Market Price', cell: money('market_price') },
    { header: 'Vendor Cost', cell: money('vendor_cost') },
    { header: 'Special Price', cell: money('special_price') },
    ...measureColumns(units),
    { header: 'Google Category', cell: plain('google_category') },
    { header: 'Published', cell: oneOf(published, (v) => (v === 1 ? 'true' : 'false')) },
    { header: 'Featured', cell: oneOf(featured, (v) => (v === 1 ? 'true' : 'false')) },
    { header: 'Visibility', cell: oneOf(visibility, (v) => v) },
    { header: 'Images', cell: imagesCell },
    { header: 'Meta Title', cell: plain('meta_title') },
    { header: 'Meta Description', cell: plain('meta_description') },
    { header: 'Meta Keywords', cell: plain('meta_keywords') },
    { header: 'Vendor', cell: vendorCell },
    ...levelColumns('Vendor', vendorCategoryId),
    ...levelColumns('Store', storeCategoryId),
  ];
}

export interface CsvLayout {
  /** The CSV lines of these rows, CRLF after each. */
  lines(rows: Iterable<ExportRow>): string;
}

const layoutColumns = (mode: ExportMode, units: Pick<Settings, 'weight_unit' | 'dimension_unit'>) =>
  mode === 'direct' ? directColumns(units) : wooColumns(units);

/** The header line of a layout, CRLF included. */
export const csvHeader = (mode: ExportMode, units: Pick<Settings, 'weight_unit' | 'dimension_unit'>) =>
  `${layoutColumns(mode, units).map((c) => csvCell(c.header)).join(',')}\r\n`;

/** A layout's line writer; cells are made formula-safe and quoted by csvCell. */
export function csvLayout(mode: ExportMode, units: Pick<Settings, 'weight_unit' | 'dimension_unit'>, lookups: ExportLookups): CsvLayout {
  const columns = layoutColumns(mode, units);
  const cells = columns.map((c) => c.cell);
  const line = (row: ExportRow) => {
    let out = cells[0]!(row, lookups);
    for (let i = 1; i < cells.length; i++) out += `,${cells[i]!(row, lookups)}`;
    return `${out}\r\n`;
  };
  return {
    lines(rows) {
      let out = '';
      for (const row of rows) out += line(row);
      return out;
    },
  };
}
