import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MODES, IMPORT_PROFILE_MESSAGES, type ImportMode, type ImportProfileRules } from '@bosun/shared';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp } from '../../test/test-app.js';

/**
 * Issue 22: a profile's rules as every import mode and the dry run apply them: 'Update only these
 * fields', 'Create new products' off, empty cells that keep or clear, and the missing-product rule
 * with its safety stop.
 */
const t = setupTestApp();
let vendorId: number;
let otherVendorId: number;
beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Feed Shop');
  otherVendorId = await insertVendor(t.database.db, 'Other Shop');
});
beforeEach(async () => {
  await t.database.db.deleteFrom('products').execute();
});

const rules = (over: Partial<ImportProfileRules> = {}): ImportProfileRules => ({
  updateFields: null,
  createNew: true,
  emptyCells: 'clear',
  missing: { action: 'leave', maxPercent: 20 },
  priceRules: null,
  ...over,
});
const MAPPING = { sku: 'SKU', name: 'Name', stock: 'Stock', list_price: 'Price', description: 'Description', brand: 'Brand' };
const fields = (over: Record<string, string>) => ({ fieldMapping: JSON.stringify(MAPPING), updateMode: 'true', selectedVendor: String(vendorId), ...over });
const runImport = async (mode: ImportMode, csv: string, over: Record<string, string>) =>
  expectImportComplete(await t.upload(`/api/products/import/${mode}`, t.admin, fields(over), { name: 'feed.csv', content: csv })).complete;
const preview = async (csv: string, over: Record<string, string>) => {
  const res = await t.upload('/api/products/import/preview', t.admin, fields(over), { name: 'feed.csv', content: csv });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dryRun;
};
const products = async () =>
  Object.fromEntries(
    (await t.database.db.selectFrom('products').select(['sku', 'name', 'stock', 'stock_status', 'list_price', 'description', 'brand', 'published']).orderBy('sku').execute()).map((r) => [
      r.sku,
      { name: r.name, stock: r.stock, status: r.stock_status, price: r.list_price === null ? null : Number(r.list_price), description: r.description, brand: r.brand, published: Number(r.published) },
    ]),
  );
const store = async (sku: string, over: Record<string, unknown> = {}) =>
  insertProduct(t.database.db, { sku, name: `Stored ${sku}`, stock: 5, list_price: 10, description: `About ${sku}`, brand: 'Harken', vendor_id: vendorId, ...over });

const HEADER = 'SKU,Name,Stock,Price,Description,Brand';

describe.each(IMPORT_MODES)('profile rules (%s)', (mode) => {
  it("updates only the checklist's fields of a stored product and writes every mapped field of a new one", async () => {
    await store('A');
    await store('B', { stock: 0, stock_status: 'out_of_stock' });
    const csv = [HEADER, 'A,Renamed in the file,7,12.50,New text,Other', 'B,Also renamed,3,10,,', 'NEW,Brand new,2,5,Fresh,Lewmar'].join('\n');
    const stockAndPrice = { rules: JSON.stringify(rules({ updateFields: ['stock', 'list_price'] })) };
    expect(await runImport(mode, csv, stockAndPrice)).toMatchObject({ imported: 1, updated: 2, errorCount: 0 });
    expect(await products()).toEqual({
      A: { name: 'Stored A', stock: 7, status: 'in_stock', price: 12.5, description: 'About A', brand: 'Harken', published: 1 },
      // Stock brings its status: the status follows the quantity by the one rule.
      B: { name: 'Stored B', stock: 3, status: 'in_stock', price: 10, description: 'About B', brand: 'Harken', published: 1 },
      NEW: { name: 'Brand new', stock: 2, status: 'in_stock', price: 5, description: 'Fresh', brand: 'Lewmar', published: 1 },
    });
  });

  it('skips a SKU not in the catalogue, with its reason, when the profile creates no new products', async () => {
    await store('A');
    const complete = await runImport(mode, [HEADER, 'A,Kept,1,10,About A,Harken', 'NEW,Not created,2,5,,'].join('\n'), { rules: JSON.stringify(rules({ createNew: false })) });
    expect(complete).toMatchObject({ imported: 0, updated: 1, skipped: 1 });
    expect(complete.skippedRows).toEqual([expect.objectContaining({ row: 3, reason: expect.stringContaining('SKU NEW is not in the catalogue, and this import creates no new products') })]);
    expect(Object.keys(await products())).toEqual(['A']);
  });

  it('keeps the current value of an empty cell when the profile says so, and clears it otherwise', async () => {
    await store('KEEP');
    await store('CLEAR');
    await runImport(mode, [HEADER, 'KEEP,Kept,,,,'].join('\n'), { rules: JSON.stringify(rules({ emptyCells: 'keep' })) });
    await runImport(mode, [HEADER, 'CLEAR,Cleared,,,,'].join('\n'), { rules: JSON.stringify(rules({ emptyCells: 'clear' })) });
    const after = await products();
    expect(after.KEEP).toEqual({ name: 'Kept', stock: 5, status: 'in_stock', price: 10, description: 'About KEEP', brand: 'Harken', published: 1 });
    // Cleared as an import without a profile does: an empty Stock is the form's default 0.
    expect(after.CLEAR).toMatchObject({ name: 'Cleared', price: null, description: null, brand: null });
  });
});

