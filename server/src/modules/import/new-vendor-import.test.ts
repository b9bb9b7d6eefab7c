import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MODES, type ImportMode } from '@bosun/shared';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp, sseEvents, type AdminTestApp } from '../../test/test-app.js';

/**
 * Issue 19, point 7: a vendor a file's Vendor column names that does not exist is created by the
 * import's write, with the first row written for it: a vendor whose rows all fail, are skipped or
 * refused, or an import that fails as a whole, leaves no vendor behind. The dry run still counts it.
 */

const MAPPING = { sku: 'SKU', name: 'Name', vendor: 'Vendor', vendor_category: 'Vendor Category', vendor_subcategory_1: 'Vendor Subcategory 1' };
const HEADER = 'SKU,Name,Vendor,Vendor Category,Vendor Subcategory 1';

const upload = (t: AdminTestApp, url: string, csv: string, fallback: number) =>
  t.upload(url, t.admin, { fieldMapping: JSON.stringify(MAPPING), updateMode: 'true', createVendors: 'true', selectedVendor: String(fallback) }, { name: 'vendors.csv', content: csv });
const vendorsOf = async (t: AdminTestApp) =>
  (await t.database.db.selectFrom('vendors').select(['name', 'product_count']).orderBy('name').execute()).map((v) => [v.name, Number(v.product_count)]);
const vendorCategoriesOf = async (t: AdminTestApp, vendor: string) =>
  (
    await t.database.db
      .selectFrom('categories')
      .innerJoin('vendors', 'vendors.id', 'categories.vendor_id')
      .select(['categories.name', 'categories.direct_product_count'])
      .where('vendors.name', '=', vendor)
      .orderBy('categories.level')
      .execute()
  ).map((c) => [c.name, Number(c.direct_product_count)]);

/**
 * The database refuses a product whose SKU starts with BOOM (inside the row's write), and a write
 * that gives vendor 'Doomed Marine' a product fails as a whole: on SQLite when the batch brings
 * the vendors' counts up to date (after its rows), on PostgreSQL at its commit (a deferred trigger).
 */
async function refusals(t: AdminTestApp) {
  const db = t.database.db;
  if (t.database.dialect === 'sqlite') {
    await sql`create trigger refuse_boom before insert on products when new.sku like 'BOOM%' begin select raise(abort, 'refused by the database'); end`.execute(db);
    await sql`create trigger doom_vendor before update of product_count on vendors when new.name = 'Doomed Marine' begin select raise(abort, 'the write failed'); end`.execute(db);
  } else {
    await sql`create function refuse_boom() returns trigger language plpgsql as $$ begin if new.sku like 'BOOM%' then raise exception 'refused by the database'; end if; return new; end $$`.execute(db);
    await sql`create trigger refuse_boom before insert on products for each row execute function refuse_boom()`.execute(db);
    await sql`create function doom_vendor() returns trigger language plpgsql as $$ begin
      if exists (select 1 from vendors where id = new.vendor_id and name = 'Doomed Marine') then raise exception 'the write failed'; end if; return null; end $$`.execute(db);
    await sql`create constraint trigger doom_vendor after insert on products deferrable initially deferred for each row execute function doom_vendor()`.execute(db);
  }
}

