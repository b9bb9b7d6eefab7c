import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { autoMapHeaders, csvLine, type FieldMapping } from '@bosun/shared';
import type { DB } from '../../server/src/db/types.js';
import { generateProducts, generateRows, variableShareFor, withVariableShare, type Catalogue, type ProductSeed } from '../catalogue/index.js';

/**
 * Generated products as an import file (plain field-name headers, categories in one
 * category_hierarchy cell: 'Vendor:A > B, Store:C > D'), as a WooCommerce-style file with variable
 * products and their variations (issue 18), and as rows for the baselines' direct inserts.
 */

/** The product columns the file carries, and so the ones the import writes; image_url is never set by the generator. */
export const PRODUCT_COLUMNS = [
  'sku', 'name', 'mfn', 'gtin', 'brand', 'short_description', 'description', 'stock', 'list_price', 'market_price',
  'vendor_cost', 'special_price', 'weight', 'length', 'width', 'height', 'google_category', 'published', 'featured',
  'visibility', 'meta_title', 'meta_description', 'meta_keywords',
] as const satisfies ReadonlyArray<keyof ProductSeed>;

export const CSV_HEADERS = [...PRODUCT_COLUMNS, 'category_hierarchy'];

/** Every category's path of names, by ref. */
export function categoryNamePaths(catalogue: Catalogue): string[][] {
  const paths: string[][] = [];
  for (const c of catalogue.categories) paths[c.ref] = c.parentRef === null ? [c.name] : [...paths[c.parentRef], c.name];
  return paths;
}

/** The import reads '\,' and '\>' as part of a name (WooCommerce's escaping); names such as '3,500-5,200 lb' need it. */
const escapeName = (name: string) => name.replaceAll('\\', '\\\\').replaceAll(',', '\\,').replaceAll('>', '\\>');
/** storeCategory false: the vendor category alone (a file whose shop categories come from the mapping, issue 23). */
export const hierarchyCell = (paths: string[][], p: ProductSeed, storeCategory = true) =>
  `Vendor:${paths[p.vendorCategoryRef].map(escapeName).join(' > ')}${storeCategory ? `, Store:${paths[p.storeCategoryRef].map(escapeName).join(' > ')}` : ''}`;

function csvValue(p: ProductSeed, column: (typeof PRODUCT_COLUMNS)[number]): string | number | null {
  const value = p[column];
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (['list_price', 'market_price', 'vendor_cost', 'special_price'].includes(column)) return value === null ? null : (value as number).toFixed(2);
  return value;
}

/**
 * Writes `rows` generated products, from the first (or from `start`), as a CSV file; returns its
 * size in bytes. `revise` changes each product before it is written (a file that updates stored
 * products: the same SKUs with other prices and stock). storeCategories false: no Store: part.
 */
export function writeImportCsv(catalogue: Catalogue, rows: number, file: string, options: { start?: number; revise?: (p: ProductSeed) => ProductSeed; storeCategories?: boolean } = {}): number {
  const paths = categoryNamePaths(catalogue);
  const revise = options.revise ?? ((p: ProductSeed) => p);
  function* lines() {
    yield csvLine(CSV_HEADERS);
    for (const generated of generateProducts(catalogue, rows, options.start ?? 0)) {
      const p = revise(generated);
      yield csvLine([...PRODUCT_COLUMNS.map((c) => csvValue(p, c)), hierarchyCell(paths, p, options.storeCategories ?? true)]);
    }
  }
  return writeLines(file, lines());
}

