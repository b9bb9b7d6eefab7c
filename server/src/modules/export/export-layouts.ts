import { csvCell, directCategoryHeaders, moneyCell, type ExportMode, type Settings } from '@bosun/shared';

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
  return (r: ExportRow) => r[at] as number | null;
};

/** WooCommerce writes a comma inside a category name as '\,' so the cell can list several paths. */
const wooEscape = (name: string) => name.replaceAll('\\', '\\\\').replaceAll(',', '\\,');
const wooPath = (names: readonly string[]) => names.map(wooEscape).join(' > ');

/** Names the rows point to by id, read once per export; each category's cells worked out once. */
export interface ExportLookups {
  vendorName(id: number | null): string | null;
  /** The names from the root down to the category, or [] without one. */
  categoryPath(id: number | null): readonly string[];
  /** The same path as WooCommerce writes it ('A > B', commas escaped), or ''. */
  wooCategoryPath(id: number | null): string;
}

export function createExportLookups(
  vendors: ReadonlyArray<{ id: number; name: string }>,
  categories: ReadonlyArray<{ id: number; name: string; path: string }>,
): ExportLookups {
  const vendorNames = new Map(vendors.map((v) => [v.id, v.name]));
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const paths = new Map<number, readonly string[]>();
  for (const c of categories) paths.set(c.id, c.path.split('/').filter(Boolean).map((id) => names.get(Number(id)) ?? ''));
  const wooPaths = new Map([...paths].map(([id, path]) => [id, wooPath(path)]));
  const none: readonly string[] = [];
  return {
    vendorName: (id) => (id === null ? null : (vendorNames.get(id) ?? null)),
    categoryPath: (id) => (id === null ? none : (paths.get(id) ?? none)),
    wooCategoryPath: (id) => (id === null ? '' : (wooPaths.get(id) ?? '')),
  };
}

type Cell = string | number | null;
interface ExportColumn {
  header: string;
  cell: (row: ExportRow, lookups: ExportLookups) => Cell;
}

const flag = (v: number | null) => (v === 1 ? 1 : 0);
const moneyOf = (field: ExportField) => {
  const value = numOf(field);
  return (r: ExportRow) => moneyCell(value(r));
};
const vendorCategoryId = numOf('vendor_category_id');
const storeCategoryId = numOf('store_category_id');
const vendorCategory = (r: ExportRow, l: ExportLookups) => l.categoryPath(vendorCategoryId(r));
const storeCategory = (r: ExportRow, l: ExportLookups) => l.categoryPath(storeCategoryId(r));
const stock = numOf('stock');
const published = numOf('published');
const featured = numOf('featured');
const visibility = textOf('visibility');
const vendorId = numOf('vendor_id');
const vendorName = (r: ExportRow, l: ExportLookups) => l.vendorName(vendorId(r));
const imageUrlOf = textOf('image_url');
const imagesOf = textOf('images');

/** image_url first (empty when unset), then the images list: read back exactly by the importer. */
function imagesCell(r: ExportRow): string {
  const imageUrl = imageUrlOf(r) ?? '';
  const list = imagesOf(r);
  if (!list || list === '[]') return imageUrl;
  const images = JSON.parse(list) as string[];
  return images.length ? [imageUrl, ...images].join(', ') : imageUrl;
}

const WOO_VISIBILITY: Record<string, string> = { public: 'visible', private: 'hidden', hidden: 'hidden' };

