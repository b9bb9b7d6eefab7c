import fs from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { autoMapHeaders, type PreviewRow } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, productBySku, setupTestApp } from '../../test/test-app.js';

/**
 * Shopify's templates imported with auto-mapping only, and weights and sizes converted from the
 * unit their column names or each row's unit column to the shop's units (issue 19, points 5 and 6).
 */
const t = setupTestApp();
let vendorId: number;
beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Chandlery Wholesale');
});
beforeEach(async () => {
  await t.database.db.deleteFrom('products').execute();
  await setUnits('kg', 'cm');
});

const file = (name: string) => fs.readFileSync(new URL(`../../test/files/${name}`, import.meta.url), 'utf8');
const headersOf = (csv: string) =>
  (csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).filter((c) => c !== '').map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
const setUnits = async (weight_unit: 'kg' | 'lb', dimension_unit: 'cm' | 'in') =>
  expect((await t.request('PUT', '/api/settings', t.admin, { weight_unit, dimension_unit })).statusCode).toBe(200);
/** fields: more form fields, e.g. badOptionalValues 'fail' (a bad value is then its row's error, not a warning). */
const preview = (csv: string, mapping: Record<string, string>, token = t.admin, fields: Record<string, string> = {}) =>
  t.upload('/api/products/import/preview', token, { fieldMapping: JSON.stringify(mapping), updateMode: 'false', ...fields }, { name: 'products.csv', content: csv });
const runImport = async (csv: string, mapping: Record<string, string>, mode = 'ultra-fast', fields: Record<string, string> = {}) =>
  expectImportComplete(
    await t.upload(
      `/api/products/import/${mode}`,
      t.admin,
      { fieldMapping: JSON.stringify(mapping), updateMode: 'false', selectedVendor: String(vendorId), ...fields },
      { name: 'products.csv', content: csv },
    ),
  );
const product = (sku: string) => productBySku(t, sku);

describe("Shopify's legacy template (shopify-template-simple.csv) with auto-mapping only", () => {
  const SHOPIFY = file('shopify-template-simple.csv');

  it('stores Variant Grams as grams in kg, Vendor as the brand, Published, and reports the bad barcodes by row', async () => {
    const mapping = autoMapHeaders(headersOf(SHOPIFY));
    expect(mapping).toMatchObject({ handle: 'Handle', name: 'Title', description: 'Body (HTML)', brand: 'Vendor', weight: 'Variant Grams', gtin: 'Variant Barcode' });
    expect(mapping).not.toHaveProperty('weight_unit'); // 'Variant Weight Unit' is only the unit the shop displays
    const { complete } = await runImport(SHOPIFY, mapping);
    // Two of the three barcodes have a wrong check digit: dropped with a warning each (badOptionalValues 'warn', the default).
    expect(complete).toMatchObject({ imported: 3, errorCount: 0, warningCount: 2 });
    expect(complete.warnings.map((e: string) => e.slice(0, 22))).toEqual(['Row 2: Variant Barcode', 'Row 3: Variant Barcode']);
    expect(await product('example-pants-m')).toMatchObject({ weight: 0.072, gtin: null });
    // 150 g (its Variant Weight Unit 'oz' is how Shopify shows it): 0.15 kg, never 150 kg nor 150 oz.
    expect(await product('example-hat-l')).toMatchObject({
      name: 'Example Hat', brand: 'Sunny', weight: 0.15, published: false, stock: 7, list_price: 15, vendor_cost: 6, gtin: '036000291452',
      description: '<p>Sun hat.</p>', store_category_path: 'Apparel & Accessories > Clothing Accessories',
    });
  });

  it('converts every row the same way: 72 g is 0.072 kg, and 0.1587 lb when the shop weighs in lb', async () => {
    // Without the barcode column, every row imports (a bad barcode is another point of the issue).
    const { gtin: _barcodes, ...mapping } = autoMapHeaders(headersOf(SHOPIFY));
    const { complete } = await runImport(SHOPIFY, mapping);
    expect(complete).toMatchObject({ imported: 3, errorCount: 0 });
    expect(await product('example-pants-m')).toMatchObject({ weight: 0.072, brand: 'Acme', published: true, market_price: null });
    expect(await product('example-shirt-s')).toMatchObject({ weight: 0.2, market_price: 24.99, meta_description: 'A great description of your products in 320 characters or less' });

    await t.database.db.deleteFrom('products').execute();
    await setUnits('lb', 'in');
    const dry = (await preview(SHOPIFY, mapping)).json();
    // Shopify's grams whatever unit Shopify displays the row in ('lb', 'g', 'oz'): shown as the file's grams and the stored lb.
    expect(dry.previewRows.map((r: PreviewRow) => [r.values.weight, r.converted?.weight])).toEqual([
      ['200', { from: 'grams', to: '0.4409 lb' }],
      ['72', { from: 'grams', to: '0.1587 lb' }],
      ['150', { from: 'grams', to: '0.3307 lb' }],
    ]);
    await runImport(SHOPIFY, mapping, 'standard');
    expect((await product('example-pants-m')).weight).toBe(0.1587);
    expect((await product('example-hat-l')).weight).toBe(0.3307);
  });

  it('reads the same grams in a copy without the Handle column, each row a product of its own', async () => {
    const { gtin: _barcodes, ...mapping } = autoMapHeaders(headersOf(SHOPIFY).filter((h) => h !== 'Handle'));
    expect(Object.keys(mapping).filter((k) => k.startsWith('attribute_'))).toEqual([]);
    const { complete } = await runImport(SHOPIFY, mapping);
    expect(complete).toMatchObject({ imported: 3, errorCount: 0 });
    expect(await product('example-pants-m')).toMatchObject({ kind: 'simple', name: 'Example Pants', weight: 0.072 });
  });
});

