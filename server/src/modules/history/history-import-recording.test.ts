import { describe, expect, it } from 'vitest';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp } from '../../test/test-app.js';

/** An import's writes are one recorded change in every mode, on both engines: created rows as created, updated ones with their changed fields only. */
const t = setupTestApp();
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

const MAPPING = { sku: 'SKU', name: 'Name', list_price: 'Price' };

describe.each(['ultra-fast', 'lightning', 'standard'])('an import in %s mode', (mode) => {
  it('records its created and updated products under one change with its run, who, and only the changed fields', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, `Vendor ${mode}`);
    const kept = await insertProduct(db, { sku: `${mode}-OLD`, name: 'Old cleat', list_price: 10, vendor_id: vendorId });
    const unattributed = () => db.selectFrom('product_changes').select('id').where('change_id', 'is', null).execute();
    // The fixture writes outside any change (as a path that forgot would): the import must not.
    const before = await unattributed();
    const csv = `SKU,Name,Price\n${mode}-OLD,Old cleat,12.5\n${mode}-NEW,New fender,30\n`;
    const res = await t.upload(`/api/products/import/${mode}`, t.admin, { fieldMapping: JSON.stringify(MAPPING), selectedVendor: String(vendorId), updateMode: 'true' }, { name: 'prices.csv', content: csv });
    expect(expectImportComplete(res).complete).toMatchObject({ imported: 1, updated: 1 });
    const run = await db.selectFrom('import_runs').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const change = await db.selectFrom('changes').selectAll().where('import_run_id', '=', run.id).executeTakeFirstOrThrow();
    expect(change).toMatchObject({ source: 'import', summary: 'prices.csv', user_id: expect.any(Number) });
    const entries = (await db.selectFrom('product_changes').selectAll().where('change_id', '=', change.id).orderBy('id').execute()).map((e) => ({ ...e, before: json(e.before), after: json(e.after) }));
    const created = await db.selectFrom('products').select('id').where('sku', '=', `${mode}-NEW`).executeTakeFirstOrThrow();
    expect(entries.map((e) => [e.product_id, e.action])).toEqual(expect.arrayContaining([[kept, 'updated'], [created.id, 'created']]));
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.action === 'updated')).toMatchObject({ before: { list_price: 10 }, after: { list_price: 12.5 } });
    expect(await unattributed()).toEqual(before);
  });
});
