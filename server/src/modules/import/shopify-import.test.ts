import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, IMPORT_ROW_WARNINGS } from '@bosun/shared';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp } from '../../test/test-app.js';
import { otherParentReason, ownProductReason } from './import-rules.js';
import { madeSkuTaken } from './shopify-skus.js';

/**
 * Shopify's product CSV as real exports write it (issues 18 and 19): variants without a SKU, a
 * product's first row read once, Status in place of an empty Published, option cells of a simple
 * product; and WooCommerce's attribute cells on a simple row. The dry run and all three modes.
 */
const t = setupTestApp();
let vendorId: number;
beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Harbor Supply');
});

const MODES = ['ultra-fast', 'lightning', 'standard'] as const;
const HEAD =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,' +
  'Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Barcode,Image Src,Variant Image,Status';
/** A Shopify row by its cells' names: the others empty. */
function row(cells: Partial<Record<string, string>>) {
  return HEAD.split(',').map((h) => {
    const v = cells[h] ?? '';
    return /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  }).join(',');
}
const file = (...rows: Array<Partial<Record<string, string>>>) => [HEAD, ...rows.map(row)].join('\n') + '\n';
const MAPPING = autoMapHeaders(HEAD.split(','));

const preview = async (csv: string, mapping: Record<string, string> = MAPPING) =>
  (await t.upload('/api/products/import/preview', t.admin, { fieldMapping: JSON.stringify(mapping) }, { name: 'products.csv', content: csv })).json().dryRun;
const runImport = async (csv: string, mode: string, options: { updateMode?: boolean; mapping?: Record<string, string> } = {}) =>
  expectImportComplete(
    await t.upload(
      `/api/products/import/${mode}`,
      t.admin,
      { fieldMapping: JSON.stringify(options.mapping ?? MAPPING), updateMode: String(options.updateMode ?? false), selectedVendor: String(vendorId) },
      { name: 'products.csv', content: csv },
    ),
  ).complete;
const stored = (...skus: string[]) =>
  t.database.db.selectFrom('products').select(['id', 'sku', 'kind', 'published', 'option1', 'option2', 'list_price', 'parent_id', 'gtin', 'weight']).where('sku', 'in', skus).orderBy('sku').execute();

