import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MODES, type ImportMode, type StockStatus } from '@bosun/shared';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp } from '../../test/test-app.js';

/**
 * Issue 19, point 1: a row whose stock status no cell gives, written over a stored product, takes
 * its status by the one rule (resolveStock) with the stored row, as the bulk edit does: a product on
 * backorder stays on backorder at 0, and a row with no quantity keeps the stored status.
 */
const t = setupTestApp();
let vendorId: number;
beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Stock Shop');
});
beforeEach(async () => {
  await t.database.db.deleteFrom('products').execute();
});

const store = async (products: Array<[sku: string, stock: number | null, status: StockStatus]>) => {
  for (const [sku, stock, stock_status] of products) await insertProduct(t.database.db, { sku, stock, stock_status, vendor_id: vendorId });
};
const runImport = async (mode: ImportMode, csv: string, mapping: Record<string, string>) =>
  expectImportComplete(
    await t.upload(`/api/products/import/${mode}`, t.admin, { fieldMapping: JSON.stringify(mapping), updateMode: 'true', selectedVendor: String(vendorId) }, { name: 'stock.csv', content: csv }),
  ).complete;
const stocks = async () =>
  Object.fromEntries((await t.database.db.selectFrom('products').select(['sku', 'stock', 'stock_status']).orderBy('sku').execute()).map((r) => [r.sku, [r.stock, r.stock_status]]));

describe.each(IMPORT_MODES)('a stock status no cell gives follows the stored product (%s)', (mode) => {
  it('keeps a backorder product on backorder at 0, and takes the status of the quantity otherwise', async () => {
    await store([['BO-0', 0, 'backorder'], ['BO-5', 0, 'backorder'], ['UNTRACKED', null, 'in_stock'], ['IN-3', 3, 'in_stock']]);
    const csv = ['SKU,Name,Stock', 'BO-0,Backorder at 0,0', 'BO-5,Backorder restocked,5', 'UNTRACKED,Counted now,5', 'IN-3,Sold out,0', 'NEW-0,New at 0,0'].join('\n');
    expect(await runImport(mode, csv, { sku: 'SKU', name: 'Name', stock: 'Stock' })).toMatchObject({ imported: 1, updated: 4, errorCount: 0 });
    expect(await stocks()).toEqual({
      'BO-0': [0, 'backorder'],
      'BO-5': [5, 'in_stock'],
      UNTRACKED: [5, 'in_stock'],
      'IN-3': [0, 'out_of_stock'],
      'NEW-0': [0, 'out_of_stock'],
    });
  });

  it('keeps the stored status where the row gives neither a quantity nor a status', async () => {
    await store([['BO-KEEP', 0, 'backorder'], ['IN-KEEP', 4, 'in_stock'], ['OUT-SET', 0, 'backorder']]);
    const csv = ['SKU,Name,Stock status', 'BO-KEEP,Kept,', 'IN-KEEP,Kept too,', 'OUT-SET,Given,outofstock'].join('\n');
    expect(await runImport(mode, csv, { sku: 'SKU', name: 'Name', stock_status: 'Stock status' })).toMatchObject({ updated: 3, errorCount: 0 });
    expect(await stocks()).toEqual({ 'BO-KEEP': [0, 'backorder'], 'IN-KEEP': [4, 'in_stock'], 'OUT-SET': [0, 'out_of_stock'] });
  });

  it('keeps the stored status beside the stored quantity when the row drops its bad Stock cell', async () => {
    await store([['BO-BAD', 0, 'backorder']]);
    const complete = await runImport(mode, 'SKU,Name,Stock\nBO-BAD,Bad count,lots', { sku: 'SKU', name: 'Name', stock: 'Stock' });
    expect(complete).toMatchObject({ updated: 1, errorCount: 0, warningCount: 1 });
    expect(await stocks()).toEqual({ 'BO-BAD': [0, 'backorder'] });
  });
});
