import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MAPPING_MESSAGES } from '@bosun/shared';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
type Node = Awaited<ReturnType<typeof insertCategory>>;
let lewmar: number;
let harken: number;
const v: Record<string, Node> = {};
const s: Record<string, Node> = {};

const db = () => t.database.db;
const storeOf = async (id: number) => (await db().selectFrom('products').select('store_category_id').where('id', '=', id).executeTakeFirstOrThrow()).store_category_id;
const list = async (query = '') => {
  const res = await t.request('GET', `/api/category-mappings${query}`, t.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const save = (body: object) => t.request('POST', '/api/category-mappings', t.admin, body);
const preview = (body: object) => t.request('POST', '/api/category-mappings/preview', t.admin, body);
/** Products filed directly in a category (the kept count the tree shows). */
const directCount = async (id: number) => (await db().selectFrom('categories').select('direct_product_count').where('id', '=', id).executeTakeFirstOrThrow()).direct_product_count;

beforeAll(async () => {
  lewmar = await insertVendor(db(), 'Lewmar');
  harken = await insertVendor(db(), 'Harken');
  s.deck = await insertCategory(db(), { name: 'Deck Hardware', type: 'store' });
  s.winches = await insertCategory(db(), { name: 'Winches', type: 'store', parent: s.deck });
  s.handles = await insertCategory(db(), { name: 'Winch Handles', type: 'store', parent: s.winches });
  s.safety = await insertCategory(db(), { name: 'Safety', type: 'store' });
  v.hardware = await insertCategory(db(), { name: 'Hardware', type: 'vendor', vendor_id: lewmar });
  v.winches = await insertCategory(db(), { name: 'Winches', type: 'vendor', vendor_id: lewmar, parent: v.hardware });
  v.handles = await insertCategory(db(), { name: 'Handles', type: 'vendor', vendor_id: lewmar, parent: v.winches });
  v.lifejackets = await insertCategory(db(), { name: 'Lifejackets', type: 'vendor', vendor_id: lewmar });
  v.hWinches = await insertCategory(db(), { name: 'Winches', type: 'vendor', vendor_id: harken });
});

describe('GET /api/category-mappings', () => {
  it('lists a vendor\'s categories unmapped first, with product counts, the share and suggestions', async () => {
    await insertProduct(db(), { vendor_id: lewmar, vendor_category_id: v.winches.id });
    await insertProduct(db(), { vendor_id: lewmar, vendor_category_id: v.handles.id, store_category_id: s.safety.id });
    const body = await list(`?vendor_id=${lewmar}`);
    expect(body.total).toBe(4);
    expect(body.summary).toEqual({ categories: 4, unmapped: 4, products: 2, with_store_category: 1 });
    const hardware = body.rows.find((r: { id: number }) => r.id === v.hardware.id);
    expect(hardware).toMatchObject({ path: 'Hardware', product_count: 2, mapping: null, inherited: null });
    const winches = body.rows.find((r: { id: number }) => r.id === v.winches.id);
    expect(winches.path).toBe('Hardware > Winches');
    expect(winches.suggestions[0]).toEqual({ id: s.winches.id, path: 'Deck Hardware > Winches' });
    expect(winches.suggestions.length).toBeLessThanOrEqual(3);
  });

  it('answers 404 for an unknown vendor and 400 naming a bad field', async () => {
    expect((await t.request('GET', '/api/category-mappings?vendor_id=99999', t.admin)).statusCode).toBe(404);
    const bad = await t.request('GET', '/api/category-mappings?status=nope', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('status');
  });

  it('finds shop category paths by the words typed', async () => {
    const res = await t.request('GET', '/api/category-mappings/store-paths?search=deck%20hand', t.admin);
    expect(res.json().categories).toEqual([{ id: s.handles.id, path: 'Deck Hardware > Winches > Winch Handles' }]);
  });

  it('answers the paths of the ids asked for (a picker showing what it holds), leaving out unknown and vendor ones', async () => {
    const res = await t.request('GET', `/api/category-mappings/store-paths?ids=${s.winches.id},99999,${v.hardware.id},${s.safety.id}`, t.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().categories).toEqual([
      { id: s.winches.id, path: 'Deck Hardware > Winches' },
      { id: s.safety.id, path: 'Safety' },
    ]);
    const bad = await t.request('GET', '/api/category-mappings/store-paths?ids=1,x', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ids');
  });
});

describe('POST /api/category-mappings', () => {
  it('shows the count first, then maps and fills only products without a shop category, subcategories included', async () => {
    const a = await insertProduct(db(), { vendor_id: lewmar, vendor_category_id: v.hardware.id });
    const b = await insertProduct(db(), { vendor_id: lewmar, vendor_category_id: v.handles.id });
    const kept = await insertProduct(db(), { vendor_id: lewmar, vendor_category_id: v.handles.id, store_category_id: s.safety.id });
    const body = { mappings: [{ vendor_category_id: v.hardware.id, store_category_id: s.deck.id }], apply: 'missing' };
    const counted = await preview(body);
    expect(counted.json()).toEqual({ missing: 3, other: 2 });
    const before = await directCount(s.deck.id);
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mapped: 1, updated_products: 3, message: CATEGORY_MAPPING_MESSAGES.mapped(1, 3) });
    expect(await storeOf(a)).toBe(s.deck.id);
    expect(await storeOf(b)).toBe(s.deck.id);
    expect(await storeOf(kept)).toBe(s.safety.id);
    expect(await directCount(s.deck.id)).toBe(before + 3);
    const rows = (await list(`?vendor_id=${lewmar}`)).rows;
    expect(rows.find((r: { id: number }) => r.id === v.handles.id).inherited).toMatchObject({ id: s.deck.id, path: 'Deck Hardware', from: 'Hardware' });
    expect(rows[0].id).toBe(v.lifejackets.id);
  });

  it("a subcategory's own mapping wins over its parent's, and override replaces what products had", async () => {
    const handle = await insertProduct(db(), { vendor_id: lewmar, vendor_category_id: v.handles.id, store_category_id: s.safety.id });
    const top = await insertProduct(db(), { vendor_id: lewmar, vendor_category_id: v.hardware.id, store_category_id: s.safety.id });
    expect((await save({ mappings: [{ vendor_category_id: v.handles.id, store_category_id: s.handles.id }], apply: 'override' })).statusCode).toBe(200);
    expect(await storeOf(handle)).toBe(s.handles.id);
    expect(await storeOf(top)).toBe(s.safety.id);
    // The parent mapped again with override: the handles keep their own mapping's category.
    expect((await save({ mappings: [{ vendor_category_id: v.hardware.id, store_category_id: s.winches.id }], apply: 'override' })).statusCode).toBe(200);
    expect(await storeOf(handle)).toBe(s.handles.id);
    expect(await storeOf(top)).toBe(s.winches.id);
  });

  it('records one change that Recent changes lists and that undo takes back', async () => {
    const p = await insertProduct(db(), { vendor_id: harken, vendor_category_id: v.hWinches.id });
    expect((await save({ mappings: [{ vendor_category_id: v.hWinches.id, store_category_id: s.winches.id }] })).json().updated_products).toBe(1);
    const changes = (await t.request('GET', '/api/changes?source=category_mapping', t.admin)).json().changes;
    expect(changes[0]).toMatchObject({ source: 'category_mapping' });
    const undone = await t.request('POST', `/api/changes/${changes[0].id}/undo`, t.admin, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await storeOf(p)).toBeNull();
  });

  it('suggests where the same name is mapped for another vendor; accepts many at once; null removes a mapping', async () => {
    const rows = (await list(`?vendor_id=${harken}`)).rows;
    expect(rows[0].mapping).toMatchObject({ id: s.winches.id });
    const lifejackets = (await list(`?vendor_id=${lewmar}&status=unmapped`)).rows;
    expect(lifejackets.map((r: { id: number }) => r.id)).toEqual([v.lifejackets.id]);
    const res = await save({ mappings: [{ vendor_category_id: v.lifejackets.id, store_category_id: s.safety.id }, { vendor_category_id: v.hWinches.id, store_category_id: null }] });
    expect(res.json().mapped).toBe(1);
    expect((await list(`?vendor_id=${harken}`)).rows[0].mapping).toBeNull();
    // Lewmar's Winches is mapped (inherited from Hardware, own for nothing): Harken's Winches is suggested Lewmar's target.
    await save({ mappings: [{ vendor_category_id: v.winches.id, store_category_id: s.handles.id }], apply: 'none' });
    expect((await list(`?vendor_id=${harken}`)).rows[0].suggestions[0]).toMatchObject({ id: s.handles.id });
  });

  it('a product created on the form with a vendor category and no shop category gets the mapped one (nearest mapped ancestor)', async () => {
    await save({ mappings: [{ vendor_category_id: v.hardware.id, store_category_id: s.deck.id }], apply: 'none' });
    const create = async (body: object) => {
      const res = await t.request('POST', '/api/products', t.admin, { name: 'Formed', vendor_id: lewmar, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; store_category_id: number | null };
    };
    // Cleats has no mapping of its own: Hardware's. Handles has its own. The form's own choice wins.
    const cleats = await insertCategory(db(), { name: 'Cleats', type: 'vendor', vendor_id: lewmar, parent: v.hardware });
    expect((await create({ sku: 'FORM-1', vendor_category_id: cleats.id })).store_category_id).toBe(s.deck.id);
    expect((await create({ sku: 'FORM-2', vendor_category_id: v.handles.id })).store_category_id).toBe(s.handles.id);
    expect((await create({ sku: 'FORM-3', vendor_category_id: v.winches.id, store_category_id: s.safety.id })).store_category_id).toBe(s.safety.id);
    expect((await create({ sku: 'FORM-4' })).store_category_id).toBeNull();
  });

  it('refuses bad input with a 400 naming the field and leaves everything as it was', async () => {
    const cases: Array<[object, string]> = [
      [{ mappings: [] }, 'mappings'],
      [{ mappings: [{ vendor_category_id: 99999, store_category_id: s.deck.id }] }, 'vendor_category_id'],
      [{ mappings: [{ vendor_category_id: s.deck.id, store_category_id: s.deck.id }] }, 'vendor_category_id'],
      [{ mappings: [{ vendor_category_id: v.hardware.id, store_category_id: v.winches.id }] }, 'store_category_id'],
      [{ mappings: [{ vendor_category_id: v.hardware.id, store_category_id: 99999 }] }, 'store_category_id'],
      [{ mappings: [{ vendor_category_id: v.hardware.id, store_category_id: s.deck.id }], apply: 'all' }, 'apply'],
    ];
    const mappingsBefore = await db().selectFrom('category_mappings').selectAll().orderBy('vendor_category_id').execute();
    for (const [body, field] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
    expect(await db().selectFrom('category_mappings').selectAll().orderBy('vendor_category_id').execute()).toEqual(mappingsBefore);
  });

  it('needs a token (401) and the categories permission (403); the products flag reads the store paths', async () => {
    expect((await t.request('GET', '/api/category-mappings')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/category-mappings', undefined, { mappings: [] })).statusCode).toBe(401);
    const m = await t.registerWithout('mapper', t.admin, 'categories');
    // The shop category picker is product work too: the products flag reads it.
    expect((await t.request('GET', '/api/category-mappings/store-paths?search=deck', m.token)).statusCode).toBe(200);
    const neither = await t.registerWithout('picker', t.admin, 'categories');
    const revoked = await t.request('PUT', `/api/users/${neither.id}`, t.admin, {
      username: 'picker',
      email: 'picker@example.test',
      role: 'shop_manager',
      permissions: { products: false, categories: false, vendors: true, settings: false },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await t.request('GET', '/api/category-mappings/store-paths?search=deck', neither.token)).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['GET', '/api/category-mappings', undefined],
      ['POST', '/api/category-mappings/preview', { mappings: [{ vendor_category_id: v.hardware.id, store_category_id: s.deck.id }] }],
      ['POST', '/api/category-mappings', { mappings: [{ vendor_category_id: v.hardware.id, store_category_id: s.deck.id }] }],
    ] as const) {
      expect((await t.request(method, url, m.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
