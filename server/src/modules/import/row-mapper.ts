import { boundText, formatCount, IMPORT_ROW_WARNINGS, MAX_TAG_CHARS, MAX_TAGS, uniqueTagsAndRepeats, VARIATION_LEVEL_FIELDS, gtinProblem, isImageAddress, MAX_DESCRIPTION_CHARS, NUMBER_BOUNDS, restoreFormula, splitValueList, type BadOptionalValues, type BoundedField, type EmptyCellRule, type FieldMapping, type ImportRowError, type ImportRowWarning, type Settings, type StockStatus } from '@bosun/shared';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { createHierarchyReader, pathTooDeep, tidyName, type CategoryPaths } from './category-paths.js';
import { CellProblem, KeptWithWarning, readAmount, readBoolean, readStock, readStockStatus, readUnitFactor, readVisibility, unitFactor, unitOfHeader, type Read, type UnitKind } from './cell-values.js';
import { VARIATION_OWN_COLUMNS } from './import-rules.js';
import { readCells, readRecordNotes, RECORD_NOTES_HEADER } from './record-notes.js';
import { createStockReader } from './stock-cells.js';
import { createVariantReader, isVariantProblem, type VariantCells } from './variant-cells.js';

/** Product columns an import can write, in a fixed order (the prepared statement's). */
export const IMPORTABLE_COLUMNS = [
  'sku', 'name', 'mfn', 'gtin', 'brand', 'short_description', 'description', 'stock', 'stock_status', 'list_price', 'market_price',
  'vendor_cost', 'special_price', 'weight', 'length', 'width', 'height', 'google_category', 'published', 'featured',
  'visibility', 'image_url', 'images', 'meta_title', 'meta_description', 'meta_keywords', 'kind', 'tags',
] as const;
export type ImportableColumn = (typeof IMPORTABLE_COLUMNS)[number];
export type ColumnValue = string | number | null;

export interface MappedRow {
  row: number;
  sku: string;
  name: string;
  /** The values of RowMapper.columns, in that order (the writer binds them as they are). */
  values: ColumnValue[];
  categories: CategoryPaths;
  cells: string[];
  /** The row's part in a variable product, when the file maps the variant columns. */
  variant?: VariantCells;
  /** A variation's parent's SKU and its values in the parent's attribute order (VariantPlanner). */
  variation?: { parentSku: string; options: Array<string | null> };
  /** The row's vendor (issue 19): its Vendor cell's, or the wizard's (import-vendors.ts, set by the import). */
  vendorId?: number;
  /** What the row lost or could not keep, reported when the row is written. */
  warnings?: ImportRowWarning[];
  /**
   * The write columns whose bad value was dropped, or whose empty cell keeps the stored value (a
   * profile's 'An empty cell keeps the current value', issue 22): the row carries the empty cell's
   * value for a new product, and an update keeps the stored value of these (writers: droppedUpdate).
   */
  dropped?: string[];
  /**
   * No cell gave the row's stock status: it follows the quantity, and on an update the stored
   * product's status by the one rule (statusOverStored: a product on backorder stays so at 0).
   */
  statusFollows?: true;
}

const droppedReason = (reason: string) => `${reason} (dropped)`;
const pathText = (path: readonly string[]) => `'${path.join(' > ')}'`;

export type MapResult = { ok: true; row: MappedRow } | { ok: false; error: ImportRowError; cells: string[] };

const TEXT_LIMITS: Partial<Record<ImportableColumn, number>> = {
  mfn: 100, brand: 200, google_category: 500, meta_title: 300, meta_description: 1000, meta_keywords: 1000,
};

/**
 * Reads a cell; a reader that needs another cell of the row (a unit column) takes the row too. A
 * value kept with a warning says what of the cell it left out.
 */
type CellReader = (text: string, cells: string[]) => Read<ColumnValue> | KeptWithWarning<ColumnValue>;
const notWebAddress = (url: string) => new CellProblem(`'${url}' is not a web address`);

/** A cell's problem that belongs to another column of the row (a unit column): the row's error names that column. */
class OtherCellProblem extends CellProblem {
  constructor(reason: string, readonly column: string, readonly value: string) {
    super(reason);
  }
}

