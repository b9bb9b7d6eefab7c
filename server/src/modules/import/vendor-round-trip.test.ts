import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, IMPORT_MODES } from '@bosun/shared';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { createAdminTestApp, setupTestApp, sseEvents } from '../../test/test-app.js';

/**
 * Issue 19 point 7: the round trip of a whole shop of two vendors is exact. Export (both layouts),
 * import into an empty shop with auto-mapping only (its one vendor is the wizard's choice; the other
 * is created from the Vendor column), export again: the same file.
 */
const source = setupTestApp();

beforeAll(async () => {
  const db = source.database.db;
  const rigging = await insertVendor(db, 'Harbour Rigging');
  const deepwater = await insertVendor(db, 'Deepwater Supply');
  // The same vendor category names under both vendors: each vendor's tree is its own.
  const tree = async (vendor: number) => {
    const root = await insertCategory(db, { name: 'Rope', type: 'vendor', vendor_id: vendor });
    return insertCategory(db, { name: 'Braid', type: 'vendor', vendor_id: vendor, parent: root });
  };
  const riggingBraid = await tree(rigging);
  const deepwaterBraid = await tree(deepwater);
  const store = await insertCategory(db, { name: 'Ropes', type: 'store' });
  await insertProduct(db, { sku: 'TV-ROPE-10', name: 'Double braid 10 mm', stock: 40, list_price: 3.2, vendor_id: rigging, vendor_category_id: riggingBraid.id, store_category_id: store.id });
  await insertProduct(db, { sku: 'TV-ROPE-12', name: 'Double braid 12 mm', stock: 25, list_price: 4.1, vendor_id: deepwater, vendor_category_id: deepwaterBraid.id, store_category_id: store.id });
  await insertProduct(db, { sku: 'TV-PUMP-500', name: 'Bilge pump 500 GPH', stock: 12, list_price: 59, vendor_id: deepwater });
  const vest = await insertProduct(db, { sku: 'TV-VEST', name: 'Life jacket 150N', vendor_id: deepwater, vendor_category_id: deepwaterBraid.id });
  expect((await source.request('PUT', `/api/products/${vest}/attributes`, source.admin, { attributes: [{ name: 'Size', values: ['M', 'L'] }] })).statusCode).toBe(200);
  const generated = await source.request('POST', `/api/products/${vest}/variations/generate`, source.admin, { values: [['M', 'L']], sku_pattern: '{sku}-{Size}', list_price: 129, stock: 5 });
  expect(generated.statusCode, generated.body).toBe(200);
});

/** The header and rows of a CSV export; the ID column (each shop numbers its own rows) left out. */
const withoutIds = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').map((line) => (line.startsWith('ID,') || /^\d+,/.test(line) ? line.replace(/^[^,]*,/, '') : line));
const headersOf = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n')[0]!.match(/("([^"]|"")*"|[^,]+)/g)!.map((h) => h.replace(/^"|"$/g, '').replaceAll('""', '"'));

describe.each(['woocommerce', 'direct'])('a two-vendor shop through the %s layout', (layout) => {
  it.each(IMPORT_MODES)('comes back the same in %s mode, each product under its vendor', async (mode) => {
    const exported = (await source.request('GET', `/api/products/export?mode=${layout}`, source.admin)).body;
    const target = await createAdminTestApp();
    try {
      const chosen = await insertVendor(target.database.db, 'Harbour Rigging');
      const mapping = autoMapHeaders(headersOf(exported));
      expect(mapping.vendor).toBe(layout === 'direct' ? 'Vendor' : 'Meta: vendor');
      const fields = { fieldMapping: JSON.stringify(mapping), updateMode: 'false', selectedVendor: String(chosen), createVendors: 'true' };
      const dry = (await target.upload('/api/products/import/preview', target.admin, fields, { name: 'export.csv', content: exported })).json().dryRun;
      expect(dry).toMatchObject({ errorCount: 0, newVendors: [{ name: 'Deepwater Supply', rows: 3 }], otherVendor: { rows: 0 } });
      const res = await target.upload(`/api/products/import/${mode}`, target.admin, fields, { name: 'export.csv', content: exported });
      const complete = sseEvents(res.body).at(-1);
      expect(complete.errors).toEqual([]);
      expect(complete).toMatchObject({ type: 'complete', imported: 6, skipped: 0, errorCount: 0 });
      const again = (await target.request('GET', `/api/products/export?mode=${layout}`, target.admin)).body;
      expect(withoutIds(again)).toEqual(withoutIds(exported));
      const vendors = await target.database.db.selectFrom('vendors').select(['name', 'product_count', 'category_count']).orderBy('id').execute();
      expect(vendors.map((v) => [v.name, Number(v.product_count), Number(v.category_count)])).toEqual([['Harbour Rigging', 1, 2], ['Deepwater Supply', 3, 2]]);
    } finally {
      await target.close();
    }
  });
});
