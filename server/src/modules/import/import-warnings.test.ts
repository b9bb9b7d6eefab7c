import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, productBySku, setupTestApp } from '../../test/test-app.js';

/**
 * Issue 19 points 3, 4 and 9: what an imported row loses is a warning on the row (a bad optional
 * value dropped, category paths not kept, sale dates), and types Bosun does not model are reported.
 */
const t = setupTestApp();
let vendorId: number;
beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Sample Goods');
});

const fixture = (name: string) => fs.readFileSync(new URL(`../../test/files/${name}`, import.meta.url), 'utf8');
const SHOPIFY = fixture('shopify-template-simple.csv');
const WOO = fixture('woocommerce-sample-products.csv');
const headersOf = (csv: string) => csv.split(/\r?\n/)[0]!.split(',').map((h) => h.replace(/^"|"$/g, ''));
const MODES = ['ultra-fast', 'lightning', 'standard'] as const;
const SHOPIFY_MAPPING = { handle: 'Handle', name: 'Title', sku: 'Variant SKU', gtin: 'Variant Barcode', list_price: 'Variant Price', stock: 'Variant Inventory Qty' };

type Options = { mode?: string; updateMode?: boolean; badOptionalValues?: string; token?: string };
const fieldsOf = (mapping: Record<string, string>, options: Options) => ({
  fieldMapping: JSON.stringify(mapping),
  updateMode: String(options.updateMode ?? false),
  selectedVendor: String(vendorId),
  ...(options.badOptionalValues !== undefined ? { badOptionalValues: options.badOptionalValues } : {}),
});
const preview = (csv: string, mapping: Record<string, string>, options: Options = {}) =>
  t.upload('/api/products/import/preview', options.token ?? t.admin, fieldsOf(mapping, options), { name: 'products.csv', content: csv });
const upload = (csv: string, mapping: Record<string, string>, options: Options = {}) =>
  t.upload(`/api/products/import/${options.mode ?? 'ultra-fast'}`, options.token ?? t.admin, fieldsOf(mapping, options), { name: 'products.csv', content: csv });
const runImport = async (csv: string, mapping: Record<string, string>, options: Options = {}) => (await expectImportComplete(await upload(csv, mapping, options))).complete;
const product = (sku: string) => productBySku(t, sku);
const clear = () => t.database.db.deleteFrom('products').execute();
const storedGtin = async (sku: string) => (await t.database.db.selectFrom('products').select('gtin').where('sku', '=', sku).executeTakeFirst())?.gtin;

const BAD_SHIRT = 'Row 2: Variant Barcode: GTIN: the check digit is wrong (dropped)';
const BAD_PANTS = 'Row 3: Variant Barcode: GTIN: the check digit is wrong (dropped)';