/**
 * What a value of a weight or size column is multiplied by, row by row, to be in the shop's unit:
 * the row's unit column when the file maps one and the row fills it, otherwise the header's unit
 * ('Weight (lbs)', 'Variant Grams'), otherwise none (the shop's unit).
 */
type UnitFactorOf = (cells: string[]) => Read<number>;

function unitFactorOf(kind: UnitKind, header: string, shopUnit: string, unitColumn?: { header: string; cell: (cells: string[]) => string }): UnitFactorOf {
  const headerFactor = unitFactor(header, kind, shopUnit);
  if (!unitColumn) return () => headerFactor;
  return (cells) => {
    const unit = unitColumn.cell(cells);
    if (unit === '') return headerFactor;
    const factor = readUnitFactor(unit, kind, shopUnit);
    return factor instanceof CellProblem ? new OtherCellProblem(factor.reason, unitColumn.header, unit) : factor;
  };
}

/** How each mapped field reads its cell; empty cells take the product form's defaults or null. */
function readerFor(field: string, header: string, settings: Pick<Settings, 'weight_unit' | 'dimension_unit'>, checkOnly: boolean, factorOf?: UnitFactorOf): CellReader | undefined {
  const text = (max: number): CellReader => (v) => (v.length > max ? new CellProblem(`longer than ${max} characters`) : v === '' ? null : v);
  // The same bounds as the product form (shared NUMBER_BOUNDS): a larger value is this row's error.
  const max = NUMBER_BOUNDS[field as BoundedField];
  const within = (read: Read<ColumnValue>) =>
    typeof read === 'number' && read > max ? new CellProblem(`must be at most ${boundText(max)}`) : read;
  const amount = (decimals?: number): CellReader => (v) => (v === '' ? null : within(readAmount(v, decimals)));
  // 4 decimals in the shop's unit: 72 g is 0.072 kg, 0.5 lb is 0.2268 kg.
  const converted = (factorOf: UnitFactorOf): CellReader => (v, cells) => {
    if (v === '') return null;
    const read = readAmount(v);
    if (read instanceof CellProblem) return read;
    const factor = factorOf(cells);
    if (factor instanceof CellProblem) return factor;
    return within(factor !== 1 ? Math.round(read * factor * 10_000) / 10_000 : read);
  };
  switch (field) {
    case 'mfn': case 'brand': case 'google_category': case 'meta_title': case 'meta_description': case 'meta_keywords':
      return text(TEXT_LIMITS[field]!);
    case 'gtin':
      return (v) => {
        if (v === '') return null;
        const problem = gtinProblem(v);
        return problem ? new CellProblem(problem) : v;
      };
    case 'short_description': case 'description':
      // Plain text needs no parsing; HTML goes through the same allow-list as the product form.
      // Sanitising never rejects a value, so a dry run (checkOnly) skips it.
      // The form's cap too: a longer cell is this row's error, never cut.
      return (v) =>
        v.length > MAX_DESCRIPTION_CHARS
          ? new CellProblem(`longer than ${formatCount(MAX_DESCRIPTION_CHARS)} characters`)
          : v === '' ? null : !checkOnly && v.includes('<') ? sanitizeHtml(v) : v;
    case 'stock':
      // Empty: not tracked beside a status, else 0 (stock-cells.ts).
      return (v) => (v === '' ? null : within(readStock(v)));
    case 'stock_status':
      return readStockStatus;
    case 'list_price': case 'market_price': case 'vendor_cost': case 'special_price':
      return amount(2);
    case 'weight':
      return converted(factorOf ?? unitFactorOf('weight', header, settings.weight_unit));
    case 'length': case 'width': case 'height':
      return converted(factorOf ?? unitFactorOf('dimension', header, settings.dimension_unit));
    case 'published': case 'featured':
      return (v) => {
        if (v === '') return field === 'published' ? 1 : 0;
        const read = readBoolean(v);
        return typeof read === 'boolean' ? Number(read) : read;
      };
    case 'visibility':
      return (v) => (v === '' ? 'public' : readVisibility(v));
    case 'tags':
      return readTags;
    case 'image_url':
      return (v) => (v === '' ? null : isImageAddress(v) ? v : notWebAddress(v));
    default:
      return undefined;
  }
}