describe("Shopify's template since 2024 with auto-mapping only", () => {
  const CURRENT = [
    'Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Barcode,Option1 name,Option1 value,Price,Compare-at price,Cost per item,Inventory tracker,Inventory quantity,Continue selling when out of stock,Weight value (grams),Weight unit for display,Product image URL,Image alt text,Variant image URL,SEO title,SEO description,Google Shopping / Google product category,Google Shopping / Manufacturer part number (MPN)',
    'Mooring line,mooring-line,<p>Three-strand nylon.</p>,Marlow,Sporting Goods > Boating,Rope,"rope, mooring",TRUE,active,ML-12,4006381333931,Title,Default Title,24.50,29.00,11.00,shopify,9,deny,1250,kg,https://cdn.example.com/ml.jpg,Coiled line,,Mooring line 12 mm,Nylon mooring line,Sporting Goods > Boating,ML12-NY',
    'Deck brush,deck-brush,<p>Stiff bristles.</p>,Harbour Co,,Cleaning,,FALSE,draft,DB-1,,Title,Default Title,9.90,,4.00,shopify,0,continue,450,lb,,,,,,,',
  ].join('\n');

  it('imports Title, Vendor as brand, Weight value (grams) in kg, Published on online store, MPN and the SEO texts', async () => {
    const mapping = autoMapHeaders(headersOf(CURRENT));
    expect(mapping).toMatchObject({ handle: 'URL handle', name: 'Title', sku: 'SKU', weight: 'Weight value (grams)', published: 'Published on online store', mfn: 'Google Shopping / Manufacturer part number (MPN)' });
    const { complete } = await runImport(CURRENT, mapping);
    expect(complete.errors).toEqual([]);
    expect(complete).toMatchObject({ imported: 2, errorCount: 0 });
    expect(await product('ML-12')).toMatchObject({
      name: 'Mooring line', brand: 'Marlow', weight: 1.25, published: true, stock: 9, list_price: 24.5, market_price: 29, vendor_cost: 11,
      gtin: '4006381333931', mfn: 'ML12-NY', meta_title: 'Mooring line 12 mm', meta_description: 'Nylon mooring line', image_url: 'https://cdn.example.com/ml.jpg',
      description: '<p>Three-strand nylon.</p>', store_category_path: 'Sporting Goods > Boating',
    });
    expect(await product('DB-1')).toMatchObject({ brand: 'Harbour Co', weight: 0.45, published: false });
  });

  it("reads Status (active, draft, archived) as published in a file without 'Published on online store'", async () => {
    const csv = 'Title,URL handle,SKU,Status\nA,a,ST-1,active\nB,b,ST-2,draft\nC,c,ST-3,archived\nD,d,ST-4,paused\n';
    const mapping = autoMapHeaders(headersOf(csv));
    expect(mapping).toEqual({ name: 'Title', handle: 'URL handle', sku: 'SKU', published: 'Status' });
    const { complete } = await runImport(csv, mapping, 'ultra-fast', { badOptionalValues: 'fail' });
    expect(complete).toMatchObject({ imported: 3, errorCount: 1 });
    expect(complete.errors[0]).toMatch(/^Row 5: Status: 'paused' is not/);
    expect([(await product('ST-1')).published, (await product('ST-2')).published, (await product('ST-3')).published]).toEqual([true, false, false]);
  });
});

