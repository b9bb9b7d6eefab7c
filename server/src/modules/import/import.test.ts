import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, IMPORT_FIELD_KEYS, IMPORT_MESSAGES, MAX_DESCRIPTION_CHARS, REPORT_ONLY_FIELD_KEYS, VARIANT_FIELD_KEYS } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, productBySku, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let vendorId: number;

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Harbor Supply');
});

const headersOf = (csv: string) => csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!.split(/[,;\t]/).map((h) => h.replace(/^"|"$/g, ''));

const preview = (csv: string | Buffer, mapping: Record<string, string>, fields: Record<string, string> = {}) =>
  t.upload('/api/products/import/preview', t.admin, { fieldMapping: JSON.stringify(mapping), ...fields }, { name: 'products.csv', content: csv });

async function runImport(
  csv: string | Buffer, mapping: Record<string, string>,
  options: { mode?: string; updateMode?: boolean; vendor?: number | null; token?: string; badOptionalValues?: 'warn' | 'fail' } = {},
) {
  const fields: Record<string, string> = { fieldMapping: JSON.stringify(mapping), updateMode: String(options.updateMode ?? false) };
  if (options.badOptionalValues) fields.badOptionalValues = options.badOptionalValues;
  if (options.vendor !== null) fields.selectedVendor = String(options.vendor ?? vendorId);
  return t.upload(`/api/products/import/${options.mode ?? 'ultra-fast'}`, options.token ?? t.admin, fields, { name: 'products.csv', content: csv });
}

const importOk = async (csv: string | Buffer, mapping: Record<string, string>, options: Parameters<typeof runImport>[2] = {}) => expectImportComplete(await runImport(csv, mapping, options));
const product = (sku: string) => productBySku(t, sku);
const BASIC = { sku: 'SKU', name: 'Name', list_price: 'Price', stock: 'Stock' };
// Bad optional values fail their row (the default drops them with a warning: import-warnings.test.ts).
const FAIL = { badOptionalValues: 'fail' } as const;

describe('import fields and template', () => {
  it('lists every field in groups, SKU and name required', async () => {
    const res = await t.request('GET', '/api/products/import/fields', t.admin);
    const fields = res.json().fields.flatMap((g: { fields: Array<{ key: string; required: boolean }> }) => g.fields);
    expect(fields.filter((f: { required: boolean }) => f.required).map((f: { key: string }) => f.key)).toEqual(['sku', 'name']);
    for (const key of ['image_url', 'vendor_subcategory_5', 'store_subcategory_5', 'category_hierarchy', 'google_category', 'visibility']) {
      expect(fields.map((f: { key: string }) => f.key)).toContain(key);
    }
  });

  it('offers a template that auto-maps completely and imports cleanly', async () => {
    const template = (await t.request('GET', '/api/products/import/template', t.admin)).body;
    const headers = headersOf(template);
    const mapping = autoMapHeaders(headers);
    expect(Object.values(mapping).sort()).toEqual([...headers].sort());
    // Every product field the import maps, each under its own column; the variation columns and the report-only ones (sale dates) are left out.
    expect(Object.keys(mapping).sort()).toEqual(IMPORT_FIELD_KEYS.filter((key) => !VARIANT_FIELD_KEYS.includes(key) && !REPORT_ONLY_FIELD_KEYS.includes(key)).sort());
    const dry = (await preview(template, mapping)).json();
    expect(dry.dryRun).toMatchObject({ valid: 2, create: 2, errorCount: 0 });
    expect(dry.previewRows.map((r: { vendor_category_path: string; store_category_path: string }) => [r.vendor_category_path, r.store_category_path])).toEqual([
      ['Vendor: Deck Hardware > Cleats > Horn Cleats > Stainless Steel > 8 Inch', 'Store: Deck & Hardware > Cleats & Chocks > Bow Cleats > Stainless > Up to 8 Inch'],
      ['Vendor: Plumbing > Bilge Pumps > Automatic > 12 V', 'Store: Plumbing > Pumps > Bilge Pumps > Automatic'],
    ]);
    const { complete } = await importOk(template, mapping);
    expect(complete).toMatchObject({ total: 2, imported: 2, errorCount: 0 });
    // The first row's categories five levels deep from the level columns, the second's from Category Hierarchy.
    expect(await product('HPM-CLEAT-8')).toMatchObject({
      name: 'Stainless Steel Bow Cleat 8"', list_price: 39.99, vendor_name: 'Harbor Supply', featured: false,
      vendor_category_path: 'Deck Hardware > Cleats > Horn Cleats > Stainless Steel > 8 Inch',
      store_category_path: 'Deck & Hardware > Cleats & Chocks > Bow Cleats > Stainless > Up to 8 Inch',
      image_url: 'https://example.com/images/cleat-8.jpg',
      images: ['https://example.com/images/cleat-8-side.jpg', 'https://example.com/images/cleat-8-pair.jpg'],
    });
    expect(await product('HPM-BILGE-1100')).toMatchObject({
      vendor_category_path: 'Plumbing > Bilge Pumps > Automatic > 12 V', store_category_path: 'Plumbing > Pumps > Bilge Pumps > Automatic',
      image_url: null, images: [], stock: 0, stock_status: 'backorder',
    });
  });

  it('reads a tree from Category Hierarchy when the row leaves its level columns empty, and from the levels when it fills them', async () => {
    const csv = ['SKU,Name,Store Category,Store Subcategory 1,Category Hierarchy', 'CH-1,Levels,Sails,Covers,Store:Galley > Stoves', 'CH-2,Hierarchy,,,Store:Galley > Stoves'].join('\n');
    const mapping = autoMapHeaders(csv.split('\n')[0]!.split(','));
    expect(mapping).toMatchObject({ store_category: 'Store Category', store_subcategory_1: 'Store Subcategory 1', category_hierarchy: 'Category Hierarchy' });
    await importOk(csv, mapping);
    expect(await product('CH-1')).toMatchObject({ store_category_path: 'Sails > Covers' });
    expect(await product('CH-2')).toMatchObject({ store_category_path: 'Galley > Stoves' });
  });
});