describe.each(IMPORT_MODES)('products missing from a full list (%s)', (mode) => {
  const fullList = (action: 'zero_stock' | 'disable' | 'leave', over: Record<string, string> = {}, maxPercent = 50) => ({
    rules: JSON.stringify(rules({ updateFields: ['stock'], missing: { action, maxPercent } })),
    fullList: 'true',
    ...over,
  });

  it("sets the vendor's products the file does not name to stock 0, and leaves other vendors' alone", async () => {
    for (const sku of ['M1', 'M2', 'M3']) await store(sku);
    await store('BACK', { stock: 0, stock_status: 'backorder' });
    await store('OTHER', { vendor_id: otherVendorId });
    const complete = await runImport(mode, [HEADER, 'M1,x,4,,,', 'M2,x,6,,,'].join('\n'), fullList('zero_stock'));
    expect(complete.missing).toMatchObject({ action: 'zero_stock', missing: 2, changed: 1, applied: true });
    const after = await products();
    expect([after.M1!.stock, after.M2!.stock, after.M3!.stock, after.M3!.status]).toEqual([4, 6, 0, 'out_of_stock']);
    // At 0 on backorder already: missing, unchanged (a product on backorder stays so at 0).
    expect([after.BACK!.stock, after.BACK!.status]).toEqual([0, 'backorder']);
    expect(after.OTHER!.stock).toBe(5);
  });

  it('disables them, and counts a row that failed as named by the file', async () => {
    for (const sku of ['D1', 'D2', 'D3']) await store(sku);
    const complete = await runImport(mode, [HEADER, 'D1,x,4,,,', 'D2,x,lots of,,,'].join('\n'), { ...fullList('disable'), badOptionalValues: 'fail' });
    expect(complete.errorCount).toBe(1);
    expect(complete.missing).toMatchObject({ missing: 1, changed: 1, applied: true });
    const after = await products();
    expect([after.D1!.published, after.D2!.published, after.D3!.published]).toEqual([1, 1, 0]);
  });

  it('stops above the share unless staff confirm it, and the dry run says so first', async () => {
    for (const sku of ['S1', 'S2', 'S3', 'S4']) await store(sku);
    const csv = [HEADER, 'S1,x,4,,,'].join('\n');
    const dryRun = await preview(csv, fullList('zero_stock', {}, 20));
    expect(dryRun.missing).toEqual({ action: 'zero_stock', vendorProducts: 4, missing: 3, changes: 3, percent: 75, maxPercent: 20, overLimit: true });

    const stopped = await runImport(mode, csv, fullList('zero_stock', {}, 20));
    expect(stopped.missing).toMatchObject({ applied: false, changed: 0 });
    expect(stopped.missing!.message).toContain('more than the profile\'s limit of 20%');
    expect((await products()).S2!.stock).toBe(5);

    const confirmed = await runImport(mode, csv, fullList('zero_stock', { confirmMissing: 'true' }, 20));
    expect(confirmed.missing).toMatchObject({ applied: true, changed: 3 });
    expect((await products()).S2!.stock).toBe(0);
  });

  it('does nothing to missing products unless the run is marked as the full list', async () => {
    await store('N1');
    await store('N2');
    const complete = await runImport(mode, [HEADER, 'N1,x,4,,,'].join('\n'), { ...fullList('zero_stock'), fullList: 'false' });
    expect(complete.missing).toBeUndefined();
    expect((await products()).N2!.stock).toBe(5);
  });

  it('records what the rule changed in the import\'s history, and the undo of the import puts it back', async () => {
    await store('U1');
    await store('U2');
    const complete = await runImport(mode, [HEADER, 'U1,x,9,,,'].join('\n'), fullList('zero_stock'));
    expect(complete.missing).toMatchObject({ changed: 1 });
    const run = (await t.request('GET', '/api/imports', t.admin)).json().imports[0];
    const undo = await t.request('POST', `/api/changes/${run.changeId}/undo`, t.admin, {});
    expect(undo.statusCode, undo.body).toBeLessThan(300);
    const after = await products();
    expect([after.U1!.stock, after.U2!.stock]).toEqual([5, 5]);
  });
});

