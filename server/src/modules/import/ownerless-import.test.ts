import { describe, expect, it } from 'vitest';
import { IMPORT_MODES, IMPORT_ROW_WARNINGS, type ImportMode } from '@bosun/shared';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, productBySku, setupTestApp, type AdminTestApp } from '../../test/test-app.js';

/**
 * Issue 19, point 2: a product stored with no vendor belongs to nobody, so a vendor's file may
 * update it (and so gives it its vendor), but never silently: the row says so, in the dry run and
 * in the results. A variation's vendor is its parent's: its own empty vendor says nothing.
 */

const MAPPING = { sku: 'SKU', name: 'Name', product_type: 'Type', parent_sku: 'Parent', attribute_1_name: 'Attribute 1 name', attribute_1_values: 'Attribute 1 value(s)', stock: 'Stock' };
const CSV = [
  'SKU,Name,Type,Parent,Attribute 1 name,Attribute 1 value(s),Stock',
  'NOV-1,Loose line,simple,,,,3',
  'NOV-P,Vest,variable,,Size,"S, M",',
  'NOV-P-S,,variation,NOV-P,Size,S,4',
  'OWN-1,Owned,simple,,,,2',
  'NEW-1,New,simple,,,,1',
].join('\n');

const upload = (t: AdminTestApp, url: string, vendor: number) =>
  t.upload(url, t.admin, { fieldMapping: JSON.stringify(MAPPING), updateMode: 'true', selectedVendor: String(vendor) }, { name: 'ownerless.csv', content: CSV });

describe.each(IMPORT_MODES)('products stored with no vendor (%s)', (mode: ImportMode) => {
  const t = setupTestApp();

  it("gives them the file's vendor with a warning on the row, in the dry run and the results", async () => {
    const db = t.database.db;
    const owner = await insertVendor(db, 'Vendor A');
    const vendorB = await insertVendor(db, 'Vendor B');
    await insertProduct(db, { sku: 'NOV-1', vendor_id: null });
    await insertProduct(db, { sku: 'OWN-1', vendor_id: owner });
    const parent = await insertProduct(db, { sku: 'NOV-P', kind: 'variable', vendor_id: null, stock: null });
    await db.insertInto('product_attributes').values({ product_id: parent, position: 1, name: 'Size', value_list: JSON.stringify(['S', 'M']) }).execute();
    await insertProduct(db, { sku: 'NOV-P-S', kind: 'variation', parent_id: parent, option1: 'S', vendor_id: null });

    const warning = (row: number, sku: string) => ({ row, column: '', value: sku, reason: IMPORT_ROW_WARNINGS.ownerlessTaken(sku, 'Vendor B') });
    const dry = (await upload(t, '/api/products/import/preview', vendorB)).json().dryRun;
    expect(dry).toMatchObject({ create: 1, update: 3, skip: 1, errorCount: 0, warningCount: 2, warnings: [warning(2, 'NOV-1'), warning(3, 'NOV-P')] });

    const { complete } = expectImportComplete(await upload(t, `/api/products/import/${mode}`, vendorB));
    expect(complete).toMatchObject({ imported: 1, updated: 3, skipped: 1, errorCount: 0, warningCount: 2 });
    expect(complete.warnings).toEqual(["Row 2: SKU NOV-1 had no vendor; it is now Vendor B's", "Row 3: SKU NOV-P had no vendor; it is now Vendor B's"]);
    expect(complete.warningRows.map((w: { row: number; reasons: string[] }) => [w.row, w.reasons])).toEqual([
      [2, ["Row 2: SKU NOV-1 had no vendor; it is now Vendor B's"]],
      [3, ["Row 3: SKU NOV-P had no vendor; it is now Vendor B's"]],
    ]);
    expect(complete.skippedRows.map((s: { reason: string }) => s.reason)).toEqual(["Row 5: SKU OWN-1 belongs to vendor 'Vendor A'"]);
    expect(await productBySku(t, 'NOV-1')).toMatchObject({ vendor_name: 'Vendor B', stock: 3 });
    expect(await productBySku(t, 'NOV-P')).toMatchObject({ vendor_name: 'Vendor B' });

    // Vendor B's now: the same file again says nothing of it.
    const again = expectImportComplete(await upload(t, `/api/products/import/${mode}`, vendorB)).complete;
    expect(again).toMatchObject({ updated: 4, skipped: 1, warningCount: 0 });
  });
});