describe('reading what vendors send', () => {
  it('reads UTF-8 with BOM, semicolons, decimal commas, currency signs and yes/no', async () => {
    const csv = '\uFEFFSKU;Name;Price;Stock;Published\r\nM-1;Ancre "Delta";12,50;3;no\r\nM-2;Défense;$19.99;0;yes\r\n';
    const { complete } = await importOk(csv, { ...BASIC, published: 'Published' });
    expect(complete.imported).toBe(2);
    expect(await product('M-1')).toMatchObject({ name: 'Ancre "Delta"', list_price: 12.5, published: false });
    expect(await product('M-2')).toMatchObject({ name: 'Défense', list_price: 19.99, published: true });
  });

  it('reads Windows-1252, tabs, LF and quoted newlines', async () => {
    const csv = iconv.encode('SKU\tName\tPrice\tStock\nW-1\t"Hélice\nbronze"\t1.234,56\t2\n', 'win1252');
    const dry = (await preview(csv, BASIC)).json();
    expect(dry).toMatchObject({ encoding: 'windows-1252', delimiter: 'tab', totalRows: 1 });
    await importOk(csv, BASIC);
    expect(await product('W-1')).toMatchObject({ name: 'Hélice\nbronze', list_price: 1234.56 });
  });

  it('reports unreadable values with row, column and reason, and keeps the good rows', async () => {
    const csv = 'SKU,Name,Price,Stock\nE-1,Good,1.00,1\nE-2,Bad price,cheap,1\n,No sku,1,1\nE-4,Fraction stock,1,2.5\nE-5,Also good,2,0\n';
    const dry = (await preview(csv, BASIC, FAIL)).json();
    expect(dry.dryRun).toMatchObject({ valid: 2, errorCount: 3 });
    expect(dry.dryRun.errors).toEqual([
      { row: 3, column: 'Price', value: 'cheap', reason: "'cheap' is not a number" },
      { row: 4, column: 'SKU', value: '', reason: 'Name and SKU are required' },
      { row: 5, column: 'Stock', value: '2.5', reason: "'2.5' is not a whole number" },
    ]);
    const { complete } = await importOk(csv, BASIC, { mode: 'standard', ...FAIL });
    expect(complete).toMatchObject({ imported: 2, errorCount: 3 });
    expect(complete.errors[0]).toBe("Row 3: Price: 'cheap' is not a number");
    expect(complete.errorRows.map((r: { row: number; cells: string[] }) => [r.row, r.cells[0]])).toEqual([[3, 'E-2'], [4, ''], [5, 'E-4']]);
  });

  it('refuses a price or stock past the shared bounds as a row error naming column, row and bound; keeps the good rows', async () => {
    const csv = 'SKU,Name,Price,Stock\nN-1,Good,99999999.99,1000000000\nN-2,Huge price,99999999999,1\nN-3,Huge stock,1,1000000001\n';
    const dry = (await preview(csv, BASIC, FAIL)).json();
    expect(dry.dryRun).toMatchObject({ valid: 1, errorCount: 2 });
    expect(dry.dryRun.errors).toEqual([
      { row: 3, column: 'Price', value: '99999999999', reason: 'must be at most 99,999,999.99' },
      { row: 4, column: 'Stock', value: '1000000001', reason: 'must be at most 1,000,000,000' },
    ]);
    const { complete } = await importOk(csv, BASIC, { mode: 'standard', ...FAIL });
    expect(complete).toMatchObject({ imported: 1, errorCount: 2 });
    expect(await product('N-1')).toMatchObject({ list_price: 99999999.99, stock: 1_000_000_000 });
    expect(await product('N-2')).toBeUndefined();
  });

  it('refuses a description longer than the form allows as a row error, in every mode; keeps the good rows', async () => {
    const long = 'x'.repeat(MAX_DESCRIPTION_CHARS + 1);
    for (const mode of ['standard', 'lightning', 'ultra-fast'] as const) {
      const csv = `SKU,Name,Description\nD-${mode}-1,Fits,${'y'.repeat(MAX_DESCRIPTION_CHARS)}\nD-${mode}-2,Too long,${long}\n`;
      const { complete } = await importOk(csv, { sku: 'SKU', name: 'Name', description: 'Description' }, { mode, ...FAIL });
      expect(complete, mode).toMatchObject({ imported: 1, errorCount: 1 });
      expect(complete.errors[0], mode).toBe(`Row 3: Description: longer than ${MAX_DESCRIPTION_CHARS.toLocaleString('en-US')} characters`);
      const stored = await t.database.db.selectFrom('products').select(['sku', 'description']).where('sku', 'like', `D-${mode}-%`).execute();
      expect(stored.map((r) => [r.sku, r.description?.length]), mode).toEqual([[`D-${mode}-1`, MAX_DESCRIPTION_CHARS]]);
    }
  });

  it('undoes exactly the formula prefix an export adds', async () => {
    const csv = "SKU,Name,Brand\nF-1,'=SUM(A1),'''=kept\n";
    await importOk(csv, { sku: 'SKU', name: 'Name', brand: 'Brand' });
    expect(await product('F-1')).toMatchObject({ name: '=SUM(A1)', brand: "''=kept" });
  });
});