describe("Shopify's Published beside its Status", () => {
  it('reads Published and warns on each row whose Status disagrees, naming both, in the dry run and every mode', async () => {
    for (const mode of ['ultra-fast', 'lightning', 'standard']) {
      const p = `PS-${mode}`;
      const csv = `Title,Handle,Variant SKU,Published,Status\nA,${p}-a,${p}-1,TRUE,draft\nB,${p}-b,${p}-2,FALSE,active\nC,${p}-c,${p}-3,TRUE,active\nD,${p}-d,${p}-4,FALSE,\n`;
      const mapping = autoMapHeaders(headersOf(csv));
      expect(mapping).toMatchObject({ published: 'Published', status: 'Status' });
      const reasons = ["Status 'draft' does not agree with Published 'TRUE': Published is read, Status is not kept", "Status 'active' does not agree with Published 'FALSE': Published is read, Status is not kept"];
      // A disagreement drops nothing wrong: a warning even when bad values fail their row.
      const dry = (await preview(csv, mapping, t.admin, { badOptionalValues: 'fail' })).json();
      expect(dry.dryRun).toMatchObject({ valid: 4, errorCount: 0, warningCount: 2, warnings: [{ row: 2, column: 'Status', value: 'draft', reason: reasons[0] }, { row: 3, column: 'Status', value: 'active', reason: reasons[1] }] });
      const { complete } = await runImport(csv, mapping, mode);
      expect(complete).toMatchObject({ imported: 4, errorCount: 0, warningCount: 2, warnings: [`Row 2: Status: ${reasons[0]}`, `Row 3: Status: ${reasons[1]}`] });
      expect(await Promise.all([1, 2, 3, 4].map(async (n) => (await product(`${p}-${n}`)).published))).toEqual([true, false, true, false]);
    }
  });
});