describe('the dry run by the rules', () => {
  it('counts per field what the updates change, the unchanged rows and the largest price changes', async () => {
    await store('P1', { list_price: 10 });
    await store('P2', { list_price: 20, stock: 3 });
    await store('P3', { list_price: 30, stock: 5 });
    const csv = [HEADER, 'P1,Renamed,5,1000,,', 'P2,Renamed,3,22,,', 'P3,Renamed,5,30,,', 'P4,New,1,1,,'].join('\n');
    const dryRun = await preview(csv, { rules: JSON.stringify(rules({ updateFields: ['stock', 'list_price'] })) });
    expect(dryRun).toMatchObject({ create: 1, update: 3 });
    // The names differ, but are no field the profile updates.
    expect(dryRun.changes).toEqual({
      unchanged: 1,
      fields: { list_price: 2 },
      topPriceChanges: [
        { sku: 'P1', name: 'Renamed', field: 'list_price', from: 10, to: 1000 },
        { sku: 'P2', name: 'Renamed', field: 'list_price', from: 20, to: 22 },
      ],
    });
    const everyField = await preview(csv, {});
    expect(everyField.changes.fields).toMatchObject({ name: 3, list_price: 2, description: 3, brand: 3 });
  });

  it('counts a SKU not in the catalogue as skipped when the profile creates none', async () => {
    const dryRun = await preview([HEADER, 'Z1,New,1,1,,'].join('\n'), { rules: JSON.stringify(rules({ createNew: false })) });
    expect(dryRun).toMatchObject({ create: 0, skip: 1 });
  });
});

