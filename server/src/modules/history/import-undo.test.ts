import { HISTORY_MESSAGES } from '@bosun/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp } from '../../test/test-app.js';
import { snapshotCatalogue } from './history-test-snapshot.js';

/**
 * Undo of an import in update mode that creates some products and changes others, in each mode:
 * the catalogue comes back exactly (every column of every product but the updated_at of the
 * products put back, which the undo writes now; attributes, tags, category and vendor counts).
 */
const t = setupTestApp();
let vendorId: number;

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Undo Supply');
});

const MAPPING = { sku: 'SKU', name: 'Name', list_price: 'Price', stock: 'Stock', brand: 'Brand', category_hierarchy: 'Categories', description: 'Description' };
const HEADER = 'SKU,Name,Price,Stock,Brand,Categories,Description';

const importCsv = async (csv: string, mode: string, updateMode: boolean) => {
  const fields = { fieldMapping: JSON.stringify(MAPPING), updateMode: String(updateMode), selectedVendor: String(vendorId) };
  return expectImportComplete(await t.upload(`/api/products/import/${mode}`, t.admin, fields, { name: 'prices.csv', content: csv })).complete;
};

const lastImportChange = async () => {
  const [change] = (await t.request('GET', '/api/changes?source=import&limit=1', t.admin)).json().changes;
  return change as { id: number; importRunId: number; created: number; updated: number; source: string };
};

describe.each(['ultra-fast', 'lightning', 'standard'])('undo of an import (%s)', (mode) => {
  it('deletes what it created and puts back what it changed, exactly', async () => {
    const p = mode.slice(0, 2).toUpperCase();
    await importCsv(
      `${HEADER}\n${p}-1,Shackle,10.50,4,Wichard,"Store:Deck > Shackles",<p>Old</p>\n${p}-2,Block,20,0,Harken,"Vendor:Rigging > Blocks",\n${p}-3,Cleat,3.99,7,,"Store:Deck",\n`,
      mode,
      false,
    );
    const db = t.database.db;
    const before = await snapshotCatalogue(db, { withoutUpdatedAt: true });
    const complete = await importCsv(
      `${HEADER}\n${p}-1,Shackle 8mm,12.00,4,Wichard,"Store:Deck > Shackles > Stainless",<p>New</p>\n${p}-2,Block,22.50,3,Ronstan,"Vendor:Rigging > Blocks",\n` +
        `${p}-NEW1,Winch,300,1,Lewmar,"Store:Winches",\n${p}-NEW2,Fender,15,10,,"Store:Deck > Fenders",\n`,
      mode,
      true,
    );
    expect(complete).toMatchObject({ imported: 2, updated: 2 });
    const change = await lastImportChange();
    expect(change).toMatchObject({ created: 2, updated: 2 });
    expect(change.importRunId).toEqual(expect.any(Number));

    const preview = (await t.request('GET', `/api/changes/${change.id}/undo`, t.admin)).json();
    expect(preview).toMatchObject({ toDelete: 2, toRevert: 2, toRecreate: 0, conflictCount: 0 });
    const res = await t.request('POST', `/api/changes/${change.id}/undo`, t.admin, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deleted: 2, reverted: 2, recreated: 0, skipped: 0, message: HISTORY_MESSAGES.undone(4) });

    const after = await snapshotCatalogue(db, { withoutUpdatedAt: true });
    // The categories the import created stay, empty.
    const known = new Set(before.categories.map((c) => c.id));
    expect(after.categories.filter((c) => !known.has(c.id)).every((c) => c.direct_product_count === 0)).toBe(true);
    expect({ ...after, categories: after.categories.filter((c) => known.has(c.id)) }).toEqual(before);
    const search = await t.request('GET', `/api/products?search=${p}-NEW`, t.admin);
    expect(search.json().pagination.total).toBe(0);
  });
});