describe("a bad optional value (Shopify's template: two barcodes with a wrong check digit)", () => {
  for (const mode of MODES) {
    it(`is dropped with a warning by default and the rest of the row imported (${mode})`, async () => {
      await clear();
      const dry = (await preview(SHOPIFY, SHOPIFY_MAPPING)).json();
      expect(dry.dryRun).toMatchObject({ valid: 3, create: 3, errorCount: 0, warningCount: 2 });
      expect(dry.dryRun.warnings).toEqual([
        { row: 2, column: 'Variant Barcode', value: '7501234567891', reason: 'GTIN: the check digit is wrong (dropped)' },
        { row: 3, column: 'Variant Barcode', value: '123456789013', reason: 'GTIN: the check digit is wrong (dropped)' },
      ]);
      const complete = await runImport(SHOPIFY, SHOPIFY_MAPPING, { mode });
      expect(complete).toMatchObject({ imported: 3, errorCount: 0, warningCount: 2, warnings: [BAD_SHIRT, BAD_PANTS] });
      expect(complete.message).toContain('2 warnings');
      // The warnings file holds the rows as the file had them: the dropped barcode is kept there.
      const barcodeAt = headersOf(SHOPIFY).indexOf('Variant Barcode');
      expect(complete.warningRows.map((r: { row: number; cells: string[]; reasons: string[] }) => [r.row, r.cells.length, r.cells[barcodeAt], r.reasons])).toEqual([
        [2, headersOf(SHOPIFY).length, '7501234567891', [BAD_SHIRT]],
        [3, headersOf(SHOPIFY).length, '123456789013', [BAD_PANTS]],
      ]);
      expect(await product('example-shirt-s')).toMatchObject({ name: 'Example T-Shirt', list_price: 19.99, gtin: null });
      expect(await product('example-pants-m')).toMatchObject({ name: 'Example Pants', stock: 20, gtin: null });
      expect(await product('example-hat-l')).toMatchObject({ gtin: '036000291452' });
    });

    it(`fails the row with badOptionalValues 'fail' (${mode})`, async () => {
      await clear();
      const dry = (await preview(SHOPIFY, SHOPIFY_MAPPING, { badOptionalValues: 'fail' })).json();
      expect(dry.dryRun).toMatchObject({ valid: 1, create: 1, errorCount: 2, warningCount: 0, warnings: [] });
      const complete = await runImport(SHOPIFY, SHOPIFY_MAPPING, { mode, badOptionalValues: 'fail' });
      expect(complete).toMatchObject({ imported: 1, errorCount: 2, warningCount: 0, warnings: [], warningRows: [] });
      expect(complete.errors).toEqual(['Row 2: Variant Barcode: GTIN: the check digit is wrong', 'Row 3: Variant Barcode: GTIN: the check digit is wrong']);
      expect(await product('example-shirt-s')).toBeUndefined();
    });
  }

  for (const mode of MODES) {
    it(`keeps the stored value of a dropped column on an update, and drops to the form's default on a new product (${mode})`, async () => {
      await clear();
      const mapping = { sku: 'SKU', name: 'Name', gtin: 'Barcode', list_price: 'Price', visibility: 'Visibility' };
      await runImport('SKU,Name,Barcode,Price,Visibility\nK-1,Kept,036000291452,5.00,hidden\nK-2,Plain,036000291452,6.00,private\n', mapping, { mode });
      const csv = 'SKU,Name,Barcode,Price,Visibility\nK-1,Kept again,7501234567891,abc,hidden\nK-2,Plain again,,7.00,nowhere\nK-3,New,7501234567891,cheap,sideways\n';
      const dry = (await preview(csv, mapping, { updateMode: true })).json();
      expect(dry.dryRun).toMatchObject({ valid: 3, create: 1, update: 2, errorCount: 0, warningCount: 6 });
      const complete = await runImport(csv, mapping, { mode, updateMode: true });
      expect(complete).toMatchObject({ imported: 1, updated: 2, errorCount: 0, warningCount: 6 });
      expect(complete.warnings).toEqual([
        'Row 2: Barcode: GTIN: the check digit is wrong (dropped)',
        "Row 2: Price: 'abc' is not a number (dropped)",
        "Row 3: Visibility: 'nowhere' is not public, private or hidden (dropped)",
        'Row 4: Barcode: GTIN: the check digit is wrong (dropped)',
        "Row 4: Price: 'cheap' is not a number (dropped)",
        "Row 4: Visibility: 'sideways' is not public, private or hidden (dropped)",
      ]);
      // K-1: the good cells are written, the dropped barcode and price keep what was stored.
      expect(await product('K-1')).toMatchObject({ name: 'Kept again', list_price: 5, visibility: 'hidden' });
      expect(await storedGtin('K-1')).toBe('036000291452');
      // K-2 dropped only its visibility: its empty barcode clears the stored one, as an empty cell does.
      expect(await product('K-2')).toMatchObject({ name: 'Plain again', list_price: 7, visibility: 'private' });
      expect(await storedGtin('K-2')).toBeNull();
      // K-3 is new: what an empty cell gives.
      expect(await product('K-3')).toMatchObject({ name: 'New', list_price: null, visibility: 'public' });
      expect(await storedGtin('K-3')).toBeNull();
    });
  }

  it('reports no warning for a row it skips (update mode off)', async () => {
    await clear();
    const mapping = { sku: 'SKU', name: 'Name', gtin: 'Barcode' };
    await runImport('SKU,Name,Barcode\nS-1,Stored,036000291452\n', mapping);
    const csv = 'SKU,Name,Barcode\nS-1,Stored,7501234567891\nS-2,New,7501234567891\n';
    expect((await preview(csv, mapping)).json().dryRun).toMatchObject({ skip: 1, create: 1, warningCount: 1 });
    const complete = await runImport(csv, mapping);
    expect(complete).toMatchObject({ imported: 1, skipped: 1, warningCount: 1, warnings: ['Row 3: Barcode: GTIN: the check digit is wrong (dropped)'] });
    expect(await storedGtin('S-1')).toBe('036000291452');
  });

  it("keeps a variation's stored value when its row drops it", async () => {
    await clear();
    const mapping = { sku: 'SKU', name: 'Name', product_type: 'Type', parent_sku: 'Parent', attribute_1_name: 'Attribute 1 name', attribute_1_values: 'Attribute 1 value(s)', gtin: 'GTIN', list_price: 'Price' };
    const head = 'SKU,Name,Type,Parent,Attribute 1 name,Attribute 1 value(s),GTIN,Price\n';
    await runImport(`${head}V,Vest,variable,,Size,"S, M",,\nV-S,,variation,V,Size,S,036000291452,10\n`, mapping);
    const complete = await runImport(`${head}V-S,,variation,V,Size,S,7501234567891,12\n`, mapping, { updateMode: true });
    expect(complete).toMatchObject({ updated: 1, errorCount: 0, warningCount: 1 });
    const stored = await t.database.db.selectFrom('products').select(['gtin', 'list_price']).where('sku', '=', 'V-S').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ gtin: '036000291452' });
    expect(Number(stored.list_price)).toBe(12);
  });
});

