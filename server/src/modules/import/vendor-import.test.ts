import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, IMPORT_MODES, type ImportMode } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { createAdminTestApp, expectImportComplete, productBySku, type AdminTestApp } from '../../test/test-app.js';

/**
 * Issue 19, points 2 and 7: one vendor's file never takes over another vendor's products, skipped
 * rows carry their reason, and a Vendor column files each row under its vendor.
 */

const TWO_VENDOR_SHOP = fs.readFileSync(new URL('../../test/files/two-vendor-shop.csv', import.meta.url), 'utf8');
const SKUS = ['TV-ROPE-10', 'TV-ROPE-12', 'TV-SHACKLE-6', 'TV-PUMP-1100', 'TV-PUMP-500', 'TV-VEST-M'];
const headersOf = (csv: string) => csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!.split(',');
/** The fixture as Bosun maps it by itself: 'Vendor' is the vendor's name. */
const SHOP_MAPPING = autoMapHeaders(headersOf(TWO_VENDOR_SHOP));
/** The same file without its Vendor column mapped: every row is the wizard's vendor's. */
const { vendor: _vendor, ...NO_VENDOR_MAPPING } = SHOP_MAPPING;

type Fields = { updateMode?: boolean; moveVendors?: string; createVendors?: string; vendor: number };
const fieldsOf = (mapping: Record<string, string>, o: Fields) => ({
  fieldMapping: JSON.stringify(mapping),
  updateMode: String(o.updateMode ?? false),
  selectedVendor: String(o.vendor),
  ...(o.moveVendors !== undefined ? { moveVendors: o.moveVendors } : {}),
  ...(o.createVendors !== undefined ? { createVendors: o.createVendors } : {}),
});
const upload = (t: AdminTestApp, url: string, csv: string, mapping: Record<string, string>, o: Fields) =>
  t.upload(url, t.admin, fieldsOf(mapping, o), { name: 'shop.csv', content: csv });
const importFile = async (t: AdminTestApp, mode: ImportMode, csv: string, mapping: Record<string, string>, o: Fields) =>
  expectImportComplete(await upload(t, `/api/products/import/${mode}`, csv, mapping, o)).complete;
const dryRun = async (t: AdminTestApp, csv: string, mapping: Record<string, string>, o: Fields) => {
  const res = await upload(t, '/api/products/import/preview', csv, mapping, o);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dryRun;
};
const vendorsOf = async (t: AdminTestApp) =>
  (await t.database.db.selectFrom('vendors').select(['name', 'product_count']).orderBy('name').execute()).map((v) => [v.name, Number(v.product_count)]);
const vendorNameOf = async (t: AdminTestApp, sku: string) => (await productBySku(t, sku))?.vendor_name;