/**
 * WooCommerce's and Shopify's 'Tags': separated by commas ('\\,' a comma inside one), as a JSON
 * list; a tag repeated in another letter case is one tag, and the row says which spelling it left out.
 */
function readTags(cell: string): Read<ColumnValue> | KeptWithWarning<ColumnValue> {
  const { kept: tags, repeats } = uniqueTagsAndRepeats(splitValueList(cell));
  if (tags.some((t) => t.includes('\0'))) return new CellProblem('a tag holds a NUL byte (\\0), which is not text');
  const long = tags.find((t) => t.length > MAX_TAG_CHARS);
  if (long) return new CellProblem(`the tag '${long.slice(0, 50)}…' is longer than ${MAX_TAG_CHARS} characters`);
  if (tags.length > MAX_TAGS) return new CellProblem(`${tags.length} tags: at most ${MAX_TAGS}`);
  return repeats.length ? new KeptWithWarning(JSON.stringify(tags), IMPORT_ROW_WARNINGS.tagCaseRepeats(repeats)) : JSON.stringify(tags);
}

/** The 'Images' cell as Bosun's exports write it: image URL first (may be empty), then the gallery. */
function readImages(cell: string): Read<{ imageUrl: string | null; images: string[] }> {
  if (cell === '') return { imageUrl: null, images: [] };
  const [first, ...rest] = cell.split(',').map((s) => s.trim());
  for (const url of [first, ...rest]) {
    if (url && !isImageAddress(url)) return notWebAddress(url);
  }
  return { imageUrl: first || null, images: rest.filter(Boolean) };
}

export interface RowMapper {
  /** The product columns this file writes (mapped fields), fixed for the whole file. */
  columns: ImportableColumn[];
  writesVendorCategory: boolean;
  writesStoreCategory: boolean;
  /** Whether the file maps the variant columns (the rows may be variable products and variations). */
  readsVariants: boolean;
  map(cells: string[], row: number): MapResult;
  /** The record's category paths as read, whether or not the rest of the record is valid. */
  categories(cells: string[]): CategoryPaths;
  /** A mapped row's weight and sizes that were converted to the shop's unit, by field: the file's unit and the stored value ('g', '0.072 kg'). */
  converted(row: MappedRow): Record<string, { from: string; to: string }>;
}

/**
 * What a variation takes from its parent: the writers write only VARIATION_OWN_COLUMNS of its row
 * (import-rules.ts), so its cells for these (and its name and categories) are not kept. Each one
 * is said on the row, unless it holds nothing more than the parent gives (inheritsSilently).
 */
const INHERITED_FIELDS = new Set<string>(IMPORTABLE_COLUMNS.filter((c) => !VARIATION_OWN_COLUMNS.includes(c) && !['sku', 'name', 'kind', 'images'].includes(c)));

/** Every order of a variation's values (at most 3, so at most 6 orders). */
function valueOrders(values: readonly string[]): string[][] {
  if (values.length <= 1) return [[...values]];
  return values.flatMap((first, i) => valueOrders([...values.slice(0, i), ...values.slice(i + 1)]).map((rest) => [first, ...rest]));
}

const UNIT_FIELDS: Partial<Record<ImportableColumn, UnitKind>> = { weight: 'weight', length: 'dimension', width: 'dimension', height: 'dimension' };