describe.each(IMPORT_MODES)('vendors an import creates (%s)', (mode: ImportMode) => {
  const t = setupTestApp();
  let fallback: number;
  beforeAll(async () => {
    fallback = await insertVendor(t.database.db, 'Chandlery Direct');
    await refusals(t);
  });

  it('creates a new vendor with its first row written, and none for rows that fail, are refused or skipped', async () => {
    const owner = await insertVendor(t.database.db, 'Owner Marine');
    await insertProduct(t.database.db, { sku: 'OWNED-1', vendor_id: owner });
    const parent = await insertProduct(t.database.db, { sku: 'VEST', kind: 'variable', vendor_id: owner });
    await insertProduct(t.database.db, { sku: 'VEST-S', kind: 'variation', parent_id: parent, option1: 'S', vendor_id: null });
    const csv = [
      HEADER,
      // Keeper Marine's first row is refused: the vendor its savepoint created is gone, the next row creates it again.
      'BOOM-0,Refused,Keeper Marine,Deck,Cleats',
      'KEEP-1,Kept,Keeper Marine,Deck,Cleats',
      // The database refuses the row: its savepoint takes the vendor and its categories with it.
      'BOOM-1,Refused,Zed Marine,Sails,Jibs',
      // A stored variation's SKU: refused before it is written.
      'VEST-S,Clash,Clash Marine,,',
      // Another vendor's product: skipped with its reason.
      'OWNED-1,Taken,Skipper Marine,,',
      'KEEP-2,Kept too,keeper  marine,Deck,Cleats',
    ].join('\n');

    const dry = (await upload(t, '/api/products/import/preview', csv, fallback)).json().dryRun;
    expect(dry.newVendors).toEqual([
      { name: 'Keeper Marine', rows: 3 }, { name: 'Zed Marine', rows: 1 }, { name: 'Clash Marine', rows: 1 }, { name: 'Skipper Marine', rows: 1 },
    ]);

    const { complete } = expectImportComplete(await upload(t, `/api/products/import/${mode}`, csv, fallback));
    expect(complete).toMatchObject({ imported: 2, updated: 0, skipped: 1, errorCount: 3 });
    expect(complete.errors).toEqual([
      'Row 2: could not be saved (the database refused it)',
      'Row 4: could not be saved (the database refused it)',
      expect.stringMatching(/^Row 5: .*SKU VEST-S is a variation/),
    ]);
    expect(complete.skippedRows.map((s: { reason: string }) => s.reason)).toEqual(["Row 6: SKU OWNED-1 belongs to vendor 'Owner Marine'"]);
    expect(await vendorsOf(t)).toEqual([['Chandlery Direct', 0], ['Keeper Marine', 2], ['Owner Marine', 2]]);
    expect(await vendorCategoriesOf(t, 'Keeper Marine')).toEqual([['Deck', 0], ['Cleats', 2]]);
    const sails = await t.database.db.selectFrom('categories').select('id').where('name', 'in', ['Sails', 'Jibs']).execute();
    expect(sails).toEqual([]);
  });

  // Lightning writes 1,000 rows a batch: the second batch is asked for before the first, which
  // creates the vendor, is committed (its rows still carry the vendor's provisional id), and the
  // third fails and is written again row by row. The other modes write the same way, in larger batches.
  it.runIf(mode === 'lightning')('creates a vendor once over several batches, rows of it failing in a later one', async () => {
    const rows = Array.from({ length: 2_050 }, (_, i) => `${i === 2_010 ? 'BOOM' : 'BULK'}-${i},Rope ${i},Bulk Marine,Rope,Braid`);
    const { complete } = expectImportComplete(await upload(t, `/api/products/import/${mode}`, [HEADER, ...rows].join('\n'), fallback));
    expect(complete).toMatchObject({ imported: 2_049, errorCount: 1 });
    expect((await vendorsOf(t)).filter(([name]) => name === 'Bulk Marine')).toEqual([['Bulk Marine', 2_049]]);
    expect(await vendorCategoriesOf(t, 'Bulk Marine')).toEqual([['Rope', 0], ['Braid', 2_049]]);
  });

  it('leaves no new vendor when the import fails as a whole', async () => {
    const before = await vendorsOf(t);
    const csv = [HEADER, 'FINE-1,Fine,Fine Marine,Deck,', 'DOOM-1,Doomed,Doomed Marine,Deck,'].join('\n');
    const res = await upload(t, `/api/products/import/${mode}`, csv, fallback);
    expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'error', message: 'Error importing data' });
    expect(await vendorsOf(t)).toEqual(before);
    const written = await t.database.db.selectFrom('products').select('sku').where('sku', 'in', ['FINE-1', 'DOOM-1']).execute();
    expect(written).toEqual([]);
  });
});