describe("Shopify's variants without a 'Variant SKU'", () => {
  it('get a SKU made from the Handle and option values (a simple product its Handle), said on the row; importing again updates them', async () => {
    for (const mode of MODES) {
      const jacket = `life-jacket-${mode}`;
      const csv = file(
        { Handle: jacket, Title: 'Life jacket', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Option2 Name': 'Colour', 'Option2 Value': 'Red', 'Variant Price': '89.00', Published: 'TRUE' },
        { Handle: jacket, 'Option1 Value': 'L', 'Option2 Value': 'Navy Blue', 'Variant Price': '91.00' },
        { Handle: `hook-${mode}`, Title: 'Boat hook', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant Price': '34.00', Published: 'TRUE' },
      );
      const made = (sku: string, r: number, from: 'Handle' | 'Handle and option values' = 'Handle and option values') => ({ row: r, column: 'Variant SKU', value: '', reason: IMPORT_ROW_WARNINGS.madeSku(sku, from) });
      const warnings = [made(`${jacket}-s-red`, 2), made(`${jacket}-l-navy-blue`, 3), made(`hook-${mode}`, 4, 'Handle')];
      expect(await preview(csv)).toMatchObject({ valid: 4, errorCount: 0, warningCount: 3, warnings, variants: { variations: 2, parents: 1 } });
      const complete = await runImport(csv, mode);
      expect(complete).toMatchObject({ imported: 4, errorCount: 0, warningCount: 3, warnings: warnings.map((w) => `Row ${w.row}: Variant SKU: ${w.reason}`) });
      const [parent] = await stored(jacket);
      expect(await stored(`${jacket}-s-red`, `${jacket}-l-navy-blue`, `hook-${mode}`)).toMatchObject([
        { sku: `hook-${mode}`, kind: 'simple', list_price: 34 },
        { sku: `${jacket}-l-navy-blue`, kind: 'variation', option1: 'L', option2: 'Navy Blue', list_price: 91, parent_id: parent!.id },
        { sku: `${jacket}-s-red`, kind: 'variation', option1: 'S', option2: 'Red', list_price: 89, parent_id: parent!.id },
      ]);
      const again = await runImport(csv.replace('91.00', '95.00'), mode, { updateMode: true });
      expect(again).toMatchObject({ imported: 0, updated: 4, errorCount: 0 });
      expect(await stored(`${jacket}-l-navy-blue`)).toMatchObject([{ list_price: 95 }]);
      const count = await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('sku', 'like', `${jacket}%`).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(3);
    }
  });

  it("are a row error, in the dry run too, when the SKU made is another variant's of the product, a product of its own or another product's variation: never an update of it", async () => {
    for (const mode of MODES) {
      const cleat = `cleat-${mode}`;
      await insertProduct(t.database.db, { sku: `${cleat}-12-cm`, name: 'Someone else' });
      const other = await insertProduct(t.database.db, { sku: `other-${mode}`, name: 'Other cleat', kind: 'variable' });
      await insertProduct(t.database.db, { sku: `${cleat}-14-cm`, name: '', kind: 'variation', parent_id: other, option1: '14 cm' });
      const csv = file(
        { Handle: cleat, Title: 'Cleat', 'Option1 Name': 'Size', 'Option1 Value': '10 cm', 'Variant SKU': `${cleat}-8-cm`, 'Variant Price': '9.00' },
        { Handle: cleat, 'Option1 Value': '8 cm', 'Variant Price': '8.00' },
        { Handle: cleat, 'Option1 Value': '12 cm', 'Variant Price': '12.00' },
        { Handle: cleat, 'Option1 Value': '14 cm', 'Variant Price': '14.00' },
      );
      const errors = [
        { row: 3, column: 'Variant SKU', value: `${cleat}-8-cm`, reason: madeSkuTaken(`${cleat}-8-cm`) },
        { row: 4, column: 'SKU', value: `${cleat}-12-cm`, reason: ownProductReason(`${cleat}-12-cm`) },
        { row: 5, column: 'SKU', value: `${cleat}-14-cm`, reason: otherParentReason(`${cleat}-14-cm`) },
      ];
      expect(await preview(csv)).toMatchObject({ errorCount: 3, errors });
      const complete = await runImport(csv, mode, { updateMode: true });
      expect(complete).toMatchObject({ imported: 2, errorCount: 3 });
      expect(complete.errors).toEqual(errors.map((e) => `Row ${e.row}: ${e.column}: ${e.reason}`));
      expect(await stored(`${cleat}-8-cm`, `${cleat}-12-cm`, `${cleat}-14-cm`)).toMatchObject([
        { sku: `${cleat}-12-cm`, kind: 'simple', list_price: null },
        { sku: `${cleat}-14-cm`, kind: 'variation', option1: '14 cm', list_price: null },
        { sku: `${cleat}-8-cm`, kind: 'variation', option1: '10 cm', list_price: 9 },
      ]);
    }
  });
});

describe("a Shopify product's first row", () => {
  it('is read once: its warnings (the product’s Status, the variant’s barcode) are reported once', async () => {
    for (const mode of MODES) {
      const csv = file(
        { Handle: `fender-${mode}`, Title: 'Fender', Published: 'TRUE', Status: 'draft', 'Option1 Name': 'Size', 'Option1 Value': 'M', 'Variant SKU': `FEN-${mode}-M`, 'Variant Barcode': '7501234567891', 'Variant Grams': '900' },
        { Handle: `fender-${mode}`, 'Option1 Value': 'L', 'Variant SKU': `FEN-${mode}-L`, 'Variant Grams': '1200' },
      );
      const warnings = [
        { row: 2, column: 'Status', value: 'draft', reason: IMPORT_ROW_WARNINGS.statusDisagrees('TRUE', 'draft') },
        { row: 2, column: 'Variant Barcode', value: '7501234567891', reason: expect.stringContaining('(dropped)') },
      ];
      const dry = await preview(csv);
      expect(dry).toMatchObject({ valid: 3, errorCount: 0, warningCount: 2 });
      expect(dry.warnings).toEqual(expect.arrayContaining(warnings));
      const complete = await runImport(csv, mode);
      expect(complete).toMatchObject({ imported: 3, errorCount: 0, warningCount: 2 });
      expect(complete.warningRows).toHaveLength(2);
      // Each record reads its part of the row; what is reported holds the whole row.
      for (const reported of complete.warningRows) expect(reported.cells.slice(0, 2)).toEqual([`fender-${mode}`, 'Fender']);
      expect(await stored(`fender-${mode}`, `FEN-${mode}-M`)).toMatchObject([
        { sku: `FEN-${mode}-M`, kind: 'variation', published: 1, weight: 0.9, gtin: null },
        { sku: `fender-${mode}`, kind: 'variable', published: 1, weight: null, gtin: null },
      ]);
    }
  });
});

describe("Shopify's Status beside an empty Published", () => {
  it('decides whether the product is published: draft and archived are not, active is; its variants stay enabled', async () => {
    for (const mode of MODES) {
      const p = `st-${mode}`;
      const csv = file(
        { Handle: `${p}-draft`, Title: 'Draft rope', Status: 'draft', 'Option1 Name': 'Length', 'Option1 Value': '25 m', 'Variant SKU': `${p}-D25` },
        { Handle: `${p}-draft`, 'Option1 Value': '50 m', 'Variant SKU': `${p}-D50` },
        { Handle: `${p}-archived`, Title: 'Old shackle', Status: 'archived', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant SKU': `${p}-A` },
        { Handle: `${p}-active`, Title: 'Cleat', Status: 'active', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant SKU': `${p}-ON` },
        { Handle: `${p}-both`, Title: 'Chain', Published: 'FALSE', Status: 'active', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant SKU': `${p}-B` },
      );
      expect(await preview(csv)).toMatchObject({ valid: 6, errorCount: 0, warningCount: 1, warnings: [{ row: 6, column: 'Status', reason: IMPORT_ROW_WARNINGS.statusDisagrees('FALSE', 'active') }] });
      expect(await runImport(csv, mode)).toMatchObject({ imported: 6, errorCount: 0, warningCount: 1 });
      expect((await stored(`${p}-draft`, `${p}-D25`, `${p}-D50`, `${p}-A`, `${p}-ON`, `${p}-B`)).map((r) => [r.sku, r.published])).toEqual([
        [`${p}-A`, 0], [`${p}-B`, 0], [`${p}-D25`, 1], [`${p}-D50`, 1], [`${p}-ON`, 1], [`${p}-draft`, 0],
      ]);
    }
  });
});

describe("a simple row's attribute cells", () => {
  it("are not read, and said on the row: WooCommerce's 'Attribute 1 name', Shopify's options other than 'Title / Default Title'", async () => {
    const wooMapping = { product_type: 'Type', sku: 'SKU', name: 'Name', attribute_1_name: 'Attribute 1 name', attribute_1_values: 'Attribute 1 value(s)', attribute_2_name: 'Attribute 2 name', attribute_2_values: 'Attribute 2 value(s)' };
    for (const mode of MODES) {
      const woo = `Type,SKU,Name,Attribute 1 name,Attribute 1 value(s),Attribute 2 name,Attribute 2 value(s)\nsimple,W-${mode},Anchor,Material,Galvanised steel,,\nsimple,W2-${mode},Chain,,,,\n`;
      const wooWarning = { row: 2, column: 'Attribute 1 name', value: 'Material: Galvanised steel', reason: IMPORT_ROW_WARNINGS.simpleAttributes };
      expect(await preview(woo, wooMapping)).toMatchObject({ valid: 2, errorCount: 0, warningCount: 1, warnings: [wooWarning] });
      expect(await runImport(woo, mode, { mapping: wooMapping })).toMatchObject({ imported: 2, errorCount: 0, warningCount: 1, warnings: [`Row 2: Attribute 1 name: ${IMPORT_ROW_WARNINGS.simpleAttributes}`] });

      const shopify = file(
        { Handle: `mooring-${mode}`, Title: 'Mooring line', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Option2 Name': 'Colour', 'Option2 Value': 'Blue', 'Variant SKU': `M-${mode}` },
        { Handle: `plain-${mode}`, Title: 'Plain', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant SKU': `P-${mode}` },
      );
      const shopifyWarning = { row: 2, column: 'Option2 Name', value: 'Colour: Blue', reason: IMPORT_ROW_WARNINGS.simpleAttributes };
      expect(await preview(shopify)).toMatchObject({ valid: 2, errorCount: 0, warningCount: 1, warnings: [shopifyWarning] });
      expect(await runImport(shopify, mode)).toMatchObject({ imported: 2, errorCount: 0, warningCount: 1 });
      expect(await stored(`W-${mode}`, `M-${mode}`)).toMatchObject([{ kind: 'simple', option1: null }, { kind: 'simple', option1: null }]);
    }
  });
});
