import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MODES, IMPORT_ROW_WARNINGS, type ImportMode, type PriceRules } from '@bosun/shared';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp } from '../../test/test-app.js';

/**
 * Issue 22: a profile's price rules. A list price from the vendor cost (the file's, else the
 * stored one) × factor + amount, rounded up to an ending, never under the floor of cost plus the
 * least margin, by cost band or store category; to rows without a list price, or to all.
 */
const t = setupTestApp();
let vendorId: number;
let sails: number;
let dinghies: number;
beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Priced Shop');
  const sailing = await insertCategory(t.database.db, { name: 'Sailing', type: 'store' });
  sails = sailing.id;
  dinghies = (await insertCategory(t.database.db, { name: 'Dinghy sails', type: 'store', parent: sailing })).id;
});
beforeEach(async () => {
  await t.database.db.deleteFrom('products').execute();
});

const priceRules = (over: Partial<PriceRules> = {}): PriceRules => ({
  applyTo: 'missing',
  ending: '99',
  minMarginPercent: 10,
  rules: [
    { factor: 3, amount: 0, storeCategoryId: sails, costFrom: null, costTo: null },
    { factor: 2, amount: 1, storeCategoryId: null, costFrom: 0, costTo: 100 },
  ],
  ...over,
});
const rulesField = (over: Partial<PriceRules> = {}, updateFields: string[] | null = null, emptyCells = 'clear') =>
  JSON.stringify({ updateFields, createNew: true, emptyCells, missing: { action: 'leave', maxPercent: 20 }, priceRules: priceRules(over) });
const upload = (url: string, csv: string, mapping: Record<string, string>, rules: string) =>
  t.upload(url, t.admin, { fieldMapping: JSON.stringify(mapping), updateMode: 'true', selectedVendor: String(vendorId), rules }, { name: 'prices.csv', content: csv });
const prices = async () =>
  Object.fromEntries((await t.database.db.selectFrom('products').select(['sku', 'list_price']).orderBy('sku').execute()).map((r) => [r.sku, r.list_price === null ? null : Number(r.list_price)]));

describe.each(IMPORT_MODES)('price rules (%s)', (mode: ImportMode) => {
  it("prices rows with no list price from the file's cost or the stored one it keeps, by category and band, and says which it could not", async () => {
    await insertProduct(t.database.db, { sku: 'STORED-COST', vendor_cost: 20, list_price: 1, vendor_id: vendorId });
    await insertProduct(t.database.db, { sku: 'IN-DINGHY', vendor_cost: 5, list_price: 1, vendor_id: vendorId, store_category_id: dinghies });
    await insertProduct(t.database.db, { sku: 'NO-COST', vendor_cost: null, list_price: 7, vendor_id: vendorId });
    const csv = ['SKU,Name,Cost,Stock', 'NEW,New,10,1', 'STORED-COST,Stored,,1', 'IN-DINGHY,Dinghy,,1', 'NO-COST,No cost,,1', 'DEAR,Too dear for a band,150,1'].join('\n');
    const res = await upload(`/api/products/import/${mode}`, csv, { sku: 'SKU', name: 'Name', vendor_cost: 'Cost', stock: 'Stock' }, rulesField({}, null, 'keep'));
    const complete = expectImportComplete(res).complete;
    expect(complete).toMatchObject({ imported: 2, updated: 3, errorCount: 0, pricedByRules: 3 });
    expect(await prices()).toEqual({
      NEW: 21.99, // 10 × 2 + 1, up to .99
      'STORED-COST': 41.99, // the stored cost 20, which the empty cell keeps
      'IN-DINGHY': 15.99, // 5 × 3 in a subcategory of Sailing
      'NO-COST': 7, // no cost: the stored price stays
      DEAR: null, // no rule fits: a new product gets none
    });
    expect(complete.warnings).toEqual(
      expect.arrayContaining([`Row 5: List price: ${IMPORT_ROW_WARNINGS.noCostToPrice}`, `Row 6: List price: ${IMPORT_ROW_WARNINGS.noPriceRuleFits(150)}`]),
    );
  });

  it('takes no stored cost where the empty cell clears it', async () => {
    await insertProduct(t.database.db, { sku: 'CLEARED', vendor_cost: 20, list_price: 3, vendor_id: vendorId });
    const complete = expectImportComplete(await upload(`/api/products/import/${mode}`, 'SKU,Name,Cost\nCLEARED,Cleared,', { sku: 'SKU', name: 'Name', vendor_cost: 'Cost' }, rulesField())).complete;
    expect(complete.warnings).toEqual([`Row 2: List price: ${IMPORT_ROW_WARNINGS.noCostToPrice}`]);
    expect(await prices()).toEqual({ CLEARED: 3 });
  });

  it("keeps the file's list price unless the rules apply always, and then never goes under the floor", async () => {
    const csv = ['SKU,Name,Cost,Price', 'GIVEN,Given,10,50', 'EMPTY,Empty,10,'].join('\n');
    const mapping = { sku: 'SKU', name: 'Name', vendor_cost: 'Cost', list_price: 'Price' };
    expectImportComplete(await upload(`/api/products/import/${mode}`, csv, mapping, rulesField()));
    expect(await prices()).toEqual({ GIVEN: 50, EMPTY: 21.99 });
    const always = rulesField({ applyTo: 'always', ending: 'none', minMarginPercent: 50, rules: [{ factor: 1.2, amount: 0, storeCategoryId: null, costFrom: null, costTo: null }] });
    expectImportComplete(await upload(`/api/products/import/${mode}`, csv, mapping, always));
    // 10 × 1.2 = 12 is under the floor of 10 + 50%.
    expect(await prices()).toEqual({ GIVEN: 15, EMPTY: 15 });
  });
});

describe('price rules in the dry run', () => {
  it('counts the rows the rules price and shows their price changes', async () => {
    await insertProduct(t.database.db, { sku: 'P1', vendor_cost: 10, list_price: 5, vendor_id: vendorId });
    const res = await upload('/api/products/import/preview', 'SKU,Name,Cost\nP1,One,10\nP2,Two,1', { sku: 'SKU', name: 'Name', vendor_cost: 'Cost' }, rulesField({}, ['list_price', 'vendor_cost']));
    expect(res.statusCode, res.body).toBe(200);
    const dryRun = res.json().dryRun;
    expect(dryRun.pricedByRules).toBe(2);
    expect(dryRun.changes).toEqual({ unchanged: 0, fields: { list_price: 1 }, topPriceChanges: [{ sku: 'P1', name: 'One', field: 'list_price', from: 5, to: 21.99 }] });
    expect(await prices()).toEqual({ P1: 5 });
  });

  it('refuses bad rules, naming the field', async () => {
    const bad = JSON.stringify({ priceRules: { ...priceRules(), rules: [{ factor: 0, amount: 0, storeCategoryId: null, costFrom: null, costTo: null }] } });
    const res = await upload('/api/products/import/preview', 'SKU,Name\nX,x', { sku: 'SKU', name: 'Name' }, bad);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields)[0]).toMatch(/^rules\.priceRules\.rules\.0\.factor/);
  });
});