/** Builds, once per file, the reader of every mapped column; then maps each record with no lookups. */
/** checkOnly: the values are only checked (the dry run), never written, so work that cannot fail is left out. */
export function createRowMapper(
  headers: string[],
  mapping: FieldMapping,
  settings: Pick<Settings, 'weight_unit' | 'dimension_unit'>,
  options: { checkOnly?: boolean; badOptionalValues?: BadOptionalValues; emptyCells?: EmptyCellRule; listPrice?: boolean } = {},
): RowMapper {
  const dropBadValues = (options.badOptionalValues ?? 'warn') === 'warn';
  const emptyKeeps = options.emptyCells === 'keep';
  const index = (field: string) => (mapping[field] === undefined ? -1 : headers.indexOf(mapping[field]!));
  const cell = (cells: string[], at: number) => (at < 0 ? '' : restoreFormula((cells[at] ?? '').trim()));
  const shopUnits: Record<UnitKind, string> = { weight: settings.weight_unit, dimension: settings.dimension_unit };
  const unitColumn = (kind: UnitKind) => {
    const at = index(kind === 'weight' ? 'weight_unit' : 'dimension_unit');
    return at < 0 ? undefined : { header: headers[at]!, cell: (cells: string[]) => cell(cells, at) };
  };
  const readers: Array<{ field: ImportableColumn; header: string; at: number; read: CellReader; slot: number }> = [];
  const unitReaders: Array<{ field: ImportableColumn; factorOf: UnitFactorOf; unitOf: (cells: string[]) => string; shopUnit: string }> = [];
  for (const field of IMPORTABLE_COLUMNS) {
    const at = index(field);
    if (at < 0) continue;
    const kind = UNIT_FIELDS[field];
    const units = kind ? unitColumn(kind) : undefined;
    const factorOf = kind ? unitFactorOf(kind, headers[at]!, shopUnits[kind], units) : undefined;
    const reader = readerFor(field, headers[at]!, settings, options.checkOnly ?? false, factorOf);
    if (reader) readers.push({ field, header: headers[at]!, at, read: reader, slot: -1 });
    if (kind && factorOf) {
      const headerUnit = unitOfHeader(headers[at]!, kind) ?? shopUnits[kind];
      unitReaders.push({ field, factorOf, unitOf: (cells) => units?.cell(cells).toLowerCase() || headerUnit, shopUnit: shopUnits[kind] });
    }
  }
  const imagesAt = index('images');
  const skuAt = index('sku');
  const nameAt = index('name');
  const levelIndexes = (tree: 'vendor' | 'store') =>
    [index(`${tree}_category`), ...[1, 2, 3, 4, 5].map((n) => index(`${tree}_subcategory_${n}`))].filter((at) => at >= 0);
  const vendorLevels = levelIndexes('vendor');
  const storeLevels = levelIndexes('store');
  const hierarchyAt = index('category_hierarchy');
  const saleDateAts = [index('sale_price_starts'), index('sale_price_ends')].filter((at) => at >= 0);
  const publishedAt = index('published');
  // Shopify's Status beside its Published: checked against a Published cell, read in place of an empty one.
  const statusAt = publishedAt >= 0 ? index('status') : -1;
  const notesAt = headers.indexOf(RECORD_NOTES_HEADER);
  const readVariant = createVariantReader(headers, mapping, cell);
  const readStockCells = createStockReader(headers, mapping, cell);
  const columns = [
    ...new Set<ImportableColumn>(['sku', 'name', ...readers.map((r) => r.field), ...(imagesAt >= 0 ? (['image_url', 'images'] as const) : []), ...(readVariant ? (['kind'] as const) : []),
      ...(readStockCells ? (['stock_status'] as const) : []),
      // Price rules write a list price the file may not map (price-ruler.ts).
      ...(options.listPrice ? (['list_price'] as const) : [])]),
  ];
  for (const reader of readers) reader.slot = columns.indexOf(reader.field);
  const imageUrlSlot = columns.indexOf('image_url');
  const imagesSlot = columns.indexOf('images');
  const kindSlot = columns.indexOf('kind');
  const salePriceSlot = columns.indexOf('special_price');
  const stockSlot = columns.indexOf('stock');
  const stockStatusSlot = columns.indexOf('stock_status');
  // A variable row's cells under each reference its variations may name it by (its SKU, 'id:N'), for the check below.
  const parentCells = new Map<string, string[]>();
  const categoryAts = [...vendorLevels, ...storeLevels, ...(hierarchyAt >= 0 ? [hierarchyAt] : [])];
  // A variable product's stock and prices are its variations' (kept by triggers): never the file's.
  const variationLevelSlots = VARIATION_LEVEL_FIELDS.map((f) => columns.indexOf(f)).filter((at) => at >= 0);
  const levelsPath = (cells: string[], ats: number[]) => {
    const names = ats.map((at) => tidyName(cell(cells, at)));
    // One name per level column, read in order; an empty level ends the path.
    const end = names.indexOf('');
    const path = end === -1 ? names : names.slice(0, end);
    return path.length ? path : undefined;
  };

  const readHierarchy = createHierarchyReader();
  const readCategories = (cells: string[]): CategoryPaths => {
    const fromHierarchy = hierarchyAt >= 0 ? readHierarchy(cell(cells, hierarchyAt)) : {};
    // Per tree, the level columns when the row fills them, else the hierarchy cell: a file (the
    // template) may map both, and a row's path in one of them is never ignored for empty levels.
    const vendorFromLevels = vendorLevels.length ? levelsPath(cells, vendorLevels) : undefined;
    const storeFromLevels = storeLevels.length ? levelsPath(cells, storeLevels) : undefined;
    // The hierarchy cell's paths not kept count only for a tree whose path it gives.
    const notKept = fromHierarchy.notKept && {
      ...(vendorFromLevels ? {} : { vendor: fromHierarchy.notKept.vendor }),
      ...(storeFromLevels ? {} : { store: fromHierarchy.notKept.store }),
    };
    return {
      vendor: vendorFromLevels ?? fromHierarchy.vendor,
      store: storeFromLevels ?? fromHierarchy.store,
      ...(notKept ? { notKept } : {}),
    };
  };

  const converted = (row: MappedRow) => {
    const values: Record<string, { from: string; to: string }> = {};
    for (const { field, factorOf, unitOf, shopUnit } of unitReaders) {
      const factor = factorOf(row.cells);
      const value = row.values[columns.indexOf(field)];
      if (factor !== 1 && typeof factor === 'number' && typeof value === 'number') values[field] = { from: unitOf(row.cells), to: `${value} ${shopUnit}` };
    }
    return values;
  };

  const writesVendorCategory = vendorLevels.length > 0 || hierarchyAt >= 0;
  const writesStoreCategory = storeLevels.length > 0 || hierarchyAt >= 0;
  return {
    columns,
    categories: readCategories,
    converted,
    writesVendorCategory,
    writesStoreCategory,
    readsVariants: readVariant !== undefined,
    map(fileCells, row) {
      // What the file's reader says of this record (record-notes.ts): the record reads its part of the row, and reports the row's cells.
      const said = notesAt >= 0 ? readRecordNotes(fileCells[notesAt]) : undefined;
      const cells = readCells(fileCells, said?.unread);
      const fail = (column: string, value: string, reason: string): MapResult => ({ ok: false, error: { row, column, value, reason }, cells: fileCells });
      const failing = said?.notes?.find((note) => note.fails);
      if (failing) return fail(failing.column, failing.value, failing.reason);
      const sku = cell(cells, skuAt);
      const name = cell(cells, nameAt);
      const variant = readVariant?.(cells);
      if (variant && isVariantProblem(variant)) return fail(variant.column, variant.value, variant.reason);
      // A variation's name is its parent's.
      // A file that maps no name (a stock file, allowed when the run creates no products: checkMapping) updates stored products only.
      if (!sku || (!name && nameAt >= 0 && variant?.kind !== 'variation')) return fail(!sku ? (mapping.sku ?? 'SKU') : (mapping.name ?? 'Name'), !sku ? sku : name, 'Name and SKU are required');
      // A NUL byte is no character of a name: PostgreSQL refuses it and search could never find it.
      if (sku.includes('\0') || name.includes('\0')) {
        const [column, value] = sku.includes('\0') ? [mapping.sku!, sku] : [mapping.name!, name];
        return fail(column, value.replaceAll('\0', '\\0').slice(0, 100), 'holds a NUL byte (\\0), which is not text');
      }
      if (sku.length > 100) return fail(mapping.sku!, sku, 'SKU must be at most 100 characters');
      if (name.length > 500) return fail(mapping.name!, name.slice(0, 50), 'Name must be at most 500 characters');
      const values: ColumnValue[] = new Array<ColumnValue>(columns.length).fill(null);
      values[0] = sku;
      values[1] = name;
      let warnings: ImportRowWarning[] | undefined;
      let dropped: string[] | undefined;
      let statusFollows = false;
      const warn = (column: string, value: string, reason: string) => (warnings ??= []).push({ row, column, value, reason });
      for (const note of said?.notes ?? []) warn(note.column, note.value, note.reason);
      for (const unread of variant && !isVariantProblem(variant) ? (variant.unread ?? []) : []) warn(unread.column, unread.value, IMPORT_ROW_WARNINGS.simpleAttributes);
      if (variant?.kind === 'variable') {
        parentCells.set(sku, cells);
        if (variant.sourceId) parentCells.set(`id:${variant.sourceId}`, cells);
      }
      const inherits = variant?.kind === 'variation';
      // The parent's row when the file held it before this one; a parent already stored is not read here.
      const parent = inherits && variant.parent !== undefined ? parentCells.get(variant.parent) : undefined;
      if (inherits) {
        // WooCommerce names a variation '<parent> - <its values>': nothing more than the parent's name and the values.
        // In the parent's order of attributes, which the row may not follow: any order of its values will do.
        // (A value's comma as the file escapes it in lists, '\\,', may stand escaped in the name too.)
        const plain = name.replaceAll('\\,', ',');
        const generated = valueOrders(variant.attributes.map((a) => a.values[0]!)).some((o) => plain === o.join(', ') || plain.endsWith(` - ${o.join(', ')}`));
        const named = name !== '' && !generated && name !== (parent ? cell(parent, nameAt) : undefined);
        if (named) warn(mapping.name!, name, IMPORT_ROW_WARNINGS.variationInherits);
        for (const at of categoryAts) {
          const text = cell(cells, at);
          if (text !== '' && text !== (parent ? cell(parent, at) : '')) warn(headers[at]!, text, IMPORT_ROW_WARNINGS.variationInherits);
        }
      }
      /** A bad optional value: dropped with a warning (the rest of the row is imported), or the row's error. */
      const drop = (column: string, value: string, reason: string, writeColumns: string[]) => {
        if (!dropBadValues) return false;
        warn(column, value, droppedReason(reason));
        (dropped ??= []).push(...writeColumns);
        return true;
      };
      for (const reader of readers) {
        let text = cell(cells, reader.at);
        let header = reader.header;
        // Shopify's Status stands in for an empty Published: a draft or archived product is not on sale, an active one is.
        if (reader.field === 'published' && text === '' && statusAt >= 0 && cell(cells, statusAt) !== '') [text, header] = [cell(cells, statusAt), headers[statusAt]!];
        // A variation's cell for what it takes from its parent is not read (nor can it fail the row), and not dropped without a word.
        // A variable product's stock and prices are its variations' totals: its own cells for them are not kept either.
        if (variant?.kind === 'variable' && (VARIATION_LEVEL_FIELDS as readonly string[]).includes(reader.field)) {
          if (text !== '') warn(header, text, IMPORT_ROW_WARNINGS.variableTotals);
          continue;
        }
        if (inherits && INHERITED_FIELDS.has(reader.field)) {
          const same = (other: string) => other === text || JSON.stringify(reader.read(other, cells)) === JSON.stringify(reader.read(text, cells));
          if (text !== '' && !same(parent ? cell(parent, reader.at) : '')) warn(header, text, IMPORT_ROW_WARNINGS.variationInherits);
          continue;
        }
        // An empty cell that keeps the current value: a new product still gets the empty cell's default below.
        // An empty stock status is not kept: it follows the quantity by the stock rule (statusFollows), as without a profile.
        if (emptyKeeps && text === '' && reader.field !== 'stock_status') (dropped ??= []).push(reader.field);
        let read = reader.read(text, cells);
        if (read instanceof KeptWithWarning) {
          warn(header, text, read.reason);
          read = read.value;
        } else if (read instanceof CellProblem) {
          // A per-row unit column's bad unit is that column's problem, and the value it would convert is dropped.
          const [column, value] = read instanceof OtherCellProblem ? [read.column, read.value] : [header, text];
          if (!drop(column, value, read.reason, [reader.field])) return fail(column, value, read.reason);
          // A new product gets what an empty cell gives (the product form's default).
          read = reader.read('', cells) as ColumnValue;
        }
        values[reader.slot] = read;
      }
      if (readStockCells) {
        const stock = readStockCells(cells, stockSlot >= 0 ? (values[stockSlot] as number | null) : undefined, values[stockStatusSlot] as StockStatus | null);
        if ('reason' in stock) return fail(stock.column, stock.value, stock.reason);
        if (stockSlot >= 0) values[stockSlot] = stock.stock;
        values[stockStatusSlot] = stock.stock_status;
        statusFollows = !stock.statusGiven;
      }
      if (imagesAt >= 0) {
        if (emptyKeeps && cell(cells, imagesAt) === '') (dropped ??= []).push('image_url', 'images');
        let read = readImages(cell(cells, imagesAt));
        if (read instanceof CellProblem) {
          if (!drop(mapping.images!, cell(cells, imagesAt), read.reason, ['image_url', 'images'])) return fail(mapping.images!, cell(cells, imagesAt), read.reason);
          read = { imageUrl: null, images: [] };
        }
        values[imageUrlSlot] = read.imageUrl;
        values[imagesSlot] = JSON.stringify(read.images);
      }
      if (salePriceSlot >= 0 && values[salePriceSlot] !== null) {
        for (const at of saleDateAts) if (cell(cells, at) !== '') warn(headers[at]!, cell(cells, at), IMPORT_ROW_WARNINGS.saleDates);
      }
      if (statusAt >= 0) {
        const [published, status] = [cell(cells, publishedAt), cell(cells, statusAt)];
        // Both given and read apart: a Published the row could not read has its own warning or error already.
        const publishedRead = published === '' ? undefined : readBoolean(published);
        if (status !== '' && typeof publishedRead === 'boolean' && readBoolean(status) !== publishedRead) warn(headers[statusAt]!, status, IMPORT_ROW_WARNINGS.statusDisagrees(published, status));
      }
      // Most rows have neither: nothing is allocated for them.
      const ok = (mapped: MappedRow): MapResult => {
        if (warnings) mapped.warnings = warnings;
        if (dropped) mapped.dropped = dropped;
        // A variable product's status is its variations' (the upsert keeps a stored parent's).
        if (statusFollows && mapped.variant?.kind !== 'variable') mapped.statusFollows = true;
        return { ok: true, row: mapped };
      };
      if (variant) {
        values[kindSlot] = variant.kind;
        if (variant.kind === 'variable') for (const at of variationLevelSlots) values[at] = columns[at] === 'stock' ? 0 : null;
        // Its status is its variations' too (migration 0021); the upsert keeps a stored parent's.
        if (variant.kind === 'variable' && stockStatusSlot >= 0) values[stockStatusSlot] = 'out_of_stock';
        // A variation has no categories of its own: its parent's are read.
        if (variant.kind === 'variation') return ok({ row, sku, name, values, categories: {}, cells: fileCells, variant });
      }
      let categories = readCategories(cells);
      for (const tree of ['vendor', 'store'] as const) {
        const problem = pathTooDeep(categories[tree]);
        if (!problem) continue;
        const column = tree === 'vendor' ? 'Vendor category' : 'Store category';
        if (!drop(column, categories[tree]!.join(' > '), problem, [`${tree}_category_id`])) return fail(column, categories[tree]!.join(' > '), problem);
        categories = { ...categories, [tree]: undefined };
      }
      // A row with no path of a tree the file writes keeps the product's category of that tree.
      if (emptyKeeps) {
        if (!categories.vendor && writesVendorCategory) (dropped ??= []).push('vendor_category_id');
        if (!categories.store && writesStoreCategory) (dropped ??= []).push('store_category_id');
      }
      for (const tree of ['vendor', 'store'] as const) {
        const others = categories.notKept?.[tree];
        if (!others?.length || !categories[tree]) continue;
        warn(mapping.category_hierarchy ?? 'Category', cell(cells, hierarchyAt),
          `several ${tree} categories: kept ${pathText(categories[tree])}, not kept ${others.map(pathText).join(', ')} (a product has one ${tree} category)`);
      }
      return ok({ row, sku, name, values, categories, cells: fileCells, ...(variant ? { variant } : {}) });
    },
  };
}