describe('update mode, duplicates and categories', () => {
  it('skips an existing SKU without update mode and updates only mapped columns with it', async () => {
    await importOk('SKU,Name,Price,Stock,Brand\nU-1,First,5,1,Lewmar\n', { ...BASIC, brand: 'Brand' });
    const skipped = await importOk('SKU,Name,Price,Stock\nU-1,Second,6,2\n', BASIC);
    expect(skipped.complete).toMatchObject({ skipped: 1, imported: 0, updated: 0 });
    expect((await product('U-1')).name).toBe('First');
    const updated = await importOk('SKU,Name,Price,Stock\nU-1,Second,6,2\n', BASIC, { updateMode: true });
    expect(updated.complete).toMatchObject({ updated: 1 });
    expect(await product('U-1')).toMatchObject({ name: 'Second', list_price: 6, stock: 2, brand: 'Lewmar' });
  });

  it('lets a later row of the same file update the earlier one', async () => {
    const { complete } = await importOk('SKU,Name,Price,Stock\nD-1,Early,1,1\nD-1,Late,2,2\n', BASIC);
    expect(complete).toMatchObject({ imported: 1, updated: 1 });
    expect((await product('D-1')).name).toBe('Late');
  });

  it('lets a later row update an earlier one in another batch, and skips a stored SKU in every batch', async () => {
    await importOk('SKU,Name,Price,Stock\nXB-OLD,Stored,1,1\n', BASIC);
    const rows = Array.from({ length: 1500 }, (_, i) => `XB-${i},Batch ${i},1,1`);
    rows.splice(3, 0, 'XB-OLD,Not me,1,1');
    rows.push('XB-5,Late five,2,2', 'XB-OLD,Not me either,1,1');
    const { complete } = await importOk(`SKU,Name,Price,Stock\n${rows.join('\n')}\n`, BASIC, { mode: 'lightning' });
    expect(complete).toMatchObject({ imported: 1500, updated: 1, skipped: 2, errorCount: 0 });
    const names = await t.database.db.selectFrom('products').select(['sku', 'name']).where('sku', 'in', ['XB-5', 'XB-OLD']).orderBy('sku').execute();
    expect(names).toEqual([{ sku: 'XB-5', name: 'Late five' }, { sku: 'XB-OLD', name: 'Stored' }]);
  });

  it('creates missing category paths once and reuses them by name across imports, ignoring case and spaces', async () => {
    const mapping = { ...BASIC, category_hierarchy: 'Categories' };
    await importOk('SKU,Name,Price,Stock,Categories\nC-1,One,1,1,"Vendor:Rigging > Blocks, Store:Sailing > Blocks"\n', mapping);
    await importOk('SKU,Name,Price,Stock,Categories\nC-2,Two,1,1,"vendor: rigging >  BLOCKS , Sailing>blocks > Ratchet"\n', mapping);
    const flat = (await t.request('GET', '/api/categories', t.admin)).json().flatCategories as Array<{ name: string; type: string; vendor_id: number | null }>;
    expect(flat.filter((c) => c.name.toLowerCase() === 'rigging')).toHaveLength(1);
    expect(flat.filter((c) => c.name.toLowerCase() === 'blocks' && c.type === 'store')).toHaveLength(1);
    expect(flat.find((c) => c.name === 'Rigging')).toMatchObject({ type: 'vendor', vendor_id: vendorId });
    expect(flat.find((c) => c.name === 'Sailing')).toMatchObject({ type: 'store', vendor_id: null });
    expect(await product('C-2')).toMatchObject({ vendor_category_path: 'Rigging > Blocks', store_category_path: 'Sailing > Blocks > Ratchet' });
  });

  it('creates no category for a row it skips, and the path of a row it updates', async () => {
    const mapping = { ...BASIC, category_hierarchy: 'Categories' };
    await importOk('SKU,Name,Price,Stock,Categories\nK-1,One,1,1,Store:Keep\n', mapping);
    const skippedFile = 'SKU,Name,Price,Stock,Categories\nK-1,One,1,1,Store:Keep > Skipped Child\n';
    // The dry run counts the categories the import will create: none for a row it skips, one with update mode.
    expect((await preview(skippedFile, mapping, { selectedVendor: String(vendorId) })).json().dryRun).toMatchObject({ skip: 1, newCategories: 0 });
    expect((await preview(skippedFile, mapping, { selectedVendor: String(vendorId), updateMode: 'true' })).json().dryRun).toMatchObject({ update: 1, newCategories: 1 });
    const skipped = await importOk(skippedFile, mapping);
    expect(skipped.complete).toMatchObject({ skipped: 1 });
    const names = async () => ((await t.request('GET', '/api/categories', t.admin)).json().flatCategories as Array<{ name: string }>).map((c) => c.name);
    expect(await names()).not.toContain('Skipped Child');
    await importOk('SKU,Name,Price,Stock,Categories\nK-1,One,1,1,Store:Keep > Updated Child\n', mapping, { updateMode: true });
    expect(await names()).toContain('Updated Child');
    expect(await product('K-1')).toMatchObject({ store_category_path: 'Keep > Updated Child' });
  });

  it('reuses the categories an earlier batch of the same import created, whatever their case', async () => {
    const mapping = { ...BASIC, category_hierarchy: 'Categories' };
    // Lightning writes 1,000 rows per batch: the paths come back in the second and third batches.
    const rows = Array.from({ length: 2500 }, (_, i) => {
      const path = i < 1000 ? 'Store:Deck > Cleats, Vendor:Hardware > Cleats' : i < 2000 ? 'store: DECK > cleats > Horn, vendor:HARDWARE' : 'Deck > Cleats > horn';
      return `BT-${i},Batch ${i},1,1,"${path}"`;
    });
    const { complete } = await importOk(`SKU,Name,Price,Stock,Categories\n${rows.join('\n')}\n`, mapping, { mode: 'lightning' });
    expect(complete).toMatchObject({ imported: 2500, errorCount: 0 });
    const flat = (await t.request('GET', '/api/categories', t.admin)).json().flatCategories as Array<{ name: string; type: string; product_count: number }>;
    const named = (name: string, type: string) => flat.filter((c) => c.name.toLowerCase() === name && c.type === type);
    expect(named('deck', 'store')).toHaveLength(1);
    expect(named('cleats', 'store')).toHaveLength(1);
    expect(named('horn', 'store')).toMatchObject([{ name: 'Horn', product_count: 1500 }]);
    expect(named('hardware', 'vendor')).toMatchObject([{ name: 'Hardware', product_count: 2000 }]);
    expect(await product('BT-2400')).toMatchObject({ store_category_path: 'Deck > Cleats > Horn' });
  });

  it('reports a path deeper than 5 levels instead of cutting it', async () => {
    const { complete } = await importOk('SKU,Name,Price,Stock,Categories\nX-1,Deep,1,1,A > B > C > D > E > F\n', { ...BASIC, category_hierarchy: 'Categories' }, FAIL);
    expect(complete).toMatchObject({ imported: 0, errorCount: 1 });
    expect(complete.errors[0]).toContain('has 6 levels; the maximum is 5');
    // By default the path is dropped with a warning, and the product imported without a store category.
    const warned = (await importOk('SKU,Name,Price,Stock,Categories\nX-2,Deep,1,1,A > B > C > D > E > F\n', { ...BASIC, category_hierarchy: 'Categories' })).complete;
    expect(warned).toMatchObject({ imported: 1, errorCount: 0, warningCount: 1 });
    expect(warned.warnings[0]).toBe("Row 2: Store category: the category path 'A > B > C > D > E > F' has 6 levels; the maximum is 5 (dropped)");
    expect(await product('X-2')).toMatchObject({ store_category_path: null });
  });
});