describe.each(IMPORT_MODES)('vendors by column and by owner (%s)', (mode) => {
  let t: AdminTestApp;
  let fallback: number;
  beforeAll(async () => {
    t = await createAdminTestApp();
    fallback = await insertVendor(t.database.db, 'Chandlery Direct');
  });
  afterAll(async () => t?.close());

  it('reports the vendors a Vendor column names that do not exist, and creates them only with createVendors', async () => {
    const dry = await dryRun(t, TWO_VENDOR_SHOP, SHOP_MAPPING, { vendor: fallback });
    expect(dry.newVendors).toEqual([{ name: 'Harbour Rigging', rows: 3 }, { name: 'Deepwater Supply', rows: 3 }]);
    expect(dry).toMatchObject({ valid: 0, create: 0, errorCount: 6 });
    expect(dry.errors[0]).toEqual({ row: 2, column: 'Vendor', value: 'Harbour Rigging', reason: "vendor 'Harbour Rigging' does not exist" });

    const refused = await importFile(t, mode, TWO_VENDOR_SHOP, SHOP_MAPPING, { vendor: fallback });
    expect(refused).toMatchObject({ imported: 0, skipped: 0, errorCount: 6 });
    expect(refused.errors[3]).toBe("Row 5: Vendor: vendor 'Deepwater Supply' does not exist");
    expect(refused.errorRows[0]).toMatchObject({ row: 2, reason: "Row 2: Vendor: vendor 'Harbour Rigging' does not exist" });
    expect(await vendorsOf(t)).toEqual([['Chandlery Direct', 0]]);

    const confirmed = await dryRun(t, TWO_VENDOR_SHOP, SHOP_MAPPING, { vendor: fallback, createVendors: 'true' });
    expect(confirmed).toMatchObject({ valid: 6, create: 6, errorCount: 0, otherVendor: { rows: 0, vendors: [] } });
    const created = await importFile(t, mode, TWO_VENDOR_SHOP, SHOP_MAPPING, { vendor: fallback, createVendors: 'true' });
    expect(created).toMatchObject({ imported: 6, skipped: 0, errorCount: 0 });
    expect(await vendorsOf(t)).toEqual([['Chandlery Direct', 0], ['Deepwater Supply', 3], ['Harbour Rigging', 3]]);
    expect(await vendorNameOf(t, 'TV-ROPE-10')).toBe('Harbour Rigging');
    expect(await vendorNameOf(t, 'TV-VEST-M')).toBe('Deepwater Supply');
    // Matched by name whatever the case and spaces: created once each.
    const again = TWO_VENDOR_SHOP.replaceAll('Harbour Rigging', ' harbour   RIGGING ');
    const updated = await importFile(t, mode, again, SHOP_MAPPING, { vendor: fallback, createVendors: 'true', updateMode: true });
    expect(updated).toMatchObject({ imported: 0, updated: 6, skipped: 0, errorCount: 0 });
    expect(await vendorsOf(t)).toEqual([['Chandlery Direct', 0], ['Deepwater Supply', 3], ['Harbour Rigging', 3]]);
  });

  it("skips another vendor's SKUs with their reason whether update mode is on or off, and moves them only with moveVendors", async () => {
    const other = await insertVendor(t.database.db, `Other ${mode}`);
    const reasons = (complete: { skippedRows: Array<{ row: number; reason: string; cells: string[] }> }) => complete.skippedRows.map((s) => [s.row, s.reason]);
    const owners = SKUS.map((_, i) => (i < 3 ? 'Harbour Rigging' : 'Deepwater Supply'));
    const expected = SKUS.map((sku, i) => [i + 2, `Row ${i + 2}: SKU ${sku} belongs to vendor '${owners[i]}'`]);

    const dry = await dryRun(t, TWO_VENDOR_SHOP, NO_VENDOR_MAPPING, { vendor: other, updateMode: true });
    expect(dry).toMatchObject({ valid: 6, create: 0, update: 0, skip: 6, errorCount: 0, otherVendor: { rows: 6, vendors: ['Deepwater Supply', 'Harbour Rigging'] } });
    for (const updateMode of [true, false]) {
      const complete = await importFile(t, mode, TWO_VENDOR_SHOP, NO_VENDOR_MAPPING, { vendor: other, updateMode });
      expect(complete).toMatchObject({ imported: 0, updated: 0, skipped: 6, errorCount: 0, errors: [] });
      expect(reasons(complete)).toEqual(expected);
      expect(complete.skippedRows[0].cells).toEqual(TWO_VENDOR_SHOP.split('\n')[1]!.split(','));
    }
    expect(await vendorsOf(t)).toContainEqual([`Other ${mode}`, 0]);
    expect(await vendorNameOf(t, 'TV-ROPE-10')).toBe('Harbour Rigging');

    // moveVendors without update mode: the stored SKUs are skipped as existing ones.
    const kept = await importFile(t, mode, TWO_VENDOR_SHOP, NO_VENDOR_MAPPING, { vendor: other, moveVendors: 'true' });
    expect(kept).toMatchObject({ updated: 0, skipped: 6 });
    expect(reasons(kept)[0]).toEqual([2, 'Row 2: SKU TV-ROPE-10 already exists (update mode is off)']);

    const moveDry = await dryRun(t, TWO_VENDOR_SHOP, NO_VENDOR_MAPPING, { vendor: other, updateMode: true, moveVendors: 'true' });
    expect(moveDry).toMatchObject({ update: 6, skip: 0, otherVendor: { rows: 6 } });
    const moved = await importFile(t, mode, TWO_VENDOR_SHOP, NO_VENDOR_MAPPING, { vendor: other, updateMode: true, moveVendors: 'true' });
    expect(moved).toMatchObject({ imported: 0, updated: 6, skipped: 0, errorCount: 0, skippedRows: [] });
    expect(await vendorNameOf(t, 'TV-PUMP-500')).toBe(`Other ${mode}`);
    expect(await vendorsOf(t)).toEqual([['Chandlery Direct', 0], ['Deepwater Supply', 0], ['Harbour Rigging', 0], [`Other ${mode}`, 6]]);
  });

  it('gives an existing SKU skipped without update mode its reason in the complete event', async () => {
    const owner = await insertVendor(t.database.db, `Owner ${mode}`);
    const csv = `SKU,Name\nOWN-${mode}-1,One\nOWN-${mode}-2,Two\n`;
    await importFile(t, mode, csv, { sku: 'SKU', name: 'Name' }, { vendor: owner });
    const complete = await importFile(t, mode, `${csv}OWN-${mode}-3,Three\n`, { sku: 'SKU', name: 'Name' }, { vendor: owner });
    expect(complete).toMatchObject({ imported: 1, skipped: 2, errorCount: 0 });
    expect(complete.skippedRows).toEqual([
      { row: 2, cells: [`OWN-${mode}-1`, 'One'], reason: `Row 2: SKU OWN-${mode}-1 already exists (update mode is off)` },
      { row: 3, cells: [`OWN-${mode}-2`, 'Two'], reason: `Row 3: SKU OWN-${mode}-2 already exists (update mode is off)` },
    ]);
    const run = (await t.request('GET', '/api/imports', t.admin)).json().imports[0];
    expect(run).toMatchObject({ created: 1, skipped: 2, errorCount: 0 });
  });

  it("files each row's vendor categories under that row's vendor, one root per vendor", async () => {
    const csv = [
      'SKU,Name,Vendor,Vendor Category,Vendor Subcategory 1',
      `VC-${mode}-1,Rope A,Cat A ${mode},Rope,Braid`,
      `VC-${mode}-2,Rope B,Cat B ${mode},Rope,Braid`,
      `VC-${mode}-3,Rope C,,Rope,Braid`,
      `VC-${mode}-4,Rope A2,cat a ${mode},rope,BRAID`,
    ].join('\n');
    const mapping = autoMapHeaders(headersOf(csv));
    expect(mapping).toMatchObject({ vendor: 'Vendor', vendor_category: 'Vendor Category', vendor_subcategory_1: 'Vendor Subcategory 1' });
    const dry = await dryRun(t, csv, mapping, { vendor: fallback, createVendors: 'true' });
    expect(dry).toMatchObject({ create: 4, newCategories: 6, newVendors: [{ name: `Cat A ${mode}`, rows: 2 }, { name: `Cat B ${mode}`, rows: 1 }] });
    const complete = await importFile(t, mode, csv, mapping, { vendor: fallback, createVendors: 'true' });
    expect(complete).toMatchObject({ imported: 4, errorCount: 0 });
    const categories = await t.database.db
      .selectFrom('categories')
      .innerJoin('vendors', 'vendors.id', 'categories.vendor_id')
      .select(['categories.name', 'categories.level', 'vendors.name as vendor', 'categories.direct_product_count'])
      .where('categories.type', '=', 'vendor')
      .where('categories.name', 'in', ['Rope', 'Braid'])
      .execute();
    const rows = categories.map((c) => [c.vendor, c.name, c.level, Number(c.direct_product_count)] as const);
    expect(rows.sort((x, y) => x[0].localeCompare(y[0]) || x[2] - y[2])).toEqual([
      [`Cat A ${mode}`, 'Rope', 1, 0], [`Cat A ${mode}`, 'Braid', 2, 2],
      [`Cat B ${mode}`, 'Rope', 1, 0], [`Cat B ${mode}`, 'Braid', 2, 1],
      ['Chandlery Direct', 'Rope', 1, 0], ['Chandlery Direct', 'Braid', 2, 1],
    ]);
    for (const [sku, vendor] of [[`VC-${mode}-1`, `Cat A ${mode}`], [`VC-${mode}-2`, `Cat B ${mode}`], [`VC-${mode}-3`, 'Chandlery Direct'], [`VC-${mode}-4`, `Cat A ${mode}`]]) {
      expect(await productBySku(t, sku!)).toMatchObject({ vendor_name: vendor, vendor_category_path: 'Rope > Braid' });
    }
  });

  it('decides a variation by its parent: a parent of another vendor keeps its variations unless the file may move it', async () => {
    const a = await insertVendor(t.database.db, `Parent owner ${mode}`);
    const b = await insertVendor(t.database.db, `Newcomer ${mode}`);
    const p = `VP-${mode}`;
    const mapping = { sku: 'SKU', name: 'Name', product_type: 'Type', parent_sku: 'Parent', attribute_1_name: 'Attribute 1 name', attribute_1_values: 'Attribute 1 value(s)', stock: 'Stock' };
    const parentRow = `${p},Vest,variable,,Size,"S, M",`;
    const variations = [`${p}-S,,variation,${p},Size,S,4`, `${p}-M,,variation,${p},Size,M,5`];
    const header = 'SKU,Name,Type,Parent,Attribute 1 name,Attribute 1 value(s),Stock';
    await importFile(t, mode, [header, parentRow, ...variations].join('\n'), mapping, { vendor: a });

    const onlyVariations = [header, ...variations.map((v) => v.replace(/,\d$/, ',9'))].join('\n');
    const dry = await dryRun(t, onlyVariations, mapping, { vendor: b, updateMode: true });
    expect(dry).toMatchObject({ update: 0, skip: 2, otherVendor: { rows: 2, vendors: [`Parent owner ${mode}`] } });
    const refused = await importFile(t, mode, onlyVariations, mapping, { vendor: b, updateMode: true });
    expect(refused).toMatchObject({ updated: 0, skipped: 2, errorCount: 0 });
    expect(refused.skippedRows.map((s: { reason: string }) => s.reason)).toEqual([
      `Row 2: SKU ${p} belongs to vendor 'Parent owner ${mode}'`, `Row 3: SKU ${p} belongs to vendor 'Parent owner ${mode}'`,
    ]);
    expect((await productBySku(t, p)).stock).toBe(9);

    // The whole product with moveVendors: the parent moves and its variations follow it.
    const whole = [header, parentRow, ...variations.map((v) => v.replace(/,\d$/, ',7'))].join('\n');
    const moved = await importFile(t, mode, whole, mapping, { vendor: b, updateMode: true, moveVendors: 'true' });
    expect(moved).toMatchObject({ updated: 3, skipped: 0, errorCount: 0 });
    expect(await productBySku(t, p)).toMatchObject({ vendor_name: `Newcomer ${mode}`, stock: 14 });
  });
});