describe('the run by a saved profile', () => {
  it("goes by the profile's mapping and rules, records the profile with the run and marks it used", async () => {
    await store('R1');
    const profile = (
      await t.request('POST', '/api/import-profiles', t.admin, { name: 'Stock only', vendorId, mapping: { sku: 'Item', stock: 'Qty' }, updateFields: ['stock'], createNew: false })
    ).json().profile;
    const res = await t.upload('/api/products/import/ultra-fast', t.admin, { profileId: String(profile.id), selectedVendor: String(vendorId) }, { name: 'stock.csv', content: 'Item;Qty\nR1;42\nR9;1' });
    const complete = expectImportComplete(res).complete;
    expect(complete).toMatchObject({ updated: 1, skipped: 1, imported: 0 });
    expect((await products()).R1).toMatchObject({ stock: 42, name: 'Stored R1' });
    const run = (await t.request('GET', '/api/imports', t.admin)).json().imports[0];
    expect(run).toMatchObject({ profileId: profile.id, profileName: 'Stock only' });
    expect((await t.request('GET', `/api/import-profiles/${profile.id}`, t.admin)).json().profile.lastUsedAt).not.toBeNull();
    // A file with no name column cannot create products: the run must say it creates none.
    const creating = await t.upload('/api/products/import/ultra-fast', t.admin, { profileId: String(profile.id), selectedVendor: String(vendorId), rules: JSON.stringify(rules({ createNew: true })) }, { name: 'stock.csv', content: 'Item;Qty\nR1;43' });
    expect(creating.statusCode).toBe(400);
    expect(creating.json().details.fields.fieldMapping).toBe('Map both SKU and Product Name');
    expect((await products()).R1).toMatchObject({ stock: 42 });
  });

  it("reads the vendor's files by the profile's fixed delimiter and encoding, in the dry run and the import", async () => {
    const profile = async (name: string, format: Record<string, string>) =>
      (await t.request('POST', '/api/import-profiles', t.admin, { name, vendorId, mapping: { sku: 'Item', name: 'Title', stock: 'Qty' }, ...format })).json().profile;
    // A pipe-separated file: told from the file, '|' is no delimiter and the header one column.
    const piped = Buffer.from('Item|Title|Qty\nP1|Fender, white|4\nP2|Rope; 10 m|7\n');
    const pipes = await profile('Pipes', { delimiter: '|' });
    const told = await t.upload('/api/products/import/preview', t.admin, { selectedVendor: String(vendorId), fieldMapping: JSON.stringify({ sku: 'Item', name: 'Title' }) }, { name: 'piped.csv', content: piped });
    expect(told.statusCode).toBe(400);
    const byProfile = (id: number) => ({ profileId: String(id), selectedVendor: String(vendorId) });
    const dryRun = await t.upload('/api/products/import/preview', t.admin, byProfile(pipes.id), { name: 'piped.csv', content: piped });
    expect(dryRun.json().dryRun, dryRun.body).toMatchObject({ create: 2, errorCount: 0 });
    const imported = await t.upload('/api/products/import/ultra-fast', t.admin, byProfile(pipes.id), { name: 'piped.csv', content: piped });
    expect(expectImportComplete(imported).complete).toMatchObject({ imported: 2, errorCount: 0 });
    expect(await products()).toMatchObject({ P1: { name: 'Fender, white', stock: 4 }, P2: { name: 'Rope; 10 m', stock: 7 } });

    // A fixed encoding is the one read, even where the bytes would also read as UTF-8 ('ø' is two bytes there, 'Ã¸' in Windows-1252).
    const latin = await profile('Latin', { encoding: 'windows-1252', delimiter: ';' });
    const read = await t.upload('/api/products/import/standard', t.admin, byProfile(latin.id), { name: 'latin.csv', content: Buffer.from('Item;Title;Qty\nP3;Bøje;1\n') });
    expect(expectImportComplete(read).complete).toMatchObject({ imported: 1 });
    expect((await products()).P3).toMatchObject({ name: 'BÃ¸je' });
  });

  it("refuses another vendor's profile, an unknown one and bad rules, naming the field", async () => {
    const other = (await t.request('POST', '/api/import-profiles', t.admin, { name: 'Theirs', vendorId: otherVendorId, mapping: { sku: 'SKU', name: 'Name' } })).json().profile;
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ profileId: String(other.id) }, 'profileId', IMPORT_PROFILE_MESSAGES.vendorMismatch],
      [{ profileId: '99999' }, 'profileId', IMPORT_PROFILE_MESSAGES.notFound],
      [{ profileId: 'abc' }, 'profileId', 'profileId must be a number'],
      [{ rules: '{not json' }, 'rules', ''],
      [{ rules: JSON.stringify({ emptyCells: 'sometimes' }) }, 'rules.emptyCells', ''],
      [{ fullList: 'maybe' }, 'fullList', ''],
    ];
    for (const [over, field, message] of cases) {
      for (const url of ['/api/products/import/preview', '/api/products/import/ultra-fast']) {
        const res = await t.upload(url, t.admin, fields(over), { name: 'feed.csv', content: `${HEADER}\nX,x,1,1,,` });
        expect(res.statusCode, `${url} ${JSON.stringify(over)}`).toBe(400);
        const got = res.json().details.fields;
        expect(Object.keys(got), JSON.stringify(over)).toContain(field);
        if (message) expect(got[field]).toBe(message);
      }
    }
    expect(await products()).toEqual({});
  });
});