/** Writes the lines (each with its line end) to `file`, a few MB at a time; returns the file's size in bytes. */
export function writeLines(file: string, lines: Iterable<string>): number {
  const fd = fs.openSync(file, 'w');
  try {
    let text = '';
    for (const line of lines) {
      text += line;
      if (text.length > 4_000_000) {
        fs.writeSync(fd, text);
        text = '';
      }
    }
    fs.writeSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
  return fs.statSync(file).size;
}

const WOO_ATTRIBUTE_HEADERS = [1, 2, 3].flatMap((n) => [`Attribute ${n} name`, `Attribute ${n} value(s)`, `Attribute ${n} visible`, `Attribute ${n} global`]);

/**
 * WooCommerce's product CSV columns (its exporter's names): 'Type' is simple, variable or variation;
 * a variation row names its parent's SKU in 'Parent', leaves Name and the parent's texts empty and
 * carries one value per attribute.
 */
export const WOO_HEADERS = [
  'Type', 'SKU', 'Name', 'Parent', 'Short description', 'Description', 'Brands', 'GTIN, UPC, EAN, or ISBN', 'Stock',
  'Regular price', 'Sale price', 'Weight (kg)', 'Categories', ...WOO_ATTRIBUTE_HEADERS,
];

/** WooCommerce's list cells: values joined ', ', a literal comma (or backslash) escaped with a backslash. */
export const wooList = (values: readonly string[]) => values.map((v) => v.replaceAll('\\', '\\\\').replaceAll(',', '\\,')).join(', ');

const price = (value: number | null) => (value === null ? null : value.toFixed(2));

function wooRows(p: ProductSeed, storePaths: string[][]): Array<Array<string | number | null>> {
  const category = storePaths[p.storeCategoryRef].map(escapeName).join(' > ');
  const attributes = p.variants?.attributes ?? [];
  const attributeCells = (values: (k: number) => string | null) =>
    [0, 1, 2].flatMap((k) => (k < attributes.length ? [attributes[k].name, values(k), 1, attributes[k].global ? 1 : 0] : [null, null, null, null]));
  if (!p.variants) {
    return [['simple', p.sku, p.name, null, p.short_description, p.description, p.brand, p.gtin, p.stock, price(p.list_price), price(p.special_price), p.weight, category, ...attributeCells(() => null)]];
  }
  // The parent's stock and prices are its variations': WooCommerce leaves them empty on the variable row.
  const parent = ['variable', p.sku, p.name, null, p.short_description, p.description, p.brand, p.gtin, null, null, null, p.weight, category, ...attributeCells((k) => wooList(attributes[k].values))];
  const variations = p.variants.variations.map((v) => [
    'variation', v.sku, null, p.sku, null, null, null, v.gtin, v.stock, price(v.list_price), price(v.special_price), v.weight, null,
    ...attributeCells((k) => v.values[k]),
  ]);
  return [parent, ...variations];
}

export interface WooFile {
  bytes: number;
  rows: number;
  products: number;
  variableProducts: number;
  variationRows: number;
}

/**
 * Writes a WooCommerce-style import file of exactly `rows` rows, about `variationShare` of them
 * variation rows (each variable row first, then its variations), from the catalogue's products.
 */
export function writeWooImportCsv(catalogue: Catalogue, rows: number, file: string, variationShare: number): WooFile {
  const storePaths = categoryNamePaths(catalogue);
  const variants = withVariableShare(catalogue, variableShareFor(catalogue, rows, Math.round(rows * variationShare)));
  const counts = { rows: 0, products: 0, variableProducts: 0, variationRows: 0 };
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, csvLine(WOO_HEADERS));
    let text = '';
    for (const p of generateRows(variants, rows)) {
      for (const row of wooRows(p, storePaths)) text += csvLine(row);
      counts.products += 1;
      counts.variableProducts += p.variants ? 1 : 0;
      counts.variationRows += p.variants?.variations.length ?? 0;
      counts.rows += 1 + (p.variants?.variations.length ?? 0);
      if (text.length > 4_000_000) {
        fs.writeSync(fd, text);
        text = '';
      }
    }
    fs.writeSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
  return { bytes: fs.statSync(file).size, ...counts };
}

/**
 * The mapping the import wizard proposes for the WooCommerce file. Unlike importMapping, columns
 * left unmapped are allowed: until the import knows Type, Parent and the attribute columns
 * (issue 18), they are what the scenario waits for.
 */
export function wooImportMapping(): { mapping: FieldMapping; unmapped: string[] } {
  const mapping = autoMapHeaders(WOO_HEADERS);
  const mapped = new Set(Object.values(mapping));
  return { mapping, unmapped: WOO_HEADERS.filter((h) => !mapped.has(h)) };
}

/** The mapping the import wizard would propose for the file; every column must be recognised. */
export function importMapping(): FieldMapping {
  const mapping = autoMapHeaders(CSV_HEADERS);
  const mapped = new Set(Object.values(mapping));
  const missing = CSV_HEADERS.filter((h) => !mapped.has(h));
  if (missing.length) throw new Error(`autoMapHeaders left unmapped: ${missing.join(', ')}`);
  return mapping;
}

/** Columns of the baselines' INSERT: what the import writes for this file. */
export const INSERT_COLUMNS = [...PRODUCT_COLUMNS, 'vendor_id', 'vendor_category_id', 'store_category_id', 'created_at', 'updated_at'];

export interface CatalogueIds {
  vendorIds: number[];
  categoryIds: number[];
}

/** Vendor and category ids of a catalogue loaded with loadCatalogue, by catalogue index and ref. */
export async function catalogueIds(db: Kysely<DB>, catalogue: Catalogue): Promise<CatalogueIds> {
  const vendors = await db.selectFrom('vendors').select(['id', 'name']).execute();
  const vendorIdByName = new Map(vendors.map((v) => [v.name, v.id]));
  const vendorIds = catalogue.vendors.map((v) => vendorIdByName.get(v.name)!);
  const rows = await db.selectFrom('categories').select(['id', 'name', 'parent_id', 'type', 'vendor_id']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keyOf = new Map<number, string>();
  const key = (id: number): string => {
    const known = keyOf.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id)!;
    const k = `${row.parent_id === null ? `${row.type}|${row.vendor_id ?? ''}` : key(row.parent_id)}\u0001${row.name}`;
    keyOf.set(id, k);
    return k;
  };
  const idByKey = new Map(rows.map((r) => [key(r.id), r.id]));
  const paths = categoryNamePaths(catalogue);
  const categoryIds = catalogue.categories.map((c) => {
    const root = `${c.type}|${c.vendorIndex === null ? '' : vendorIds[c.vendorIndex]}`;
    const id = idByKey.get([root, ...paths[c.ref]].join('\u0001'));
    if (id === undefined) throw new Error(`category ${paths[c.ref].join(' > ')} was not loaded`);
    return id;
  });
  return { vendorIds, categoryIds };
}

/** One product's values in INSERT_COLUMNS order, as the import would write them. */
export function insertValues(p: ProductSeed, ids: CatalogueIds, now: string): Array<string | number | null> {
  const values: Array<string | number | null> = PRODUCT_COLUMNS.map((c) => {
    const v = p[c];
    return typeof v === 'boolean' ? (v ? 1 : 0) : v;
  });
  values.push(ids.vendorIds[p.vendorIndex], ids.categoryIds[p.vendorCategoryRef], ids.categoryIds[p.storeCategoryRef], now, now);
  return values;
}
