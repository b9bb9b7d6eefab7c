import { IMPORT_ROW_WARNINGS, type FieldMapping } from '@bosun/shared';
import type { CsvGroup, OpenedCsv } from './import-file.js';
import { RECORD_NOTES_HEADER, writeRecordNotes, type RecordNote, type RecordNotes } from './record-notes.js';
import { madeSkuTaken, madeVariantSku } from './shopify-skus.js';

/**
 * Shopify's product CSV (issue 18) read as the rows the import knows: the rows sharing a Handle
 * are one product. Its first row holds the product (Title, Body, Vendor, Option1..3 Name) and,
 * like every row after it, one variant (Option1..3 Value, Variant SKU, Variant Price...); a row
 * with neither option values nor a variant SKU only adds an image (Image Src). A product whose
 * only option is 'Title' / 'Default Title' is simple; any other is a variable product whose SKU
 * is its Handle (Shopify's parents have none), with a variation per variant row.
 *
 * Each product becomes records of the file's columns plus columns of Bosun's own (the parent's
 * type, SKU and parent, the images, each attribute's name and values), mapped in place of the
 * Shopify ones, so the row mapper, the planner and the writers read them as any other file's.
 * A product's rows are held until its Handle changes: Shopify lists them together.
 */
const BOSUN = {
  type: 'Bosun: type',
  sku: 'SKU (the Variant SKU; the Handle for a product with variants)',
  parent: 'Bosun: parent',
  images: 'Bosun: images',
  attributeName: (n: number) => `Bosun: attribute ${n} name`,
  attributeValues: (n: number) => `Bosun: attribute ${n} value(s)`,
};
const ATTRIBUTES = [1, 2, 3] as const;

/**
 * The fields of a variant, which every row of a Handle gives; a product's first row gives the
 * product's fields as well. That row makes two records, the product's and its first variant's,
 * and each keeps only its own part of the row, so that every cell is read, and a problem in it
 * reported, once (Status and Published are the product's, a barcode or a weight the variant's).
 */
const VARIANT_FIELDS = new Set([
  'sku', 'gtin', 'mfn', 'stock', 'stock_status', 'stock_tracking', 'backorders', 'list_price', 'market_price', 'vendor_cost', 'special_price',
  'sale_price_starts', 'sale_price_ends', 'weight', 'weight_unit', 'length', 'width', 'height', 'dimension_unit', 'image_url',
]);

/** A value list as WooCommerce and Bosun write it: ', ' between values, '\,' for a comma inside one. */
const valueList = (values: string[]) => values.map((v) => v.replaceAll('\\', '\\\\').replaceAll(',', '\\,')).join(', ');

interface FileRow {
  cells: string[];
  row: number;
}