describe('the import stream', () => {
  it('sends progress events first and one complete event last, with every field', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `S-${i},Stream ${i},${i % 50}.99,${i % 7}`).join('\n');
    const { events, complete } = await importOk(`SKU,Name,Price,Stock\n${rows}\n`, BASIC, { mode: 'lightning' });
    expect(events[0]).toMatchObject({ type: 'progress', current: 0, total: 0 });
    expect(events[1]).toMatchObject({ type: 'progress', current: 0, total: 1200 });
    for (const e of events.slice(0, -1)) {
      expect(e.type).toBe('progress');
      expect(Object.keys(e)).toEqual(expect.arrayContaining(['current', 'total', 'imported', 'updated', 'skipped', 'errors', 'processingRate', 'currentProduct']));
    }
    expect(complete).toMatchObject({ total: 1200, imported: 1200, updated: 0, skipped: 0, errors: [], message: expect.any(String) });
    expect(complete.totalProducts).toBeGreaterThanOrEqual(1200);
    expect(Object.keys(complete)).toEqual(expect.arrayContaining(['processingRate', 'processingTime']));
  });

  it('has the dry run agree with the real import', async () => {
    const csv = 'SKU,Name,Price,Stock\nS-1,Existing,1,1\nN-1,New,1,1\nN-1,New again,1,1\nBAD,,1,1\n';
    const dry = (await preview(csv, BASIC, { updateMode: 'true' })).json().dryRun;
    const { complete } = await importOk(csv, BASIC, { updateMode: true });
    expect([dry.create, dry.update, dry.skip, dry.errorCount]).toEqual([complete.imported, complete.updated, complete.skipped, complete.errorCount]);
  });

  it('shows the first 5 mapped rows in the preview with category cells', async () => {
    const csv = `SKU,Name,Price,Stock,VCat,VSub1,SCat\n${Array.from({ length: 7 }, (_, i) => `P-${i},Prev ${i},1,1,Deck,Cleats,Shop`).join('\n')}\n`;
    const res = (await preview(csv, { ...BASIC, vendor_category: 'VCat', vendor_subcategory_1: 'VSub1', store_category: 'SCat' })).json();
    expect(res.totalRows).toBe(7);
    expect(res.previewRows).toHaveLength(5);
    expect(res.previewRows[0]).toMatchObject({
      rowNumber: 2, values: { sku: 'P-0', name: 'Prev 0' }, vendor_category_path: 'Vendor: Deck > Cleats', store_category_path: 'Store: Shop', vendor_subcategory_1: 'Cleats',
    });
  });
  it('shows the category paths of a preview row whose other cells have an error', async () => {
    const csv = 'SKU,Name,Price,Stock,Categories\nE-1,Broken price,abc,1,"Vendor:Deck > Cleats, Store:Hardware"\n';
    const res = (await preview(csv, { ...BASIC, category_hierarchy: 'Categories' }, FAIL)).json();
    expect(res.dryRun.errorCount).toBe(1);
    expect(res.previewRows[0]).toMatchObject({ rowNumber: 2, vendor_category_path: 'Vendor: Deck > Cleats', store_category_path: 'Store: Hardware' });
  });
});

