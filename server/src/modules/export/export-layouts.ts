import type { ExportMode, Settings } from '@bosun/shared';
// The modules themselves, not the package's index: the worker threads load this file, and the
// index brings zod and every schema with it.
import { CELL_PIECE_CHARS, csvCell, csvCellOfPieces, csvCellPieces, moneyCell, restoreFormula } from '@bosun/shared/csv';
import { directAttributeHeaders, directCategoryHeaders, PARENT_HEADERS, wooAttributeHeaders } from '@bosun/shared/export-headers';
import { importFactor, valueInFileUnit, type ExportUnits } from '@bosun/shared/export-units';
import { joinCategoryPath, joinValueList } from '@bosun/shared/value-list';

/**
 * The two CSV layouts over a product read as a positional row (EXPORT_FIELDS order): the export
 * reads a million rows as arrays, which is twice as fast as objects with 30 properties.
 */

export const EXPORT_FIELDS = [
  'id', 'sku', 'gtin', 'name', 'published', 'featured', 'visibility', 'short_description', 'description', 'stock',
  'weight', 'length', 'width', 'height', 'special_price', 'list_price', 'market_price', 'vendor_cost', 'images',
  'image_url', 'brand', 'mfn', 'google_category', 'meta_title', 'meta_description', 'meta_keywords',
  'vendor_id', 'vendor_category_id', 'store_category_id', 'kind', 'variation_count', 'stock_status', 'tags',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];
/**
 * Cells a variable product's row and its variations' rows carry after EXPORT_FIELDS, worked out
 * from the parent (export-variants.ts): the parent's SKU on a variation, and per attribute its
 * name and its values as one cell (a parent's list, a variation's one value), commas escaped as
 * WooCommerce writes them; then per attribute its storefront settings (visible and global '1' or
 * '0', the default value; a variation's row has the global flag only). A simple product's row
 * ends with EXPORT_FIELDS.
 */
export const VARIANT_SLOTS = [
  'parent_sku', 'attribute1_name', 'attribute1_values', 'attribute2_name', 'attribute2_values', 'attribute3_name', 'attribute3_values',
  'attribute1_visible', 'attribute1_global', 'attribute1_default', 'attribute2_visible', 'attribute2_global', 'attribute2_default',
  'attribute3_visible', 'attribute3_global', 'attribute3_default',
] as const;
export type VariantSlot = (typeof VARIANT_SLOTS)[number];
/**
 * A row's values; a text of LONG_TEXT_FIELDS may come as its UTF-8 bytes instead (the SQLite
 * export reads a long one so: exportShareQuery), which live outside a worker's small heap.
 */
export type ExportRow = ReadonlyArray<string | number | null | Uint8Array>;

/** The fields whose values were not always capped: a database may hold megabytes in them. */
export const LONG_TEXT_FIELDS = ['description', 'short_description', 'meta_description', 'meta_keywords'] as const satisfies readonly ExportField[];

const AT = Object.fromEntries([...EXPORT_FIELDS, ...VARIANT_SLOTS].map((field, index) => [field, index])) as Record<ExportField | VariantSlot, number>;
// Readers with the field's position fixed once: a cell is then one array access per row.
const textOf = (field: ExportField | VariantSlot) => {
  const at = AT[field];
  // A simple product's row has no variant slots.
  return (r: ExportRow) => (r[at] ?? null) as string | null;
};
const numOf = (field: ExportField) => {
  const at = AT[field];
  // Infinity or NaN written before the bounds were enforced is left empty, as moneyCell does.
  return (r: ExportRow) => {
    const n = r[at] as number | null;
    return n === null || Number.isFinite(n) ? n : null;
  };
};

/**
 * The spec's Category Path cell: both trees' paths as WooCommerce writes them, labelled as the
 * import preview shows them ('Vendor: …', SPEC §2), so the file and the screen read alike. The
 * import reads the label with or without the space, so files written as 'Vendor:…' still import.
 */