describe('units from the column', () => {
  it("converts headers that name a unit in brackets or in words, as the preview shows ('.5 lb → 0.2268 kg')", async () => {
    const csv = [
      'SKU,Name,Weight (g),Length (mm),Width in inches,Height_m',
      'H-1,Bracketed grams,250,120,2,0.5',
    ].join('\n');
    const mapping = autoMapHeaders(headersOf(csv));
    expect(mapping).toEqual({ sku: 'SKU', name: 'Name', weight: 'Weight (g)', length: 'Length (mm)', width: 'Width in inches', height: 'Height_m' });
    const dry = (await preview(csv, mapping)).json();
    expect(dry.previewRows[0].converted).toEqual({
      weight: { from: 'g', to: '0.25 kg' }, length: { from: 'mm', to: '12 cm' }, width: { from: 'inches', to: '5.08 cm' }, height: { from: 'm', to: '50 cm' },
    });
    await runImport(csv, mapping);
    expect(await product('H-1')).toMatchObject({ weight: 0.25, length: 12, width: 5.08, height: 50 });

    const cases = [['Weight (oz)', '16', 'oz', 0.4536], ['Weight (lbs)', '.5', 'lbs', 0.2268], ['Weight in grams', '72', 'grams', 0.072], ['Weight grams', '1500', 'grams', 1.5], ['Weight_kg', '2', 'kg', 2]] as const;
    for (const [header, cell, unit, kg] of cases) {
      const one = `SKU,Name,${header}\nW-${cell},Weighed,${cell}\n`;
      const oneMapping = autoMapHeaders(headersOf(one));
      expect(oneMapping.weight).toBe(header);
      const shown = (await preview(one, oneMapping)).json().previewRows[0];
      // The '.5 lb → 0.23 kg': the preview shows '.5 lbs → 0.2268 kg'; a value in the shop's unit is shown as it is.
      expect([shown.values.weight, shown.converted?.weight]).toEqual([cell, unit === 'kg' ? undefined : { from: unit, to: `${kg} kg` }]);
      await runImport(one, oneMapping);
      expect((await product(`W-${cell}`)).weight).toBe(kg);
    }
  });

  it("converts row by row from a 'Weight Unit' and a 'Dimension Unit' column, an unknown unit being that row's error", async () => {
    const csv = [
      'SKU,Name,Weight,Weight Unit,Length,Width,Dimension Unit',
      'U-1,Grams,500,g,30,20,mm',
      'U-2,Pounds,2,lbs,12,6,in',
      'U-3,Kilos,1.5,KG,40,,cm',
      'U-4,Stones,3,stone,10,,cm',
      'U-5,No unit,4,,25,,',
      'U-6,Ounces,16,oz,2,,m',
      'U-7,Bad size unit,1,kg,5,,yards',
      'U-8,Unit but no weight,,furlong,,,',
    ].join('\n');
    const mapping = autoMapHeaders(headersOf(csv));
    expect(mapping).toEqual({ sku: 'SKU', name: 'Name', weight: 'Weight', weight_unit: 'Weight Unit', length: 'Length', width: 'Width', dimension_unit: 'Dimension Unit' });

    const fail = { badOptionalValues: 'fail' };
    const dry = (await preview(csv, mapping, t.admin, fail)).json();
    expect(dry.dryRun).toMatchObject({ valid: 6, errorCount: 2 });
    expect(dry.dryRun.errors).toEqual([
      { row: 5, column: 'Weight Unit', value: 'stone', reason: "'stone' is not a weight unit (kg, g, lb, oz)" },
      { row: 8, column: 'Dimension Unit', value: 'yards', reason: "'yards' is not a length unit (cm, mm, m, in)" },
    ]);
    expect(dry.previewRows.map((r: PreviewRow) => r.converted)).toEqual([
      { weight: { from: 'g', to: '0.5 kg' }, length: { from: 'mm', to: '3 cm' }, width: { from: 'mm', to: '2 cm' } },
      { weight: { from: 'lbs', to: '0.9072 kg' }, length: { from: 'in', to: '30.48 cm' }, width: { from: 'in', to: '15.24 cm' } },
      undefined,
      undefined,
      undefined,
    ]);

    for (const mode of ['ultra-fast', 'lightning', 'standard']) {
      await t.database.db.deleteFrom('products').execute();
      const { complete } = await runImport(csv, mapping, mode, fail);
      expect(complete).toMatchObject({ imported: 6, errorCount: 2 });
      expect(complete.errors).toEqual(["Row 5: Weight Unit: 'stone' is not a weight unit (kg, g, lb, oz)", "Row 8: Dimension Unit: 'yards' is not a length unit (cm, mm, m, in)"]);
      expect(await product('U-1')).toMatchObject({ weight: 0.5, length: 3, width: 2 });
      expect(await product('U-2')).toMatchObject({ weight: 0.9072, length: 30.48, width: 15.24 });
      expect(await product('U-3')).toMatchObject({ weight: 1.5, length: 40, width: null });
      // An empty unit cell: the value is in the shop's unit, as in a file without a unit column.
      expect(await product('U-5')).toMatchObject({ weight: 4, length: 25 });
      expect(await product('U-6')).toMatchObject({ weight: 0.4536, length: 200 });
      expect(await product('U-8')).toMatchObject({ weight: null });
    }
    // By default (badOptionalValues 'warn') an unknown unit drops the value it would convert, with a warning naming the unit column.
    await t.database.db.deleteFrom('products').execute();
    const { complete } = await runImport(csv, mapping);
    expect(complete).toMatchObject({ imported: 8, errorCount: 0, warningCount: 2 });
    expect(complete.warnings[0]).toBe("Row 5: Weight Unit: 'stone' is not a weight unit (kg, g, lb, oz) (dropped)");
    expect(await product('U-4')).toMatchObject({ weight: null, length: 10 });
  });

  it("drops a value whose header names a unit Bosun does not know ('Weight (stone)', 'Length in yards') with a warning, or fails its row, in the dry run and every mode", async () => {
    const stone = "the header's unit 'stone' is not a weight unit Bosun knows (kg, g, lb, oz)";
    const yards = "the header's unit 'yards' is not a length unit Bosun knows (cm, mm, m, in)";
    for (const mode of ['ultra-fast', 'lightning', 'standard']) {
      const p = `UU-${mode}`;
      const csv = `SKU,Name,Weight (stone),Length in yards,Width (cm)\n${p}-1,Anchor,2,3,40\n${p}-2,Chain,,,10\n`;
      const mapping = autoMapHeaders(headersOf(csv));
      expect(mapping).toEqual({ sku: 'SKU', name: 'Name', weight: 'Weight (stone)', length: 'Length in yards', width: 'Width (cm)' });
      const dry = (await preview(csv, mapping)).json();
      expect(dry.dryRun).toMatchObject({
        valid: 2, errorCount: 0, warningCount: 2,
        warnings: [{ row: 2, column: 'Weight (stone)', value: '2', reason: `${stone} (dropped)` }, { row: 2, column: 'Length in yards', value: '3', reason: `${yards} (dropped)` }],
      });
      const { complete } = await runImport(csv, mapping, mode);
      expect(complete).toMatchObject({ imported: 2, errorCount: 0, warningCount: 2, warnings: [`Row 2: Weight (stone): ${stone} (dropped)`, `Row 2: Length in yards: ${yards} (dropped)`] });
      // Never read as the shop's kg and cm: the values are not stored.
      expect(await product(`${p}-1`)).toMatchObject({ weight: null, length: null, width: 40 });

      const failed = (await runImport(csv.replaceAll(p, `${p}-F`), mapping, mode, { badOptionalValues: 'fail' })).complete;
      expect(failed).toMatchObject({ imported: 1, errorCount: 1, errors: [`Row 2: Weight (stone): ${stone}`] });
      expect(await product(`${p}-F-1`)).toBeUndefined();
    }
  });

  it("leaves OpenCart's 'Weight Class' and 'Length Class' unmapped and says nothing of a unit in them, in the dry run and the import", async () => {
    const csv = 'SKU,Name,Weight,Weight Class,Length,Length Class\nOC-1,Cleat,1.5,1,12,1\n';
    const mapping = autoMapHeaders(headersOf(csv));
    expect(mapping).toEqual({ sku: 'SKU', name: 'Name', weight: 'Weight', length: 'Length' });
    expect((await preview(csv, mapping)).json().dryRun).toMatchObject({ valid: 1, errorCount: 0, warningCount: 0 });
    // Mapped by hand, the column reads as a weight in the shop's unit: no unknown unit 'class' either.
    const byHand = { sku: 'SKU', name: 'Name', weight: 'Weight Class', length: 'Length Class' };
    expect((await preview(csv, byHand)).json().dryRun).toMatchObject({ valid: 1, errorCount: 0, warningCount: 0 });
    const { complete } = await runImport(csv, mapping);
    expect(complete).toMatchObject({ imported: 1, errorCount: 0, warningCount: 0 });
    expect(await product('OC-1')).toMatchObject({ weight: 1.5, length: 12 });
  });

  it('converts into the shop’s lb and in, and leaves values in the shop’s own unit as they are', async () => {
    await setUnits('lb', 'in');
    const csv = 'SKU,Name,Weight,Weight Unit,Length,Dimension Unit\nL-1,Kilo,1,kg,2.54,cm\nL-2,Pound,3,lb,7,in\n';
    const mapping = autoMapHeaders(headersOf(csv));
    const dry = (await preview(csv, mapping)).json();
    expect(dry.previewRows.map((r: PreviewRow) => r.converted)).toEqual([{ weight: { from: 'kg', to: '2.2046 lb' }, length: { from: 'cm', to: '1 in' } }, undefined]);
    await runImport(csv, mapping);
    expect(await product('L-1')).toMatchObject({ weight: 2.2046, length: 1 });
    expect(await product('L-2')).toMatchObject({ weight: 3, length: 7 });
  });

  it('refuses a unit column the file does not have, and needs a token and the products permission', async () => {
    const csv = 'SKU,Name,Weight\nA,B,1\n';
    const missing = await preview(csv, { sku: 'SKU', name: 'Name', weight: 'Weight', weight_unit: 'Weight Unit' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("The file has no column 'Weight Unit'");
    expect((await preview(csv, { sku: 'SKU', name: 'Name', weight_units: 'Weight' })).statusCode).toBe(400);
    expect((await preview(csv, { sku: 'SKU', name: 'Name', weight: 'Weight' }, '')).statusCode).toBe(401);
    const clerk = await t.registerWithout('deckhand', t.admin, 'products');
    expect((await preview(csv, { sku: 'SKU', name: 'Name', weight: 'Weight' }, clerk.token)).statusCode).toBe(403);
  });
});