describe('a large ultra-fast import', () => {
  it('rebuilds the sort indexes it set aside and keeps every row', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `BIG-${i},Big ${i},${i % 90}.50,${i % 5}`).join('\n');
    const { events, complete } = await importOk(`SKU,Name,Price,Stock\n${rows}\n`, BASIC);
    expect(complete).toMatchObject({ imported: 20_000, errorCount: 0 });
    expect(events.some((e: { message?: string }) => e.message?.startsWith('Rebuilding the list indexes'))).toBe(true);
    const indexQuery = t.database.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and name like 'products\_%\_idx' escape '\\'`
      : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'products' and indexname like 'products\_%\_idx'`;
    const names = (await indexQuery.execute(t.database.db)).rows.map((r) => r.name);
    for (const column of ['name', 'list_price', 'created_at', 'updated_at', 'visibility']) expect(names).toContain(`products_${column}_idx`);
    const page = (await t.request('GET', '/api/products?search=big-1999&sort=list_price&order=desc', t.admin)).json();
    expect(page.products.map((p: { sku: string }) => p.sku)).toContain('BIG-1999');
  }, 60_000);
});

describe('search index and counts right after an import', () => {
  /** Every stored count agrees with the products themselves; on SQLite the FTS index passes its own check. */
  async function expectCountsAndIndexConsistent() {
    const db = t.database.db;
    const wrongCategories = await sql<{ id: number }>`select c.id from categories c where c.direct_product_count <>
      (select count(*) from products p where p.vendor_category_id = c.id) + (select count(*) from products p where p.store_category_id = c.id)`.execute(db);
    expect(wrongCategories.rows).toEqual([]);
    const wrongVendors = await sql<{ id: number }>`select v.id from vendors v where v.product_count <> (select count(*) from products p where p.vendor_id = v.id)
      or v.in_stock_count <> (select count(*) from products p where p.vendor_id = v.id and p.stock > 0)`.execute(db);
    expect(wrongVendors.rows).toEqual([]);
    if (t.database.dialect === 'sqlite') await sql`insert into products_search(products_search, rank) values ('integrity-check', 1)`.execute(db);
  }
  const skusFound = async (search: string) =>
    (await t.request('GET', `/api/products?search=${encodeURIComponent(search)}&limit=50`, t.admin)).json().products.map((p: { sku: string }) => p.sku).sort();

  for (const mode of ['ultra-fast', 'lightning', 'standard']) {
    it(`keeps search and counts exact in ${mode} mode, with duplicates, updates, moves and bad rows`, async () => {
      const vendor = await insertVendor(t.database.db, `Counts ${mode}`);
      const tag = mode.replace('-', '');
      const mapping = { ...BASIC, category_hierarchy: 'Categories' };
      const first = [
        `${tag}-1,Quokka ${tag} one,1,3,"Vendor:Deck > Cleats, Store:Deck"`,
        `${tag}-2,Quokka ${tag} two,1,0,"Vendor:Deck > Cleats, Store:Deck"`,
        `${tag}-3,Quokka ${tag} three,1,5,Store:Rigging`,
        `${tag}-2,Quokka ${tag} two again,1,4,"Vendor:Deck > Winches, Store:Rigging"`,
        `${tag}-4,,1,1,Store:Deck`,
        `${tag}-ZAP,Quokka ${tag} refused,1,1,Store:Deck`,
      ];
      // On SQLite the database itself refuses one row, so its batch fails and is written row by row.
      const refused = t.database.dialect === 'sqlite';
      if (refused) await sql.raw(`create trigger refuse_${tag} before insert on products when new.sku = '${tag}-ZAP' begin select raise(abort, 'refused'); end`).execute(t.database.db);
      const one = await importOk(`SKU,Name,Price,Stock,Categories\n${first.join('\n')}\n`, mapping, { mode, vendor });
      if (refused) await sql.raw(`drop trigger refuse_${tag}`).execute(t.database.db);
      expect(one.complete).toMatchObject({ imported: refused ? 3 : 4, updated: 1, errorCount: refused ? 2 : 1 });
      await expectCountsAndIndexConsistent();
      expect(await skusFound(`quokka ${tag} two again`)).toEqual([`${tag}-2`]);

      const second = [
        `${tag}-1,Wombat ${tag} renamed,1,0,Store:Rigging`,
        `${tag}-3,Quokka ${tag} three,1,0,"Vendor:Deck > Cleats, Store:Deck"`,
        `${tag}-5,Wombat ${tag} five,1,2,"Vendor:Deck > Cleats, Store:Deck"`,
      ];
      const two = await importOk(`SKU,Name,Price,Stock,Categories\n${second.join('\n')}\n`, mapping, { mode, vendor, updateMode: true });
      expect(two.complete).toMatchObject({ imported: 1, updated: 2, errorCount: 0 });
      await expectCountsAndIndexConsistent();
      expect(await skusFound(`wombat ${tag}`)).toEqual([`${tag}-1`, `${tag}-5`]);
      expect(await skusFound(`quokka ${tag} one`)).toEqual([]);
      expect(await skusFound(`quokka ${tag} refused`)).toEqual(refused ? [] : [`${tag}-ZAP`]);
      const counts = await t.database.db.selectFrom('vendors').select(['product_count', 'in_stock_count']).where('id', '=', vendor).executeTakeFirstOrThrow();
      expect(counts).toEqual(refused ? { product_count: 4, in_stock_count: 2 } : { product_count: 5, in_stock_count: 3 });
    });
  }
});

