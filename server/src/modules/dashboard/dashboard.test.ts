import { beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { queryPlan } from '../../test/query-plan.js';
import { setupTestApp } from '../../test/test-app.js';
import { feedProblemsQuery, recentProductsQuery } from './dashboard.repository.js';

const t = setupTestApp();
let manager: { token: string; id: number };

beforeAll(async () => {
  manager = await t.register('clerk');
  const db = t.database.db;
  const vendorIds: number[] = [];
  for (const [i, name] of ['Alpha Marine', 'Bravo Rigging', 'Charlie Pumps', 'Delta Paint', 'Echo Nav', 'Foxtrot Anchors'].entries()) {
    vendorIds.push(await insertVendor(db, name, i === 5 ? 'inactive' : 'active'));
  }
  // Vendor i gets 6 - i products (Alpha 6 ... Foxtrot 1); a few out of stock and featured.
  let n = 0;
  for (const [i, vendorId] of vendorIds.entries()) {
    for (let k = 0; k < 6 - i; k++) {
      n += 1;
      await insertProduct(db, {
        vendor_id: vendorId,
        stock: n % 5 === 0 ? 0 : 10,
        featured: n % 7 === 0 ? 1 : 0,
        created_at: new Date(Date.UTC(2026, 0, n)).toISOString(),
      });
    }
  }
  await insertProduct(db, { name: 'Orphan cleat', stock: -2, created_at: new Date(Date.UTC(2026, 5, 1)).toISOString() });

  // Ten top-level store categories; the first holds products in a subcategory too, and a vendor
  // tree's root holds one product that the store chart must not count.
  const storeRoots = [];
  for (const name of ['Rigging', 'Bilge', 'Deck', 'Cabin', 'Engine', 'Fishing', 'Galley', 'Hull', 'Navigation', 'Safety']) {
    storeRoots.push(await insertCategory(db, { name, type: 'store' }));
  }
  const chain = await insertCategory(db, { name: 'Chain', type: 'store', parent: storeRoots[0] });
  const vendorRoot = await insertCategory(db, { name: 'Vendor root', type: 'vendor', vendor_id: vendorIds[0] });
  // Rigging 2 + 3 in Chain, Bilge 4, Cabin 3, Deck 3, then one each for Engine ... Navigation.
  const filing = [
    ...Array(2).fill(storeRoots[0]!.id), ...Array(3).fill(chain.id), ...Array(4).fill(storeRoots[1]!.id),
    ...Array(3).fill(storeRoots[2]!.id), ...Array(3).fill(storeRoots[3]!.id), ...storeRoots.slice(4, 9).map((c) => c.id),
  ];
  const products = await db.selectFrom('products').select('id').orderBy('id').execute();
  for (const [i, storeCategoryId] of filing.entries()) {
    await db.updateTable('products').set({ store_category_id: storeCategoryId }).where('id', '=', products[i]!.id).execute();
  }
  await db.updateTable('products').set({ vendor_category_id: vendorRoot.id }).where('id', '=', products[0]!.id).execute();
});

describe('GET /api/dashboard/stats', () => {
  it('counts products, active vendors, out of stock and featured', async () => {
    const res = await t.request('GET', '/api/dashboard/stats', t.admin);
    expect(res.statusCode).toBe(200);
    // 21 vendor products + the orphan; out of stock: n = 5,10,15,20 and the orphan (stock <= 0); featured n = 7,14,21.
    expect(res.json().stats).toEqual({ totalProducts: 22, totalVariations: 0, totalVendors: 5, outOfStock: 5, featuredProducts: 3 });
    // No import profile has a feed: the 'Supplier feeds' card is hidden (issue 22; held-runs.test.ts has the card with feeds).
    expect(res.json().supplierFeeds).toBeNull();
  });

  it('ranks the top 5 vendors by product count', async () => {
    const { topVendors } = (await t.request('GET', '/api/dashboard/stats', t.admin)).json();
    expect(topVendors.map((v: { name: string; product_count: number }) => [v.name, v.product_count])).toEqual([
      ['Alpha Marine', 6], ['Bravo Rigging', 5], ['Charlie Pumps', 4], ['Delta Paint', 3], ['Echo Nav', 2],
    ]);
  });

  it('ranks the top 8 store categories by the products of their whole subtree and sums the rest', async () => {
    const { storeCategories } = (await t.request('GET', '/api/dashboard/stats', t.admin)).json();
    expect(storeCategories.top.map((c: { name: string; product_count: number }) => [c.name, c.product_count])).toEqual([
      ['Rigging', 5], ['Bilge', 4], ['Cabin', 3], ['Deck', 3], ['Engine', 1], ['Fishing', 1], ['Galley', 1], ['Hull', 1],
    ]);
    expect(storeCategories.other).toEqual({ categories: 2, product_count: 1 });
  });

  it('lists the 5 most recent products with vendor names (null when none)', async () => {
    const { recentProducts } = (await t.request('GET', '/api/dashboard/stats', t.admin)).json();
    expect(recentProducts).toHaveLength(5);
    expect(recentProducts[0]).toMatchObject({ name: 'Orphan cleat', vendor_name: null, stock: -2 });
    expect(recentProducts[1].vendor_name).toBe('Foxtrot Anchors');
  });

  it('needs only a signed-in user, whatever the flags', async () => {
    await t.request('PUT', `/api/users/${manager.id}`, t.admin, {
      username: 'clerk', email: 'clerk@example.test', role: 'shop_manager',
      permissions: { products: false, categories: false, vendors: false, settings: false },
    });
    expect((await t.request('GET', '/api/dashboard/stats', manager.token)).statusCode).toBe(200);
    expect((await t.request('GET', '/api/dashboard/stats')).statusCode).toBe(401);
  });
});

describe('the unmapped share per vendor (issue 23)', () => {
  it('counts each top vendor\'s listed products without a shop category, after each write', async () => {
    const db = t.database.db;
    const unmapped = async () =>
      Object.fromEntries(((await t.request('GET', '/api/dashboard/stats', t.admin)).json().topVendors as Array<{ name: string; unmapped_count: number }>).map((v) => [v.name, v.unmapped_count]));
    expect(await unmapped()).toEqual({ 'Alpha Marine': 0, 'Bravo Rigging': 0, 'Charlie Pumps': 0, 'Delta Paint': 0, 'Echo Nav': 0 });
    const alpha = await db.selectFrom('vendors').select('id').where('name', '=', 'Alpha Marine').executeTakeFirstOrThrow();
    const [first, second] = await db.selectFrom('products').select(['id', 'store_category_id']).where('vendor_id', '=', alpha.id).orderBy('id').limit(2).execute();
    await db.updateTable('products').set({ store_category_id: null }).where('id', 'in', [first!.id, second!.id]).execute();
    expect((await unmapped())['Alpha Marine']).toBe(2);
    await db.updateTable('products').set({ store_category_id: first!.store_category_id }).where('id', '=', first!.id).execute();
    await db.updateTable('products').set({ store_category_id: second!.store_category_id }).where('id', '=', second!.id).execute();
    expect((await unmapped())['Alpha Marine']).toBe(0);
  });
});

describe("the 'Supplier feeds' card's statement (issue 22)", () => {
  it('counts the profiles with a feed from the has_feed index, not by reading every profile', async () => {
    const plan = await queryPlan(t.database, feedProblemsQuery(new Date().toISOString()).compile(t.database.db));
    expect(plan).toContain('import_profiles_has_feed');
    // SQLite: no read of the whole table ('SCAN import_profiles' without an index).
    if (t.database.dialect === 'sqlite') expect(plan).not.toMatch(/SCAN import_profiles(?! USING)/);
  });
});

describe("the 'Recent products' card's statement", () => {
  it('reads the newest products from the created_at index, with no sort of every listed product', async () => {
    const plan = await queryPlan(t.database, recentProductsQuery(t.database.db, t.database.dialect).compile());
    expect(plan).toContain('products_created_at_idx');
    // PostgreSQL: a Sort node; SQLite: a temporary b-tree. Either sorts every listed product to keep five.
    expect(plan).not.toMatch(/\bSort\b|TEMP B-TREE/);
  });
});