function wooColumns(units: Pick<Settings, 'weight_unit' | 'dimension_unit'>): ExportColumn[] {
  return [
    { header: 'Type', cell: () => 'simple' },
    { header: 'SKU', cell: textOf('sku') },
    { header: 'GTIN, UPC, EAN, or ISBN', cell: textOf('gtin') },
    { header: 'Name', cell: textOf('name') },
    { header: 'Published', cell: (r) => flag(published(r)) },
    { header: 'Is featured?', cell: (r) => flag(featured(r)) },
    { header: 'Visibility in catalog', cell: (r) => WOO_VISIBILITY[visibility(r)!] ?? null },
    { header: 'Short description', cell: textOf('short_description') },
    { header: 'Description', cell: textOf('description') },
    { header: 'In stock?', cell: (r) => (stock(r)! > 0 ? 1 : 0) },
    { header: 'Stock', cell: numOf('stock') },
    { header: `Weight (${units.weight_unit})`, cell: numOf('weight') },
    { header: `Length (${units.dimension_unit})`, cell: numOf('length') },
    { header: `Width (${units.dimension_unit})`, cell: numOf('width') },
    { header: `Height (${units.dimension_unit})`, cell: numOf('height') },
    { header: 'Sale price', cell: moneyOf('special_price') },
    { header: 'Regular price', cell: moneyOf('list_price') },
    { header: 'Categories', cell: (r, l) => l.wooCategoryPath(storeCategoryId(r)) },
    { header: 'Images', cell: imagesCell },
    { header: 'Brands', cell: textOf('brand') },
    {
      header: 'Category Path',
      cell: (r, l) => {
        const vendor = l.wooCategoryPath(vendorCategoryId(r));
        const store = l.wooCategoryPath(storeCategoryId(r));
        if (vendor && store) return `Vendor:${vendor}, Store:${store}`;
        return vendor ? `Vendor:${vendor}` : store ? `Store:${store}` : '';
      },
    },
    // Fields WooCommerce has no column for travel as product meta, which its importer keeps.
    { header: 'Meta: mfn', cell: textOf('mfn') },
    { header: 'Meta: market_price', cell: moneyOf('market_price') },
    { header: 'Meta: vendor_cost', cell: moneyOf('vendor_cost') },
    { header: 'Meta: google_category', cell: textOf('google_category') },
    { header: 'Meta: visibility', cell: textOf('visibility') },
    { header: 'Meta: meta_title', cell: textOf('meta_title') },
    { header: 'Meta: meta_description', cell: textOf('meta_description') },
    { header: 'Meta: meta_keywords', cell: textOf('meta_keywords') },
    { header: 'Meta: vendor', cell: vendorName },
  ];
}

function levelColumns(tree: 'Vendor' | 'Store', path: (r: ExportRow, l: ExportLookups) => readonly string[]): ExportColumn[] {
  return directCategoryHeaders(tree).map((header, level) => ({ header, cell: (r, l) => path(r, l)[level] ?? null }));
}

function directColumns(units: Pick<Settings, 'weight_unit' | 'dimension_unit'>): ExportColumn[] {
  return [
    { header: 'SKU', cell: textOf('sku') },
    { header: 'Name', cell: textOf('name') },
    { header: 'MFN', cell: textOf('mfn') },
    { header: 'GTIN', cell: textOf('gtin') },
    { header: 'Brand', cell: textOf('brand') },
    { header: 'Short Description', cell: textOf('short_description') },
    { header: 'Description', cell: textOf('description') },
    { header: 'Stock', cell: numOf('stock') },
    { header: 'List Price', cell: moneyOf('list_price') },
    { header: 'Market Price', cell: moneyOf('market_price') },
    { header: 'Vendor Cost', cell: moneyOf('vendor_cost') },
    { header: 'Special Price', cell: moneyOf('special_price') },
    { header: `Weight (${units.weight_unit})`, cell: numOf('weight') },
    { header: `Length (${units.dimension_unit})`, cell: numOf('length') },
    { header: `Width (${units.dimension_unit})`, cell: numOf('width') },
    { header: `Height (${units.dimension_unit})`, cell: numOf('height') },
    { header: 'Google Category', cell: textOf('google_category') },
    { header: 'Published', cell: (r) => (published(r) === 1 ? 'true' : 'false') },
    { header: 'Featured', cell: (r) => (featured(r) === 1 ? 'true' : 'false') },
    { header: 'Visibility', cell: textOf('visibility') },
    { header: 'Images', cell: imagesCell },
    { header: 'Meta Title', cell: textOf('meta_title') },
    { header: 'Meta Description', cell: textOf('meta_description') },
    { header: 'Meta Keywords', cell: textOf('meta_keywords') },
    { header: 'Vendor', cell: vendorName },
    ...levelColumns('Vendor', vendorCategory),
    ...levelColumns('Store', storeCategory),
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
    let out = csvCell(cells[0]!(row, lookups));
    for (let i = 1; i < cells.length; i++) out += `,${csvCell(cells[i]!(row, lookups))}`;
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