describe('import refusals', () => {
  it('needs a vendor, a CSV and a sane mapping', async () => {
    const noVendor = await runImport('SKU,Name\nA,B\n', { sku: 'SKU', name: 'Name' }, { vendor: null });
    expect(noVendor.statusCode).toBe(400);
    expect(noVendor.json().message).toBe(IMPORT_MESSAGES.selectVendor);
    const png = await t.upload('/api/products/import/standard', t.admin, { fieldMapping: '{}', selectedVendor: String(vendorId) }, { name: 'photo.png', content: Buffer.from([0x89, 0x50]), type: 'image/png' });
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe(IMPORT_MESSAGES.invalidFile);
    const unknown = await preview('SKU,Name\nA,B\n', { sku: 'SKU', name: 'Title' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("The file has no column 'Title'");
    expect((await preview('SKU,Name\nA,B\n', { sku: 'SKU' })).json().message).toBe(IMPORT_MESSAGES.missingRequired);
    expect((await preview('SKU,Name\nA,B\n', { colour: 'SKU' })).statusCode).toBe(400);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = `SKU,Name\n${'X,'.padEnd(1000, 'y')}\n`.repeat(6 * 1024);
    const res = await preview(big, { sku: 'SKU', name: 'Name' });
    expect(res.statusCode).toBe(413);
  });

  it('needs a token and the products permission', async () => {
    expect((await t.request('GET', '/api/products/import/fields')).statusCode).toBe(401);
    const m = await t.registerWithout('clerk', t.admin, 'products');
    expect((await t.request('GET', '/api/products/import/fields', m.token)).statusCode).toBe(403);
    expect((await runImport('SKU,Name\nA,B\n', { sku: 'SKU', name: 'Name' }, { token: m.token })).statusCode).toBe(403);
  });
});
