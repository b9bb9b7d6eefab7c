import { beforeAll, describe, expect, it } from 'vitest';
import { buildCategoryTree, CATEGORY_MESSAGES, categoriesResponseSchema, vendorCategoriesResponseSchema } from '@bosun/shared';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { buildApp } from '../../app.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let vendorId: number;

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Lewmar');
});

async function create(body: object) {
  const res = await t.request('POST', '/api/categories', t.admin, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().category as { id: number; level: number; type: string; vendor_id: number | null; parent_id: number | null };
}

/** A chain root > c2 > ... of the given depth; returns the ids from the root down. */
async function chain(prefix: string, depth: number, type = 'store') {
  const ids: number[] = [];
  for (let i = 0; i < depth; i++) ids.push((await create({ name: `${prefix}${i + 1}`, type, parent_id: ids.at(-1) ?? null })).id);
  return ids;
}

const flat = async () => (await t.request('GET', '/api/categories', t.admin)).json().flatCategories as Array<{
  id: number; name: string; level: number; parent_id: number | null; product_count: number; parent_name: string | null;
}>;
const byId = async (id: number) => (await flat()).find((c) => c.id === id);

describe('POST /api/categories', () => {
  it('creates a root and a subcategory that inherits type and vendor', async () => {
    const root = await create({ name: 'Deck Hardware', type: 'vendor', vendor_id: vendorId, parent_id: '' });
    expect(root).toMatchObject({ level: 1, type: 'vendor', vendor_id: vendorId, parent_id: null });
    const sub = await create({ name: 'Cleats', parent_id: root.id });
    expect(sub).toMatchObject({ level: 2, type: 'vendor', vendor_id: vendorId, parent_id: root.id, parent_name: 'Deck Hardware', vendor_name: 'Lewmar' });
  });

  it("accepts the simple screen's {name, description, parent_id}", async () => {
    const res = await t.request('POST', '/api/categories', t.admin, { name: 'Safety', description: 'store', parent_id: null });
    expect(res.statusCode).toBe(201);
    expect(res.json().category).toMatchObject({ type: 'store', description: 'store', level: 1, status: 'active' });
  });

  it("answers each rule with the spec's message", async () => {
    const [root] = await chain('R', 1, 'vendor');
    const deep = await chain('D', 5);
    const cases: Array<[object, string]> = [
      [{ name: '   ', type: 'store' }, CATEGORY_MESSAGES.nameRequired],
      [{ name: 'X', type: 'shelf' }, CATEGORY_MESSAGES.badType],
      [{ name: 'X', type: 'store', parent_id: 99999 }, CATEGORY_MESSAGES.parentNotFound],
      [{ name: 'X', type: 'store', parent_id: root }, CATEGORY_MESSAGES.parentTypeMismatch],
      [{ name: 'X', type: 'store', parent_id: deep[4] }, CATEGORY_MESSAGES.parentTooDeep],
      [{ name: 'X', type: 'store', vendor_id: 99999 }, CATEGORY_MESSAGES.vendorNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', '/api/categories', t.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(JSON.stringify(message).slice(1, -1));
    }
  });
});

describe('PUT /api/categories/:id', () => {
  it('renames without moving when parent_id is left out', async () => {
    const [a, b] = await chain('Keep', 2);
    const res = await t.request('PUT', `/api/categories/${b}`, t.admin, { name: 'Kept', description: 'store' });
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toMatchObject({ name: 'Kept', parent_id: a, level: 2 });
  });

  it('refuses its own parent, a cycle and a subtree past level 5', async () => {
    const ids = await chain('M', 3);
    const own = await t.request('PUT', `/api/categories/${ids[0]}`, t.admin, { name: 'M1', type: 'store', parent_id: ids[0] });
    expect(own.json().message).toBe(CATEGORY_MESSAGES.ownParent);
    const cycle = await t.request('PUT', `/api/categories/${ids[0]}`, t.admin, { name: 'M1', type: 'store', parent_id: ids[2] });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(CATEGORY_MESSAGES.cycle);
    const host = await chain('H', 3);
    // M1..M3 under H3 would reach level 6.
    const deep = await t.request('PUT', `/api/categories/${ids[0]}`, t.admin, { name: 'M1', type: 'store', parent_id: host[2] });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(CATEGORY_MESSAGES.subtreeTooDeep);
  });

  it('moves a subtree and recomputes every level below it', async () => {
    const ids = await chain('S', 3);
    const host = await chain('T', 2);
    const res = await t.request('PUT', `/api/categories/${ids[0]}`, t.admin, { name: 'S1', type: 'store', parent_id: host[1] });
    expect(res.statusCode).toBe(200);
    expect((await byId(ids[0]))!.level).toBe(3);
    expect((await byId(ids[2]))!.level).toBe(5);
    // And back to the root.
    await t.request('PUT', `/api/categories/${ids[0]}`, t.admin, { name: 'S1', type: 'store', parent_id: null });
    expect((await byId(ids[2]))!.level).toBe(3);
  });

  it('refuses a type change on a category with subcategories, and 404s a missing one', async () => {
    const ids = await chain('Ty', 2);
    const res = await t.request('PUT', `/api/categories/${ids[0]}`, t.admin, { name: 'Ty1', type: 'vendor' });
    expect(res.json().message).toBe(CATEGORY_MESSAGES.typeLocked);
    expect((await t.request('PUT', '/api/categories/99999', t.admin, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('product counts', () => {
  it('count products of the category and all its subcategories, and follow every change', async () => {
    const db = t.database.db;
    const [top, mid, leaf] = await chain('C', 3);
    const other = (await chain('Other', 1))[0];
    await insertProduct(db, { store_category_id: leaf });
    await insertProduct(db, { store_category_id: leaf });
    const moving = await insertProduct(db, { store_category_id: mid });
    expect([(await byId(top))!.product_count, (await byId(mid))!.product_count, (await byId(leaf))!.product_count]).toEqual([3, 3, 2]);
    await db.updateTable('products').set({ store_category_id: other }).where('id', '=', moving).execute();
    expect((await byId(top))!.product_count).toBe(2);
    expect((await byId(other))!.product_count).toBe(1);
    await db.deleteFrom('products').where('id', '=', moving).execute();
    expect((await byId(other))!.product_count).toBe(0);
  });

  it('answers the tree nested, and one vendor\'s categories by type', async () => {
    const body = (await t.request('GET', '/api/categories', t.admin)).json();
    const deck = body.categories.find((c: { name: string }) => c.name === 'Deck Hardware');
    expect(deck.subcategories.map((c: { name: string }) => c.name)).toEqual(['Cleats']);
    const res = await t.request('GET', `/api/categories/vendor/${vendorId}?type=vendor`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().categories.map((c: { name: string }) => c.name)).toEqual(['Deck Hardware']);
    expect((await t.request('GET', `/api/categories/vendor/${vendorId}?type=store`, t.admin)).json().categories).toEqual([]);
    expect((await t.request('GET', '/api/categories/vendor/99999', t.admin)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/categories/vendor/${vendorId}?type=shelf`, t.admin)).statusCode).toBe(400);
  });

  it('writes the JSON document the schemas describe, whatever the names hold', async () => {
    // The lists are JSON text assembled from the database's own JSON objects: quotes, backslashes,
    // braces, control characters and non-ASCII names must come back exactly.
    const awkward = ['Quote " and \\ back\\slash', 'Braces } { and ]', 'Tab\tand\nline', 'Ångström ⚓ 錨'];
    const parent = await create({ name: awkward[0], type: 'vendor', vendor_id: vendorId });
    for (const name of awkward.slice(1)) await create({ name, parent_id: parent.id });
    const res = await t.request('GET', '/api/categories', t.admin);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The server's own time, which the bench reports for this list.
    expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d$/);
    const body = categoriesResponseSchema.parse(res.json());
    expect(body.categories).toEqual(buildCategoryTree(body.flatCategories));
    const names = body.flatCategories.map((c) => c.name);
    for (const name of awkward) expect(names).toContain(name);
    const node = body.flatCategories.find((c) => c.name === awkward[3])!;
    expect(node).toMatchObject({ parent_id: parent.id, parent_name: awkward[0], vendor_name: 'Lewmar', level: 2, type: 'vendor', description: 'vendor' });
    const vendorTree = vendorCategoriesResponseSchema.parse((await t.request('GET', `/api/categories/vendor/${vendorId}?type=vendor`, t.admin)).json());
    const parentNode = vendorTree.categories.find((c) => c.id === parent.id)!;
    expect(parentNode.subcategories!.map((c) => c.name).sort()).toEqual(awkward.slice(1).sort());
  });
});

describe('deleting', () => {
  it('deletes a category with its subtree; products keep existing with the category cleared', async () => {
    const db = t.database.db;
    const [a, b, c] = await chain('Del', 3);
    const product = await insertProduct(db, { store_category_id: c });
    const res = await t.request('DELETE', `/api/categories/${a}`, t.admin);
    expect(res.json()).toEqual({ message: CATEGORY_MESSAGES.deleted });
    const ids = (await flat()).map((x) => x.id);
    expect(ids).not.toContain(b);
    expect(ids).not.toContain(c);
    const row = await db.selectFrom('products').select('store_category_id').where('id', '=', product).executeTakeFirstOrThrow();
    expect(row.store_category_id).toBeNull();
    expect((await t.request('DELETE', `/api/categories/${a}`, t.admin)).statusCode).toBe(404);
  });

  it('bulk-deletes several categories and their subtrees in one call', async () => {
    const first = await chain('B', 2);
    const second = await chain('Bb', 1);
    const res = await t.request('DELETE', '/api/categories/bulk-delete', t.admin, { categoryIds: [first[0], second[0]] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '3 categories deleted successfully', deleted: 3 });
    const empty = await t.request('DELETE', '/api/categories/bulk-delete', t.admin, { categoryIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(CATEGORY_MESSAGES.selectToDelete);
  });
});

describe('POST /api/categories/merge', () => {
  it('moves products and subcategories to the kept category, recomputing levels, then deletes the source', async () => {
    const db = t.database.db;
    const source = await chain('Src', 3); // Src1 > Src2 > Src3
    const target = await chain('Tgt', 2); // Tgt1 > Tgt2
    const p1 = await insertProduct(db, { store_category_id: source[0] });
    await insertProduct(db, { store_category_id: source[2] });
    const res = await t.request('POST', '/api/categories/merge', t.admin, { sourceCategoryId: source[0], targetCategoryId: target[1], categoryType: 'both' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Merged "Src1" into "Tgt2"');
    expect(await byId(source[0])).toBeUndefined();
    expect(await byId(source[1])).toMatchObject({ parent_id: target[1], level: 3, parent_name: 'Tgt2' });
    expect((await byId(source[2]))!.level).toBe(4);
    expect((await byId(target[1]))!.product_count).toBe(2);
    const moved = await db.selectFrom('products').select('store_category_id').where('id', '=', p1).executeTakeFirstOrThrow();
    expect(moved.store_category_id).toBe(target[1]);
  });

  it('refuses different types, a missing category, a descendant target and too deep a result', async () => {
    const store = await chain('Ms', 3);
    const [vendorCat] = await chain('Mv', 1, 'vendor');
    const deepTarget = await chain('Md', 4);
    const cases: Array<[object, number, string]> = [
      [{ sourceCategoryId: store[0], targetCategoryId: vendorCat }, 400, CATEGORY_MESSAGES.mergeTypeMismatch],
      [{ sourceCategoryId: store[0], targetCategoryId: 99999 }, 404, CATEGORY_MESSAGES.mergeNotFound],
      [{ sourceCategoryId: store[0], targetCategoryId: store[2] }, 400, CATEGORY_MESSAGES.mergeIntoDescendant],
      [{ sourceCategoryId: store[0], targetCategoryId: deepTarget[3] }, 400, CATEGORY_MESSAGES.mergeTooDeep],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.request('POST', '/api/categories/merge', t.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Nothing changed.
    expect((await byId(store[2]))!.level).toBe(3);
  });
});

describe('category permissions and cache', () => {
  it('clear-cache is harmless: the next read lays the tree out again, the same', async () => {
    const before = (await t.request('GET', '/api/categories', t.admin)).body;
    const res = await t.request('POST', '/api/categories/clear-cache', t.admin);
    expect(res.json()).toEqual({ message: CATEGORY_MESSAGES.cacheCleared });
    expect((await t.request('GET', '/api/categories', t.admin)).body).toBe(before);
  });

  it('is never stale: every change shows at once, whichever server or statement made it', async () => {
    // A second app server on the same database, as behind a load balancer.
    const other = await buildApp(t.config, { logger: false });
    const db = t.database.db;
    const list = async () => categoriesResponseSchema.parse((await t.request('GET', '/api/categories', t.admin)).json());
    const node = async (id: number) => (await list()).flatCategories.find((c) => c.id === id);
    const viaOther = (method: 'PUT' | 'POST', url: string, payload: object) =>
      other.app.inject({ method, url, payload, headers: { authorization: `Bearer ${t.admin}` } });
    const version = async () => (await db.selectFrom('change_versions').select('version').where('name', '=', 'category_tree').executeTakeFirstOrThrow()).version;
    try {
      const harken = await insertVendor(db, 'Harken');
      const winches = await create({ name: 'Winches', type: 'vendor', vendor_id: harken });
      const tailing = await create({ name: 'Self-tailing', parent_id: winches.id });
      expect(await node(tailing.id)).toMatchObject({ name: 'Self-tailing', vendor_name: 'Harken', parent_name: 'Winches', product_count: 0 });

      expect((await viaOther('PUT', `/api/categories/${winches.id}`, { name: 'Deck Winches' })).statusCode).toBe(200);
      expect(await node(tailing.id)).toMatchObject({ parent_name: 'Deck Winches' });

      // Counts are read fresh on every request; product writes leave the tree's version alone.
      const unchanged = await version();
      await insertProduct(db, { vendor_category_id: tailing.id });
      expect(await version()).toBe(unchanged);
      expect(await node(winches.id)).toMatchObject({ product_count: 1 });

      await db.updateTable('vendors').set({ name: 'Harken Inc' }).where('id', '=', harken).execute();
      expect(await node(tailing.id)).toMatchObject({ vendor_name: 'Harken Inc' });

      expect((await viaOther('PUT', `/api/categories/${tailing.id}`, { name: 'Self-tailing', parent_id: null })).statusCode).toBe(200);
      const moved = await list();
      expect(moved.flatCategories.find((c) => c.id === tailing.id)).toMatchObject({ level: 1, parent_id: null, product_count: 1 });
      expect(moved.categories.map((c) => c.id)).toContain(tailing.id);
      expect(moved.flatCategories.find((c) => c.id === winches.id)).toMatchObject({ product_count: 0 });
      expect(moved.categories).toEqual(buildCategoryTree(moved.flatCategories));

      // Deleting the vendor deletes its categories through the foreign key's cascade.
      await db.deleteFrom('vendors').where('id', '=', harken).execute();
      const ids = (await list()).flatCategories.map((c) => c.id);
      expect(ids).not.toContain(winches.id);
      expect(ids).not.toContain(tailing.id);
    } finally {
      await other.app.close();
    }
  });

  // The two tree reads are open to the products flag too (issue 24, picker-reads.test.ts).
  it('needs a token and the categories flag, reads included unless the products flag opens them', async () => {
    expect((await t.request('GET', '/api/categories')).statusCode).toBe(401);
    const m = await t.register('clerk');
    expect((await t.request('GET', '/api/categories', m.token)).statusCode).toBe(200);
    await t.request('PUT', `/api/users/${m.id}`, t.admin, {
      username: 'clerk', email: 'clerk@example.test', role: 'shop_manager',
      permissions: { products: false, categories: false, vendors: true, settings: false },
    });
    for (const [method, url, body] of [
      ['GET', '/api/categories', undefined],
      ['GET', `/api/categories/vendor/${vendorId}`, undefined],
      ['POST', '/api/categories', { name: 'x', type: 'store' }],
      ['PUT', '/api/categories/1', { name: 'x' }],
      ['DELETE', '/api/categories/1', undefined],
      ['DELETE', '/api/categories/bulk-delete', { categoryIds: [1] }],
      ['POST', '/api/categories/merge', { sourceCategoryId: 1, targetCategoryId: 2 }],
    ] as const) {
      expect((await t.request(method, url, m.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
