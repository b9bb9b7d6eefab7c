import { beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp, sseEvents } from '../../test/test-app.js';

/** Issue 23: a row whose file gives no shop category takes its vendor category's mapped one, in every mode and in the dry run. */
const t = setupTestApp();
type Node = Awaited<ReturnType<typeof insertCategory>>;
let vendorId: number;
const v: Record<string, Node> = {};
const s: Record<string, Node> = {};
const db = () => t.database.db;

beforeAll(async () => {
  vendorId = await insertVendor(db(), 'Lewmar');
  s.deck = await insertCategory(db(), { name: 'Deck Hardware', type: 'store' });
  s.winches = await insertCategory(db(), { name: 'Winches', type: 'store', parent: s.deck });
  s.safety = await insertCategory(db(), { name: 'Safety', type: 'store' });
  v.deck = await insertCategory(db(), { name: 'Deck', type: 'vendor', vendor_id: vendorId });
  v.winches = await insertCategory(db(), { name: 'Winches', type: 'vendor', vendor_id: vendorId, parent: v.deck });
  v.sails = await insertCategory(db(), { name: 'Sails', type: 'vendor', vendor_id: vendorId });
  v.blocks = await insertCategory(db(), { name: 'Blocks', type: 'vendor', vendor_id: vendorId, parent: v.deck });
  const res = await t.request('POST', '/api/category-mappings', t.admin, {
    mappings: [{ vendor_category_id: v.deck.id, store_category_id: s.deck.id }, { vendor_category_id: v.winches.id, store_category_id: s.winches.id }],
    apply: 'none',
  });
  expect(res.statusCode, res.body).toBe(200);
});

const HIERARCHY = { sku: 'SKU', name: 'Name', category_hierarchy: 'Categories' };
/** Own mapping; a level the import creates under a mapped one; unmapped; the file's shop category wins; a stored unmapped subcategory of a mapped one. */
const rowsOf = (tag: string) =>
  [
    'SKU,Name,Categories',
    `${tag}-1,One,Vendor:Deck > Winches`,
    `${tag}-2,Two,Vendor:Deck > ${tag} Cleats`,
    `${tag}-3,Three,Vendor:Sails`,
    `${tag}-4,Four,"Vendor:Deck, Store:Safety"`,
    `${tag}-5,Five,Vendor:Deck > Blocks`,
  ].join('\n');
const storeBySku = async (prefix: string) =>
  Object.fromEntries(
    (await db().selectFrom('products').select(['sku', 'store_category_id']).where('sku', 'like', `${prefix}-%`).execute()).map((p) => [p.sku, p.store_category_id]),
  );

describe('an import with category mappings', () => {
  it('the dry run counts the rows that take a mapped shop category and those left without', async () => {
    const res = await t.upload('/api/products/import/preview', t.admin, { fieldMapping: JSON.stringify(HIERARCHY), selectedVendor: String(vendorId) }, { name: 'p.csv', content: rowsOf('pre') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dryRun.storeCategories).toEqual({ fromMapping: 3, unmapped: 1 });
  });

  for (const mode of ['standard', 'lightning', 'ultra-fast']) {
    it(`gives rows without a shop category their mapped one (nearest mapped ancestor) in ${mode} mode`, async () => {
      const tag = mode.replace('-', '');
      const res = await t.upload(`/api/products/import/${mode}`, t.admin, { fieldMapping: JSON.stringify(HIERARCHY), selectedVendor: String(vendorId) }, { name: 'x.csv', content: rowsOf(tag) });
      expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'complete', imported: 5 });
      expect(await storeBySku(tag)).toEqual({ [`${tag}-1`]: s.winches.id, [`${tag}-2`]: s.deck.id, [`${tag}-3`]: null, [`${tag}-4`]: s.safety.id, [`${tag}-5`]: s.deck.id });
    });
  }

  it('with no shop category column: new and category-less stored products take the mapping, others keep theirs', async () => {
    const kept = await insertProduct(db(), { sku: 'nostore-1', vendor_id: vendorId, store_category_id: s.safety.id });
    await insertProduct(db(), { sku: 'nostore-2', vendor_id: vendorId });
    const before = (await db().selectFrom('categories').select('direct_product_count').where('id', '=', s.winches.id).executeTakeFirstOrThrow()).direct_product_count;
    const mapping = { sku: 'SKU', name: 'Name', vendor_category: 'VCat', vendor_subcategory_1: 'VSub' };
    const csv = 'SKU,Name,VCat,VSub\nnostore-1,One,Deck,Winches\nnostore-2,Two,Deck,Winches\nnostore-3,Three,Deck,Winches\n';
    const res = await t.upload('/api/products/import/standard', t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId), updateMode: 'true' }, { name: 'n.csv', content: csv });
    expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'complete', imported: 1, updated: 2 });
    expect(await storeBySku('nostore')).toEqual({ 'nostore-1': s.safety.id, 'nostore-2': s.winches.id, 'nostore-3': s.winches.id });
    expect(kept).toBeGreaterThan(0);
    const after = (await db().selectFrom('categories').select('direct_product_count').where('id', '=', s.winches.id).executeTakeFirstOrThrow()).direct_product_count;
    expect(after).toBe(before + 2);
  });
});
