import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertVendor } from '../../test/fixtures.js';
import { setupTestApp, sseEvents } from '../../test/test-app.js';

const t = setupTestApp();

beforeAll(async () => {
  // The database refuses rows whose SKU starts with BOOM, on either engine.
  if (t.database.dialect === 'sqlite') {
    await sql`create trigger refuse_boom before insert on products when new.sku like 'BOOM%' begin select raise(abort, 'refused by the database'); end`.execute(t.database.db);
  } else {
    await sql`create function refuse_boom() returns trigger language plpgsql as $$ begin if new.sku like 'BOOM%' then raise exception 'refused by the database'; end if; return new; end $$`.execute(t.database.db);
    await sql`create trigger refuse_boom before insert on products for each row execute function refuse_boom()`.execute(t.database.db);
  }
});

const categoryNames = async () => (await t.database.db.selectFrom('categories').select('name').execute()).map((c) => c.name).sort();

describe('a row the database refuses', () => {
  for (const mode of ['standard', 'lightning', 'ultra-fast']) {
    it(`leaves none of the categories created for it in ${mode} mode`, async () => {
      const tag = mode.replace('-', '');
      const vendorId = await insertVendor(t.database.db, `Refusals ${mode}`);
      const before = await categoryNames();
      const rows = [
        'SKU,Name,Categories',
        `${tag}-1,One,"Vendor:${tag} Deck > ${tag} Cleats, Store:${tag} Ropes"`,
        `BOOM-${tag},Bad,"Vendor:${tag} Sails > Jibs, Store:${tag} Ropes > ${tag} Refused"`,
        `${tag}-2,Two,Store:${tag} Ropes > ${tag} Dock Lines`,
      ].join('\n');
      const mapping = { sku: 'SKU', name: 'Name', category_hierarchy: 'Categories' };
      const res = await t.upload(`/api/products/import/${mode}`, t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId) }, { name: 'x.csv', content: rows });
      const complete = sseEvents(res.body).at(-1);
      expect(complete).toMatchObject({ type: 'complete', imported: 2, errorCount: 1 });
      expect(complete.errors[0]).toMatch(/^Row \d+: could not be saved \(the database refused it\)$/);
      const added = (await categoryNames()).filter((name) => !before.includes(name));
      expect(added).toEqual([`${tag} Deck`, `${tag} Dock Lines`, `${tag} Ropes`, `${tag} Cleats`].sort());
      const products = (await t.request('GET', `/api/products?search=${tag}-&sort=sku`, t.admin)).json().products as Array<{ sku: string; store_category_path: string }>;
      expect(products.map((p) => [p.sku, p.store_category_path])).toEqual([
        [`${tag}-1`, `${tag} Ropes`],
        [`${tag}-2`, `${tag} Ropes > ${tag} Dock Lines`],
      ]);
    });
  }
});

describe('the preview of a row with an error', () => {
  it('shows the category levels the row held, even where they make no path', async () => {
    const mapping = { sku: 'SKU', name: 'Name', list_price: 'Price', store_category: 'Cat', store_subcategory_1: 'Sub1', vendor_category: 'VCat' };
    const csv = 'SKU,Name,Price,Cat,Sub1,VCat\nP-1,One,x,,Cleats,Deck\nP-2,Two,3,,Cleats,\nP-3,,3,Rigging,,\n';
    const res = await t.upload('/api/products/import/preview', t.admin, { fieldMapping: JSON.stringify(mapping), badOptionalValues: 'fail' }, { name: 'p.csv', content: csv });
    const rows = res.json().previewRows as Array<{ rowNumber: number; vendor_category_path: string | null; store_category_path: string | null }>;
    expect(rows.map((r) => [r.rowNumber, r.vendor_category_path, r.store_category_path])).toEqual([
      // An error row: the empty first level is shown as the row holds it.
      [2, 'Vendor: Deck', 'Store:  > Cleats'],
      // A valid row shows what the import files it under: no store category (an empty level ends the path).
      [3, null, null],
      [4, null, 'Store: Rigging'],
    ]);
  });
});

describe('a category cell with backslashes', () => {
  it("reads '\\,', '\\>' and '\\\\' as the characters, and a backslash before anything else as itself (WooCommerce escapes only commas)", async () => {
    const vendorId = await insertVendor(t.database.db, 'Backslashes');
    const rows = ['SKU,Name,Categories', 'BS-1,One,"Vendor: Deck\\, Hardware > Size \\> 10 mm > Bronze\\\\Alloy, Store: C:\\new > Tools\\x"'].join('\n');
    const mapping = { sku: 'SKU', name: 'Name', category_hierarchy: 'Categories' };
    const res = await t.upload('/api/products/import/ultra-fast', t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId) }, { name: 'x.csv', content: rows });
    expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'complete', imported: 1, errorCount: 0 });
    const names = await categoryNames();
    for (const name of ['Deck, Hardware', 'Size > 10 mm', 'Bronze\\Alloy', 'C:\\new', 'Tools\\x']) expect(names).toContain(name);
  });
});