describe("WooCommerce's sample data", () => {
  const HOODIE = "Row 3: Categories: several store categories: kept 'Clothing > Hoodies', not kept 'Music' (a product has one store category)";
  const BEANIE = "Row 4: Categories: several store categories: kept 'Clothing > Accessories', not kept 'Decor > Flags > Small' (a product has one store category)";
  const SALE = 'sale dates are not kept: the sale price applies now, with no end date';

  for (const mode of MODES) {
    it(`keeps the first category path with a warning, reports grouped and external rows and sale dates (${mode})`, async () => {
      await clear();
      const mapping = autoMapHeaders(headersOf(WOO));
      expect(mapping).toMatchObject({ category_hierarchy: 'Categories', special_price: 'Sale price', sale_price_starts: 'Date sale price starts', sale_price_ends: 'Date sale price ends', product_type: 'Type' });
      const dry = (await preview(WOO, mapping)).json();
      expect(dry.dryRun).toMatchObject({ valid: 6, create: 6, errorCount: 2, warningCount: 4 });
      expect(dry.dryRun.errors).toEqual([
        { row: 7, column: 'Type', value: 'grouped', reason: 'ignored: grouped products are not supported' },
        { row: 8, column: 'Type', value: 'external', reason: 'ignored: external products are not supported' },
      ]);
      // The dry run says which path is kept.
      expect(dry.dryRun.warnings.map((w: { row: number; column: string; reason: string }) => `Row ${w.row}: ${w.column}: ${w.reason}`)).toEqual([
        HOODIE, `Row 4: Date sale price starts: ${SALE}`, `Row 4: Date sale price ends: ${SALE}`, BEANIE,
      ]);
      expect(dry.previewRows[1]).toMatchObject({ rowNumber: 3, store_category_path: 'Store: Clothing > Hoodies' });

      const complete = await runImport(WOO, mapping, { mode });
      expect(complete).toMatchObject({ total: 8, imported: 6, errorCount: 2, warningCount: 4 });
      expect(complete.errors).toEqual(['Row 7: Type: ignored: grouped products are not supported', 'Row 8: Type: ignored: external products are not supported']);
      expect(complete.errorRows.map((r: { row: number; cells: string[] }) => [r.row, r.cells[2]])).toEqual([[7, 'woo-logo-collection'], [8, 'wp-pennant']]);
      expect(complete.warnings).toEqual([HOODIE, `Row 4: Date sale price starts: ${SALE}`, `Row 4: Date sale price ends: ${SALE}`, BEANIE]);
      expect(complete.warningRows.map((r: { row: number; reasons: string[] }) => [r.row, r.reasons.length])).toEqual([[3, 1], [4, 3]]);
      expect(await product('woo-hoodie-with-logo')).toMatchObject({ store_category_path: 'Clothing > Hoodies' });
      expect(await product('woo-beanie')).toMatchObject({ store_category_path: 'Clothing > Accessories', special_price: 18 });
      // A sale price without dates is no warning (Cap); a grouped or external row is never imported as something else.
      expect(await product('woo-cap')).toMatchObject({ special_price: 16 });
      expect(await product('woo-logo-collection')).toBeUndefined();
      expect(await product('wp-pennant')).toBeUndefined();
      const categories = await t.database.db.selectFrom('categories').select('name').where('type', '=', 'store').execute();
      expect(categories.map((c) => c.name)).not.toContain('Flags');
    });
  }

  it('keeps the deeper path of one branch without a warning (WooCommerce lists a category and its parent)', async () => {
    await clear();
    const mapping = { sku: 'SKU', name: 'Name', category_hierarchy: 'Categories' };
    const csv = 'SKU,Name,Categories\nD-1,Cleat,"Deck, Deck > Cleats, Music"\n';
    const dry = (await preview(csv, mapping)).json();
    expect(dry.dryRun.warnings.map((w: { reason: string }) => w.reason)).toEqual(["several store categories: kept 'Deck > Cleats', not kept 'Music' (a product has one store category)"]);
    await runImport(csv, mapping);
    expect(await product('D-1')).toMatchObject({ store_category_path: 'Deck > Cleats' });
  });

  it('reports a Shopify gift card as not supported', async () => {
    await clear();
    const csv = 'Handle,Title,Variant SKU,Variant Price,Gift Card\ncard,Gift card,card-25,25.00,TRUE\nmug,Mug,mug-1,9.00,FALSE\n';
    const complete = await runImport(csv, { handle: 'Handle', name: 'Title', sku: 'Variant SKU', list_price: 'Variant Price' });
    expect(complete).toMatchObject({ imported: 1, errorCount: 1 });
    expect(complete.errors[0]).toContain('ignored: gift cards are not supported');
    expect(await product('card-25')).toBeUndefined();
  });
});