function categoryPathText(vendor: string, store: string) {
  if (vendor && store) return `Vendor: ${vendor}, Store: ${store}`;
  return vendor ? `Vendor: ${vendor}` : store ? `Store: ${store}` : '';
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
  /** The category's path as WooCommerce writes it ('A > B'; a name's ',', '>' and '\\' escaped), as a cell. */
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
    // A name's ',', '>' and '\\' are escaped: the cell lists several paths of several names each.
    wooPaths.set(c.id, joinCategoryPath(path));
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

type Cell = (row: ExportRow, lookups: ExportLookups) => string;

/**
 * A column writes its finished CSV cell: formula-safe and quoted by csvCell, or made so once in
 * the lookups. A variable product's row and a variation's row may write another cell (`variable`,
 * `variation`; the simple product's `cell` when unset).
 */
interface ExportColumn {
  header: string;
  cell: Cell;
  /** The field whose value is the cell as it is (plain): a long value is written in pieces. */
  field?: ExportField;
  variable?: Cell;
  variation?: Cell;
  /** Its cells are numbers (or empty): a workbook writes them as numbers (export-xlsx.ts). */
  numeric?: boolean;
}

const empty: Cell = () => '';
/**
 * A field a variation takes from its parent (name, texts, brand, categories, visibility, SEO,
 * vendor): left empty on a variation's row, as WooCommerce's own export does, so that nothing
 * there can go stale; the import fills it from the parent.
 */
const inherited = (column: ExportColumn): ExportColumn => ({ ...column, variation: empty });
/**
 * Stock or a price, which a variable product takes from its variations (the total, the lowest;
 * the other prices are theirs too): left empty on the parent's row. WooCommerce works them out
 * from the variations itself, and a round trip must not write them back onto the parent, which
 * refuses them.
 */
const variationLevel = (column: ExportColumn): ExportColumn => ({ ...column, variable: empty });

const NUMERIC_FIELDS = new Set<ExportField>(['stock', 'weight', 'length', 'width', 'height']);
/** The field's text or number as its cell (bytes only come in long rows, which write this field themselves: csvLayout). */
const plain = (field: ExportField): Pick<ExportColumn, 'cell' | 'field' | 'numeric'> => {
  const at = AT[field];
  return { cell: (r: ExportRow) => csvCell(r[at] as string | number | null), field, ...(NUMERIC_FIELDS.has(field) ? { numeric: true } : {}) };
};
/** A variant slot's text as its cell (empty on a row without it). */
const slot = (name: VariantSlot): Cell => {
  const read = textOf(name);
  return (r) => csvCell(read(r));
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
const stockStatus = textOf('stock_status');
/** WooCommerce's own 'In stock?' values (its exporter: instock 1, outofstock 0, onbackorder 'backorder'). */
const WOO_IN_STOCK: Record<string, string | number> = { in_stock: 1, out_of_stock: 0, backorder: 'backorder' };
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
const tagsOf = textOf('tags');
/** Tags as WooCommerce and Shopify write them: ', ' between, a comma inside one as '\\,' (read back by the import). */
function tagsCell(r: ExportRow): string {
  const list = tagsOf(r);
  if (!list || list === '[]') return '';
  return csvCell(joinValueList(JSON.parse(list) as string[]));
}

/** A variation has one image of its own. */
const imageUrlCell: Cell = (r) => csvCell(imageUrlOf(r));

const WOO_VISIBILITY: Record<string, string> = { public: 'visible', private: 'hidden', hidden: 'hidden' };
const flag = (v: number | null) => (v === 1 ? 1 : 0);

/** The variations' parent: its SKU on a variation's row, empty on the others (Parent, Parent SKU). */
const parentColumn = (header: string): ExportColumn => ({ header, cell: empty, variation: slot('parent_sku') });

const attributeSlots = (n: number) =>
  ({ name: `attribute${n}_name`, values: `attribute${n}_values`, visible: `attribute${n}_visible`, global: `attribute${n}_global`, default: `attribute${n}_default` }) as Record<
    'name' | 'values' | 'visible' | 'global' | 'default',
    VariantSlot
  >;
/** 1..count: the attributes' positions the header holds (the most any exported product has). */
const positions = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/**
 * WooCommerce's five columns per attribute: a variable product lists its values, whether they show
 * on the product page (visible), whether the attribute is one of the shop's global ones (global)
 * and the value of the variation preselected (default), as stored (migration 0033); a variation
 * names its one value and repeats the global flag, as WooCommerce's own export does. A simple
 * product's cells, and those of an attribute a product lacks, are empty.
 */
function wooAttributeColumns(count: number): ExportColumn[] {
  return positions(count).flatMap((n) => {
    const slots = attributeSlots(n);
    const [name, values, visible, global, byDefault] = wooAttributeHeaders(n);
    return [
      { header: name, cell: empty, variable: slot(slots.name), variation: slot(slots.name) },
      { header: values, cell: empty, variable: slot(slots.values), variation: slot(slots.values) },
      { header: visible, cell: empty, variable: slot(slots.visible) },
      { header: global, cell: empty, variable: slot(slots.global), variation: slot(slots.global) },
      { header: byDefault, cell: empty, variable: slot(slots.default) },
    ];
  });
}

/** A setting's '1' or '0' as the direct layout writes its flags (Published, Featured): true or false. */
const flagWordSlot = (name: VariantSlot): Cell => oneOf(textOf(name), (v) => (v === null ? null : v === '1' ? 'true' : 'false'));

/**
 * Direct layout: an attribute's name and values (a parent's list, a variation's value), as
 * WooCommerce's two first columns; then, on the variable product's row only, its storefront
 * settings (visible, global, default), which the import reads back from that row. A variation's
 * row leaves them empty: they are its parent's, and nothing there can go stale.
 */
function directAttributeColumns(count: number): ExportColumn[] {
  return positions(count).flatMap((n) => {
    const slots = attributeSlots(n);
    const [name, values, visible, global, byDefault] = directAttributeHeaders(n);
    return [
      { header: name, cell: empty, variable: slot(slots.name), variation: slot(slots.name) },
      { header: values, cell: empty, variable: slot(slots.values), variation: slot(slots.values) },
      { header: visible, cell: empty, variable: flagWordSlot(slots.visible) },
      { header: global, cell: empty, variable: flagWordSlot(slots.global) },
      { header: byDefault, cell: empty, variable: slot(slots.default) },
    ];
  });
}

/**
 * WooCommerce's layout. With variants (`attributes`, the most attributes an exported product has,
 * above 0) the Parent column sits where WooCommerce's own export puts it, after Images, and the
 * attribute columns before the Meta: ones, as there; without, the file is the same as before
 * variants existed.
 */
function wooColumns(units: ShopUnits, fileUnits: ExportUnits, attributes: number): ExportColumn[] {
  return [
    { header: 'Type', cell: constant('simple'), variable: constant('variable'), variation: constant('variation') },
    { header: 'SKU', ...plain('sku') },
    { header: 'GTIN, UPC, EAN, or ISBN', ...plain('gtin') },
    inherited({ header: 'Name', ...plain('name') }),
    // A variation's published flag is its enabled flag.
    { header: 'Published', cell: oneOf(published, flag), numeric: true },
    inherited({ header: 'Is featured?', cell: oneOf(featured, flag), numeric: true }),
    inherited({ header: 'Visibility in catalog', cell: oneOf(visibility, (v) => WOO_VISIBILITY[v!] ?? null) }),
    inherited({ header: 'Short description', ...plain('short_description') }),
    inherited({ header: 'Description', ...plain('description') }),
    // The status apart from the quantity (issue 19): an untracked product has an empty Stock. A variable product's is its variations'.
    // Not a number column in a workbook: a backorder is written as the word.
    { header: 'In stock?', cell: oneOf(stockStatus, (s) => WOO_IN_STOCK[s!] ?? null) },
    variationLevel({ header: 'Stock', ...plain('stock') }),
    // A variation's own measures: empty ones are its parent's, which the import fills in again.
    ...convertedMeasureColumns(units, fileUnits),
    variationLevel({ header: 'Sale price', cell: money('special_price'), numeric: true }),
    variationLevel({ header: 'Regular price', cell: money('list_price'), numeric: true }),
    inherited({ header: 'Categories', cell: (r, l) => l.wooCategoryCell(storeCategoryId(r)) }),
    inherited({ header: 'Tags', cell: tagsCell }),
    { header: 'Images', cell: imagesCell, variation: imageUrlCell },
    ...(attributes ? [parentColumn(PARENT_HEADERS.woocommerce)] : []),
    inherited({ header: 'Brands', ...plain('brand') }),
    inherited({ header: 'Category Path', cell: (r, l) => l.categoryPathCell(vendorCategoryId(r), storeCategoryId(r)) }),
    ...wooAttributeColumns(attributes),
    // Fields WooCommerce has no column for travel as product meta, which its importer keeps.
    { header: 'Meta: mfn', ...plain('mfn') },
    variationLevel({ header: 'Meta: market_price', cell: money('market_price'), numeric: true }),
    variationLevel({ header: 'Meta: vendor_cost', cell: money('vendor_cost'), numeric: true }),
    inherited({ header: 'Meta: google_category', ...plain('google_category') }),
    inherited({ header: 'Meta: visibility', cell: oneOf(visibility, (v) => v) }),
    inherited({ header: 'Meta: meta_title', ...plain('meta_title') }),
    inherited({ header: 'Meta: meta_description', ...plain('meta_description') }),
    inherited({ header: 'Meta: meta_keywords', ...plain('meta_keywords') }),
    inherited({ header: 'Meta: vendor', cell: vendorCell }),
  ];
}

type ShopUnits = Pick<Settings, 'weight_unit' | 'dimension_unit'>;

/** Weight and the dimensions, with the settings' units in their headers (the direct layout). */
function measureColumns(units: ShopUnits): ExportColumn[] {
  return [
    { header: `Weight (${units.weight_unit})`, ...plain('weight') },
    { header: `Length (${units.dimension_unit})`, ...plain('length') },
    { header: `Width (${units.dimension_unit})`, ...plain('width') },
    { header: `Height (${units.dimension_unit})`, ...plain('height') },
  ];
}

/** A stored measure written in the file's unit (valueInFileUnit); the stored value itself when the units are the same. */
function measureIn(field: 'weight' | 'length' | 'width' | 'height', factor: number): Pick<ExportColumn, 'cell' | 'field' | 'numeric'> {
  if (factor === 1) return plain(field);
  const read = numOf(field);
  return {
    numeric: true,
    cell: (r) => {
      const stored = read(r);
      return stored === null ? '' : csvCell(valueInFileUnit(stored, factor));
    },
  };
}

/**
 * Weight and the dimensions in the target store's units, under the headers WooCommerce writes for
 * them ('Weight (lbs)', 'Length (in)'), which Bosun's import converts back (cell-values.ts).
 */
function convertedMeasureColumns(shop: ShopUnits, file: ExportUnits): ExportColumn[] {
  const weight = importFactor('weight', file.weight_unit, shop.weight_unit);
  const dimension = importFactor('dimension', file.dimension_unit, shop.dimension_unit);
  return [
    { header: `Weight (${file.weight_unit})`, ...measureIn('weight', weight) },
    { header: `Length (${file.dimension_unit})`, ...measureIn('length', dimension) },
    { header: `Width (${file.dimension_unit})`, ...measureIn('width', dimension) },
    { header: `Height (${file.dimension_unit})`, ...measureIn('height', dimension) },
  ];
}

function levelColumns(tree: 'Vendor' | 'Store', categoryId: (r: ExportRow) => number | null): ExportColumn[] {
  return directCategoryHeaders(tree).map((header, level) => inherited({ header, cell: (r, l) => l.levelCells(categoryId(r))[level] ?? '' }));
}

/** The direct layout; with variants, a Parent SKU column after SKU and the attribute columns at the end. */
function directColumns(units: ShopUnits, attributes: number): ExportColumn[] {
  return [
    { header: 'SKU', ...plain('sku') },
    ...(attributes ? [parentColumn(PARENT_HEADERS.direct)] : []),
    inherited({ header: 'Name', ...plain('name') }),
    { header: 'MFN', ...plain('mfn') },
    { header: 'GTIN', ...plain('gtin') },
    inherited({ header: 'Brand', ...plain('brand') }),
    inherited({ header: 'Short Description', ...plain('short_description') }),
    inherited({ header: 'Description', ...plain('description') }),
    variationLevel({ header: 'Stock', ...plain('stock') }),
    variationLevel({ header: 'Stock Status', cell: oneOf(stockStatus, (s) => s) }),
    variationLevel({ header: 'List Price', cell: money('list_price'), numeric: true }),
    variationLevel({ header: 'Market Price', cell: money('market_price'), numeric: true }),
    variationLevel({ header: 'Vendor Cost', cell: money('vendor_cost'), numeric: true }),
    variationLevel({ header: 'Special Price', cell: money('special_price'), numeric: true }),
    ...measureColumns(units),
    inherited({ header: 'Google Category', ...plain('google_category') }),
    { header: 'Published', cell: oneOf(published, (v) => (v === 1 ? 'true' : 'false')) },
    inherited({ header: 'Featured', cell: oneOf(featured, (v) => (v === 1 ? 'true' : 'false')) }),
    inherited({ header: 'Visibility', cell: oneOf(visibility, (v) => v) }),
    { header: 'Images', cell: imagesCell, variation: imageUrlCell },
    inherited({ header: 'Meta Title', ...plain('meta_title') }),
    inherited({ header: 'Meta Description', ...plain('meta_description') }),
    inherited({ header: 'Meta Keywords', ...plain('meta_keywords') }),
    inherited({ header: 'Tags', cell: tagsCell }),
    inherited({ header: 'Vendor', cell: vendorCell }),
    ...levelColumns('Vendor', vendorCategoryId),
    ...levelColumns('Store', storeCategoryId),
    ...directAttributeColumns(attributes),
  ];
}

/** Rows formatted into one text: few, so the text and its rows die young. */
const ROWS_PER_TEXT = 32;
/**
 * Characters of row text per text, whatever the row count: 32 rows of 200,000-character
 * descriptions, quoted and joined, do not fit in an export worker's 16 MB heap.
 */
const CHARS_PER_TEXT = 256 * 1024;
/** A row holding more text than this is written cell by cell, its long values in pieces. */
const CHARS_PER_ROW = 64 * 1024;
/** A value of LONG_TEXT_FIELDS longer than this many bytes may come as its bytes (ExportRow): such a row is always written cell by cell. */
export const LONG_TEXT_BYTES = CHARS_PER_ROW;
/** A value longer than this, in a long row, is written in pieces. */
const CELL_PIECES_FROM = 16 * 1024;

/** Characters of text a row holds (its numbers are short). */
export const textLength = (row: ExportRow) => {
  let length = 0;
  for (const cell of row) if (typeof cell === 'string') length += cell.length;
  else if (cell instanceof Uint8Array) length += cell.length;
  return length;
};

/** UTF-8 bytes as text, a piece at a time (a character cut between two pieces is decoded whole with the next). */
function* decodedPieces(bytes: Uint8Array): Generator<string> {
  const decoder = new TextDecoder();
  for (let at = 0; at < bytes.length; at += CELL_PIECE_CHARS) yield decoder.decode(bytes.subarray(at, at + CELL_PIECE_CHARS), { stream: true });
  yield decoder.decode();
}

/** A finished CSV cell's value again: unquoted, and a formula's neutralising apostrophe taken off (csvCell's exact inverse). */
const valueOfCsvCell = (cell: string) => restoreFormula(cell.charCodeAt(0) === 34 ? cell.slice(1, -1).replaceAll('""', '"') : cell);

export interface CsvLayout {
  /**
   * The CSV lines of these rows, CRLF after each, as texts of at most 32 rows and about 256K
   * characters: a row of megabytes comes in pieces, so no text is ever much larger than that.
   * Each text is meant to be encoded and let go before the next is asked for.
   */
  texts(rows: Iterable<ExportRow>): Generator<string>;
  /**
   * The same rows' cell values, column by column as texts() writes them (the same lookups and
   * rules), but not made into CSV: for a workbook, which quotes nothing and runs no formula.
   */
  values(rows: Iterable<ExportRow>): Generator<string[]>;
}

/**
 * What the header depends on: the settings' units (the stored values'), the units the WooCommerce
 * layout writes (the target store's: exportQuerySchema's weight_unit and dimension_unit, the
 * shop's by default) and the most attributes an exported product has (0 without variants).
 */
export interface LayoutOptions {
  units: ShopUnits;
  fileUnits: ExportUnits;
  attributes: number;
}

const layoutColumns = (mode: ExportMode, { units, fileUnits, attributes }: LayoutOptions) =>
  mode === 'direct' ? directColumns(units, attributes) : wooColumns(units, fileUnits, attributes);

/** The column names of a layout, in its order. */
export const layoutHeaders = (mode: ExportMode, options: LayoutOptions) => layoutColumns(mode, options).map((c) => c.header);
/** Which columns of a layout hold numbers. */
export const layoutNumericColumns = (mode: ExportMode, options: LayoutOptions) => layoutColumns(mode, options).map((c) => c.numeric === true);

/** The header line of a layout, CRLF included. */
export const csvHeader = (mode: ExportMode, options: LayoutOptions) =>
  `${layoutColumns(mode, options).map((c) => csvCell(c.header)).join(',')}\r\n`;

/** The cells a row of one kind writes, and the field each writes as it is (-1: none). */
interface KindCells {
  cells: Cell[];
  fieldAt: number[];
}

function kindCells(columns: readonly ExportColumn[], kind: 'simple' | 'variable' | 'variation'): KindCells {
  const cells = columns.map((c) => (kind === 'simple' ? c.cell : (c[kind] ?? c.cell)));
  return { cells, fieldAt: columns.map((c, i) => (c.field && cells[i] === c.cell ? AT[c.field] : -1)) };
}

/** A layout's line writer; cells are made formula-safe and quoted by csvCell. */
export function csvLayout(mode: ExportMode, options: LayoutOptions, lookups: ExportLookups): CsvLayout {
  const columns = layoutColumns(mode, options);
  const simple = kindCells(columns, 'simple');
  const variable = kindCells(columns, 'variable');
  const variation = kindCells(columns, 'variation');
  const kindAt = AT.kind;
  const cellsOf = (row: ExportRow) => {
    const kind = row[kindAt];
    return kind === 'variation' ? variation : kind === 'variable' ? variable : simple;
  };
  const line = (row: ExportRow) => {
    const { cells } = cellsOf(row);
    let out = cells[0]!(row, lookups);
    for (let i = 1; i < cells.length; i++) out += `,${cells[i]!(row, lookups)}`;
    return `${out}\r\n`;
  };
  /** One long row: short cells gathered, each long value in the pieces of csvCellPieces. */
  function* longLine(row: ExportRow): Generator<string> {
    const { cells, fieldAt } = cellsOf(row);
    let out = '';
    for (let i = 0; i < cells.length; i++) {
      if (i) out += ',';
      const value = fieldAt[i]! >= 0 ? row[fieldAt[i]!] : null;
      if (value instanceof Uint8Array) {
        yield out;
        out = '';
        yield* csvCellOfPieces(decodedPieces(value));
      } else if (typeof value === 'string' && value.length > CELL_PIECES_FROM) {
        yield out;
        out = '';
        yield* csvCellPieces(value);
      } else out += cells[i]!(row, lookups);
    }
    yield `${out}\r\n`;
  }
  /** A long value may come as its bytes (the SQLite export workers read them so); the workbook export reads strings. */
  const valueOf = (row: ExportRow, cells: Cell[], fieldAt: number[], i: number) => {
    const value = fieldAt[i]! >= 0 ? row[fieldAt[i]!] : null;
    if (value instanceof Uint8Array) return new TextDecoder().decode(value);
    if (typeof value === 'string') return value;
    return valueOfCsvCell(cells[i]!(row, lookups));
  };
  return {
    *values(rows) {
      for (const row of rows) {
        const { cells, fieldAt } = cellsOf(row);
        yield cells.map((_, i) => valueOf(row, cells, fieldAt, i));
      }
    },
    *texts(rows) {
      let out = '';
      let count = 0;
      for (const row of rows) {
        const length = textLength(row);
        if (count && (count === ROWS_PER_TEXT || out.length + length > CHARS_PER_TEXT)) {
          yield out;
          out = '';
          count = 0;
        }
        if (length > CHARS_PER_ROW) {
          if (count) yield out;
          out = '';
          count = 0;
          yield* longLine(row);
        } else {
          out += line(row);
          count++;
        }
      }
      if (count) yield out;
    },
  };
}