describe('the vendor options of the import request', () => {
  let t: AdminTestApp;
  let vendor: number;
  beforeAll(async () => {
    t = await createAdminTestApp();
    vendor = await insertVendor(t.database.db, 'Chandlery Direct');
  });
  afterAll(async () => t?.close());

  it('refuses a value that is not a boolean with 400 naming the field, on the preview and the import', async () => {
    for (const url of ['/api/products/import/preview', '/api/products/import/standard']) {
      const move = await upload(t, url, TWO_VENDOR_SHOP, SHOP_MAPPING, { vendor, moveVendors: 'maybe' });
      expect(move.statusCode, move.body).toBe(400);
      expect(move.json().details.fields).toEqual({ moveVendors: "must be 'true' or 'false'" });
      const create = await upload(t, url, TWO_VENDOR_SHOP, SHOP_MAPPING, { vendor, createVendors: 'yes' });
      expect(create.statusCode, create.body).toBe(400);
      expect(create.json().message).toContain('createVendors');
    }
    expect(await vendorsOf(t)).toEqual([['Chandlery Direct', 0]]);
  });

  it('needs a token and the products permission', async () => {
    const fields = fieldsOf(SHOP_MAPPING, { vendor, createVendors: 'true', moveVendors: 'true' });
    const file = { name: 'shop.csv', content: TWO_VENDOR_SHOP };
    expect((await t.upload('/api/products/import/ultra-fast', '', fields, file)).statusCode).toBe(401);
    const clerk = await t.registerWithout('vendor-clerk', t.admin, 'products');
    expect((await t.upload('/api/products/import/ultra-fast', clerk.token, fields, file)).statusCode).toBe(403);
    expect((await t.upload('/api/products/import/preview', clerk.token, fields, file)).statusCode).toBe(403);
    expect(await vendorsOf(t)).toEqual([['Chandlery Direct', 0]]);
  });
});