describe('the badOptionalValues option', () => {
  it("is 'warn' or 'fail': anything else is a 400 naming the field, on the preview and the import", async () => {
    const mapping = { sku: 'SKU', name: 'Name' };
    for (const res of [await preview('SKU,Name\nA,B\n', mapping, { badOptionalValues: 'maybe' }), await upload('SKU,Name\nA,B\n', mapping, { badOptionalValues: 'maybe' })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("badOptionalValues: badOptionalValues must be 'warn' or 'fail'");
      expect(res.json().details).toEqual({ fields: { badOptionalValues: "badOptionalValues must be 'warn' or 'fail'" } });
    }
    expect((await preview('SKU,Name\nA,B\n', mapping, { badOptionalValues: '' })).statusCode).toBe(200);
  });

  it('needs a token and the products permission', async () => {
    const mapping = { sku: 'SKU', name: 'Name' };
    const m = await t.registerWithout('deckhand', t.admin, 'products');
    expect((await preview('SKU,Name\nA,B\n', mapping, { badOptionalValues: 'fail', token: m.token })).statusCode).toBe(403);
    expect((await upload('SKU,Name\nA,B\n', mapping, { badOptionalValues: 'fail', token: m.token })).statusCode).toBe(403);
    expect((await upload('SKU,Name\nA,B\n', mapping, { badOptionalValues: 'fail', token: '' })).statusCode).toBe(401);
  });
});