/** The file as Shopify products when the mapping names the Handle column; otherwise as it is. */
export function readShopifyProducts(csv: OpenedCsv, mapping: FieldMapping): { csv: OpenedCsv; mapping: FieldMapping; recordsRead?: () => number } {
  if (!mapping.handle) return { csv, mapping };
  let read = 0;
  const at = (field: string) => (mapping[field] === undefined ? -1 : csv.headers.indexOf(mapping[field]!));
  const handleAt = at('handle');
  const skuAt = at('sku');
  const imageAt = at('images');
  const variantImageAt = at('image_url');
  const mappedAts = (variant: boolean) =>
    Object.keys(mapping).filter((field) => VARIANT_FIELDS.has(field) === variant && field !== 'handle').map(at).filter((index) => index >= 0);
  const variantAts = mappedAts(true);
  const productAts = mappedAts(false);
  const nameAts = ATTRIBUTES.map((n) => at(`attribute_${n}_name`));
  const valueAts = ATTRIBUTES.map((n) => at(`attribute_${n}_values`));
  // Shopify's 'Gift Card' column, not a mapping field: a gift card's rows are reported as not supported (variant-cells.ts).
  const giftCardAt = csv.headers.findIndex((h) => h.trim().toLowerCase() === 'gift card');
  const cell = (r: FileRow, index: number) => (index < 0 ? '' : (r.cells[index] ?? '').trim());
  const optionValues = (r: FileRow) => valueAts.map((index) => cell(r, index));
  const isVariant = (r: FileRow) => cell(r, skuAt) !== '' || optionValues(r).some((v) => v !== '');

  const adapted: FieldMapping = { ...mapping, sku: BOSUN.sku, product_type: BOSUN.type, parent_sku: BOSUN.parent, images: BOSUN.images };
  delete adapted.handle;
  delete adapted.image_url;
  for (const n of ATTRIBUTES) {
    adapted[`attribute_${n}_name`] = BOSUN.attributeName(n);
    adapted[`attribute_${n}_values`] = BOSUN.attributeValues(n);
  }
  const bosunHeaders = [BOSUN.type, BOSUN.sku, BOSUN.parent, BOSUN.images, ...ATTRIBUTES.flatMap((n) => [BOSUN.attributeName(n), BOSUN.attributeValues(n)]), RECORD_NOTES_HEADER];
  const record = (r: FileRow, type: string, sku: string, parent: string, images: string, names: string[], values: string[], said: RecordNotes = {}) => [
    ...r.cells,
    ...Array<string>(Math.max(0, csv.headers.length - r.cells.length)).fill(''),
    type, sku, parent, images,
    ...ATTRIBUTES.flatMap((_, i) => (names[i] ? [names[i]!, values[i] ?? ''] : ['', ''])),
    writeRecordNotes(said),
  ];
  const skuHeader = mapping.sku ?? 'Variant SKU';
  /** A simple product's option cells other than Shopify's 'Title' / 'Default Title': not read, and said so. */
  const unreadOptions = (first: FileRow, variant: FileRow): RecordNote[] =>
    ATTRIBUTES.flatMap((n, i) => {
      const [name, value] = [cell(first, nameAts[i]!), cell(variant, valueAts[i]!)];
      if ((!name && !value) || (n === 1 && name === 'Title' && ['', 'Default Title'].includes(value))) return [];
      return [{ column: mapping[`attribute_${n}_${name ? 'name' : 'values'}`]!, value: name && value ? `${name}: ${value}` : name || value, reason: IMPORT_ROW_WARNINGS.simpleAttributes }];
    });
  /** The option names of each product emitted, for rows of its Handle that come later, apart. */
  const optionNames = new Map<string, string[]>();

  function productRecords(handle: string, rows: FileRow[]): { records: string[][]; rows: number[] } {
    const out: { records: string[][]; rows: number[] } = { records: [], rows: [] };
    const push = (r: FileRow, cells: string[]) => {
      out.records.push(cells);
      out.rows.push(r.row);
    };
    const variants = rows.filter(isVariant);
    const images = [...new Set(rows.map((r) => cell(r, imageAt)).filter(Boolean))].join(', ');
    const first = rows[0]!;
    const later = optionNames.get(handle);
    const names = later ?? nameAts.map((index) => cell(first, index));
    const values = (r: FileRow) => optionValues(r).map((v) => valueList(v ? [v] : []));
    if (!later && cell(first, giftCardAt).toLowerCase() === 'true') {
      for (const r of [first, ...variants.filter((v) => v !== first)]) push(r, record(r, 'gift card', cell(r, skuAt), '', '', [], []));
      return out;
    }
    if (!later) {
      optionNames.set(handle, names);
      const single = variants.length <= 1 && (!names[0] || (names[0] === 'Title' && ['', 'Default Title'].includes(optionValues(variants[0] ?? first)[0]!)));
      if (single) {
        const variant = variants[0] ?? first;
        const notes = unreadOptions(first, variant);
        let sku = cell(variant, skuAt);
        if (!sku && handle) {
          sku = handle;
          notes.push({ column: skuHeader, value: '', reason: IMPORT_ROW_WARNINGS.madeSku(sku, 'Handle') });
        }
        push(first, record(first, 'simple', sku, '', images, [], [], { notes }));
        return out;
      }
      const declared = ATTRIBUTES.map((_, i) => valueList([...new Set(variants.map((r) => optionValues(r)[i]!).filter(Boolean))]));
      push(first, record(first, 'variable', handle, '', images, names, declared, { unread: variantAts }));
    }
    const taken = new Set([handle, ...variants.map((r) => cell(r, skuAt)).filter(Boolean)]);
    for (const r of variants) {
      const notes: RecordNote[] = [];
      let sku = cell(r, skuAt);
      if (!sku && handle) {
        sku = madeVariantSku(handle, optionValues(r));
        notes.push(taken.has(sku) ? { column: skuHeader, value: sku, reason: madeSkuTaken(sku), fails: true } : { column: skuHeader, value: '', reason: IMPORT_ROW_WARNINGS.madeSku(sku, 'Handle and option values') });
        taken.add(sku);
      }
      const unread = !later && r === first ? productAts : undefined;
      push(r, record(r, 'variation', sku, handle, cell(r, variantImageAt), names, values(r), { unread, notes }));
    }
    return out;
  }

  async function* groups(): AsyncGenerator<CsvGroup> {
    let handle: string | undefined;
    let held: FileRow[] = [];
    const release = () => {
      const product = handle === undefined ? undefined : productRecords(handle, held);
      held = [];
      return product;
    };
    for await (const group of csv.groups) {
      if (group.unread) {
        yield group;
        continue;
      }
      const out: { records: string[][]; rows: number[] } = { records: [], rows: [] };
      read += group.records.length;
      group.records.forEach((cells, i) => {
        const r = { cells, row: group.rows?.[i] ?? group.firstRow + i };
        const rowHandle = cell(r, handleAt);
        // A row without a Handle is the product's before it, as Shopify's own importer reads it.
        if (handle === undefined || (rowHandle !== '' && rowHandle !== handle)) {
          const product = release();
          if (product) {
            out.records.push(...product.records);
            out.rows.push(...product.rows);
          }
          handle = rowHandle;
        }
        held.push(r);
      });
      if (out.records.length) yield { records: out.records, firstRow: out.rows[0]!, rows: out.rows };
    }
    const last = release();
    if (last?.records.length) yield { records: last.records, firstRow: last.rows[0]!, rows: last.rows };
  }

  return { csv: { format: csv.format, headers: [...csv.headers, ...bosunHeaders], groups: groups() }, mapping: adapted, recordsRead: () => read };
}
