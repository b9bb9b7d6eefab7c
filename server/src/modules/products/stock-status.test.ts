import { parse } from 'csv-parse/sync';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.js';
import { migrateTo, migrateToLatest } from '../../db/migrate.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../db/clock.js';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { freshDatabase, setupTestApp } from '../../test/test-app.js';

// Stock status apart from the quantity (issue 19 point 1): migration 0021, the API, the list's filter, bulk edit, dashboard, export.

const stockOf = (db: Kysely<DB>, sku: string) =>
  db.selectFrom('products').select(['stock', 'stock_status']).where('sku', '=', sku).executeTakeFirstOrThrow();

describe('migration 0021 on a database with products', () => {
  it('gives every product the status its quantity had, makes stock nullable, and keeps parents and vendor counts by the status', async () => {
    const { target, drop } = await freshDatabase();
    const database = createDatabase(target);
    try {
      await migrateTo(database, '0020-variation-filter-indexes');
      const db = database.db as unknown as Kysely<any>;
      const now = nowIso();
      const { id: vendor } = await db.insertInto('vendors').values({ name: 'Old shop', status: 'active', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      const row = (sku: string, stock: number, more: Record<string, unknown> = {}) => ({ sku, name: sku, stock, vendor_id: vendor, created_at: now, updated_at: now, ...more });
      await db.insertInto('products').values([row('OLD-IN', 4), row('OLD-OUT', 0)]).execute();
      const { id: parent } = await db.insertInto('products').values(row('OLD-PARENT', 0, { kind: 'variable' })).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('products').values([
        row('OLD-V1', 0, { kind: 'variation', parent_id: parent, name: '', vendor_id: null, option1: 'a' }),
        row('OLD-V2', 3, { kind: 'variation', parent_id: parent, name: '', vendor_id: null, option1: 'b' }),
      ]).execute();

      await migrateToLatest(database);
      const typed = database.db;
      expect(await stockOf(typed, 'OLD-IN')).toEqual({ stock: 4, stock_status: 'in_stock' });
      expect(await stockOf(typed, 'OLD-OUT')).toEqual({ stock: 0, stock_status: 'out_of_stock' });
      expect(await stockOf(typed, 'OLD-PARENT')).toEqual({ stock: 3, stock_status: 'in_stock' });
      expect(await stockOf(typed, 'OLD-V1')).toEqual({ stock: 0, stock_status: 'out_of_stock' });
      const vendorCounts = () => typed.selectFrom('vendors').select(['product_count', 'in_stock_count']).where('id', '=', vendor).executeTakeFirstOrThrow();
      expect(await vendorCounts()).toEqual({ product_count: 3, in_stock_count: 2 });

      // stock is nullable now: not tracked, and in stock by its status.
      await typed.updateTable('products').set({ stock: null, stock_status: 'in_stock' }).where('sku', '=', 'OLD-OUT').execute();
      expect(await stockOf(typed, 'OLD-OUT')).toEqual({ stock: null, stock_status: 'in_stock' });
      expect(await vendorCounts()).toEqual({ product_count: 3, in_stock_count: 3 });

      // The parent follows its variations: none in stock, one on backorder, then untracked quantities.
      await typed.updateTable('products').set({ stock: 0, stock_status: 'out_of_stock' }).where('sku', '=', 'OLD-V2').execute();
      expect(await stockOf(typed, 'OLD-PARENT')).toEqual({ stock: 0, stock_status: 'out_of_stock' });
      expect(await vendorCounts()).toEqual({ product_count: 3, in_stock_count: 2 });
      await typed.updateTable('products').set({ stock_status: 'backorder' }).where('sku', '=', 'OLD-V1').execute();
      expect(await stockOf(typed, 'OLD-PARENT')).toEqual({ stock: 0, stock_status: 'backorder' });
      await typed.updateTable('products').set({ stock: null, stock_status: 'in_stock' }).where('parent_id', '=', parent).execute();
      expect(await stockOf(typed, 'OLD-PARENT')).toEqual({ stock: null, stock_status: 'in_stock' });
      await typed.updateTable('products').set({ stock: 7, stock_status: 'in_stock' }).where('sku', '=', 'OLD-V1').execute();
      expect(await stockOf(typed, 'OLD-PARENT')).toEqual({ stock: 7, stock_status: 'in_stock' });
      await typed.deleteFrom('products').where('sku', '=', 'OLD-V1').execute();
      expect(await stockOf(typed, 'OLD-PARENT')).toEqual({ stock: null, stock_status: 'in_stock' });

      const index = database.dialect === 'postgres'
        ? await sql<{ n: number }>`select count(*) as n from pg_indexes where indexname = 'products_stock_status_idx'`.execute(typed)
        : await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'index' and name = 'products_stock_status_idx'`.execute(typed);
      expect(Number(index.rows[0]!.n)).toBe(1);
    } finally {
      await database.close();
      await drop();
    }
  });
});

const t = setupTestApp();
let vendor = 0;
beforeAll(async () => {
  vendor = await insertVendor(t.database.db, 'Harbour Supply');
});

const create = (body: Record<string, unknown>) => t.request('POST', '/api/products', t.admin, { name: 'Cleat', vendor_id: vendor, ...body });

describe('POST and PUT /api/products with a stock status', () => {
  it('keeps an untracked quantity, derives a status from a quantity, and takes the form default without either', async () => {
    const untracked = await create({ sku: 'API-UNTRACKED', stock: null, stock_status: 'in_stock' });
    expect(untracked.statusCode, untracked.body).toBe(201);
    expect(untracked.json()).toMatchObject({ stock: null, stock_status: 'in_stock' });
    expect((await create({ sku: 'API-STATUS-ONLY', stock_status: 'backorder' })).json()).toMatchObject({ stock: null, stock_status: 'backorder' });
    expect((await create({ sku: 'API-FIVE', stock: 5 })).json()).toMatchObject({ stock: 5, stock_status: 'in_stock' });
    expect((await create({ sku: 'API-ZERO', stock: 0 })).json()).toMatchObject({ stock: 0, stock_status: 'out_of_stock' });
    expect((await create({ sku: 'API-NONE' })).json()).toMatchObject({ stock: 0, stock_status: 'out_of_stock' });
    expect((await create({ sku: 'API-EMPTY', stock: '' })).json()).toMatchObject({ stock: 0, stock_status: 'out_of_stock' });
    expect((await create({ sku: 'API-BACK', stock: 0, stock_status: 'backorder' })).json()).toMatchObject({ stock: 0, stock_status: 'backorder' });
  });

  it('refuses a positive quantity out of stock and an unknown status, naming stock_status', async () => {
    const contradiction = await create({ sku: 'API-BAD-1', stock: 3, stock_status: 'out_of_stock' });
    expect(contradiction.statusCode).toBe(400);
    expect(contradiction.json().details.fields).toEqual({ stock_status: "Stock status cannot be 'Out of stock' with a stock of 3" });
    const unknown = await create({ sku: 'API-BAD-2', stock_status: 'sold_out' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().details.fields)).toEqual(['stock_status']);
    expect(await t.database.db.selectFrom('products').select('id').where('sku', 'like', 'API-BAD-%').execute()).toEqual([]);
  });

  it('updates by the same rule: a backorder stays one at 0, a quantity starts tracking, a contradiction is refused', async () => {
    const back = (await create({ sku: 'PUT-BACK', stock: 0, stock_status: 'backorder' })).json();
    expect((await t.request('PUT', `/api/products/${back.id}`, t.admin, { stock: 0 })).json()).toMatchObject({ stock: 0, stock_status: 'backorder' });
    expect((await t.request('PUT', `/api/products/${back.id}`, t.admin, { stock: 2 })).json()).toMatchObject({ stock: 2, stock_status: 'in_stock' });
    const untracked = (await create({ sku: 'PUT-UNTRACKED', stock: null, stock_status: 'in_stock' })).json();
    expect((await t.request('PUT', `/api/products/${untracked.id}`, t.admin, { name: 'Renamed' })).json()).toMatchObject({ stock: null, stock_status: 'in_stock' });
    expect((await t.request('PUT', `/api/products/${untracked.id}`, t.admin, { stock: 4 })).json()).toMatchObject({ stock: 4, stock_status: 'in_stock' });
    const refused = await t.request('PUT', `/api/products/${untracked.id}`, t.admin, { stock_status: 'out_of_stock' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields).toEqual({ stock_status: "Stock status cannot be 'Out of stock' with a stock of 4" });
    expect((await t.request('PUT', `/api/products/${untracked.id}`, t.admin, { stock: null, stock_status: 'out_of_stock' })).json()).toMatchObject({ stock: null, stock_status: 'out_of_stock' });
  });

  it('needs a token and the products permission', async () => {
    expect((await t.request('POST', '/api/products', undefined, { sku: 'X-1', name: 'x', stock_status: 'in_stock' })).statusCode).toBe(401);
    const manager = await t.registerWithout('no-products-stock', t.admin, 'products');
    expect((await t.request('POST', '/api/products', manager.token, { sku: 'X-1', name: 'x', stock_status: 'in_stock' })).statusCode).toBe(403);
  });
});

describe('the list, the dashboard and bulk edit by status', () => {
  const db = () => t.database.db;
  let ids: Record<string, number> = {};
  beforeAll(async () => {
    await db().deleteFrom('products').execute();
    ids = {
      untracked: await insertProduct(db(), { sku: 'L-UNTRACKED', stock: null, stock_status: 'in_stock', vendor_id: vendor }),
      many: await insertProduct(db(), { sku: 'L-MANY', stock: 50, vendor_id: vendor }),
      none: await insertProduct(db(), { sku: 'L-NONE', stock: 0, vendor_id: vendor }),
      back: await insertProduct(db(), { sku: 'L-BACK', stock: 0, stock_status: 'backorder', vendor_id: vendor }),
    };
  });
  const skus = async (query: string) =>
    (await t.request('GET', `/api/products?sort=sku&${query}`, t.admin)).json().products.map((p: { sku: string }) => p.sku);

  it('filters by the status, and a quantity filter leaves untracked products out', async () => {
    expect(await skus('stock_status=in_stock')).toEqual(['L-MANY', 'L-UNTRACKED']);
    expect(await skus('stock_status=out_of_stock')).toEqual(['L-NONE']);
    expect(await skus('stock_status=backorder')).toEqual(['L-BACK']);
    const moreThan10 = encodeURIComponent(JSON.stringify([{ column: 'stock', operator: 'greater_than', value: '10' }]));
    expect(await skus(`advanced_filters=${moreThan10}`)).toEqual(['L-MANY']);
    const bad = await t.request('GET', '/api/products?stock_status=sold_out', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("stock_status must be 'in_stock', 'out_of_stock' or 'backorder'");
  });

  it('counts out of stock by the status on the dashboard and in the vendor counts', async () => {
    const stats = (await t.request('GET', '/api/dashboard/stats', t.admin)).json();
    expect(stats.stats.outOfStock).toBe(1);
    const vendorRow = (await t.request('GET', '/api/vendors', t.admin)).json().vendors.find((v: { id: number }) => v.id === vendor);
    expect(vendorRow).toMatchObject({ product_count: 4, in_stock_count: 2, out_of_stock_count: 2 });
  });

  it('sets stock in bulk by the rule, a status alone keeps quantities, and refuses out_of_stock over positive quantities', async () => {
    const bulk = (updateData: Record<string, unknown>, list = Object.values(ids)) => t.request('PUT', '/api/products/bulk/update', t.admin, { ids: list, updateData });
    const refused = await bulk({ stock_status: 'out_of_stock' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields).toEqual({ 'updateData.stock_status': expect.stringContaining('1 of these products holds a quantity above 0') });
    const contradiction = await bulk({ stock: 3, stock_status: 'out_of_stock' });
    expect(contradiction.statusCode).toBe(400);
    expect(Object.keys(contradiction.json().details.fields)).toEqual(['updateData.stock_status']);
    expect((await bulk({ stock_status: 'bogus' })).statusCode).toBe(400);

    expect((await bulk({ stock: 0 })).statusCode).toBe(200);
    expect(await stockOf(db(), 'L-UNTRACKED')).toEqual({ stock: 0, stock_status: 'out_of_stock' });
    expect(await stockOf(db(), 'L-MANY')).toEqual({ stock: 0, stock_status: 'out_of_stock' });
    expect(await stockOf(db(), 'L-BACK')).toEqual({ stock: 0, stock_status: 'backorder' });
    expect((await bulk({ stock_status: 'backorder' }, [ids.none!, ids.many!])).statusCode).toBe(200);
    expect(await stockOf(db(), 'L-NONE')).toEqual({ stock: 0, stock_status: 'backorder' });
    expect((await bulk({ stock: 6 })).statusCode).toBe(200);
    expect(await stockOf(db(), 'L-BACK')).toEqual({ stock: 6, stock_status: 'in_stock' });
    expect((await bulk({ stock: null, stock_status: 'in_stock' }, [ids.untracked!])).statusCode).toBe(200);
    expect(await stockOf(db(), 'L-UNTRACKED')).toEqual({ stock: null, stock_status: 'in_stock' });
    expect((await t.request('PUT', '/api/products/bulk/update', undefined, { ids: [ids.none], updateData: { stock_status: 'in_stock' } })).statusCode).toBe(401);
  });
});

describe('GET /api/products/export with stock statuses', () => {
  const rowsOf = (body: string) => parse(body.replace(/^\uFEFF/, ''), { columns: true, bom: false }) as Array<Record<string, string>>;
  beforeAll(async () => {
    const db = t.database.db;
    await db.deleteFrom('products').execute();
    await insertProduct(db, { sku: 'E-UNTRACKED', stock: null, stock_status: 'in_stock' });
    await insertProduct(db, { sku: 'E-UNTRACKED-OUT', stock: null, stock_status: 'out_of_stock' });
    await insertProduct(db, { sku: 'E-BACK', stock: 0, stock_status: 'backorder' });
    await insertProduct(db, { sku: 'E-FIVE', stock: 5 });
  });

  it("writes WooCommerce's 'In stock?' (1, 0, backorder) with an empty Stock when untracked", async () => {
    const rows = rowsOf((await t.request('GET', '/api/products/export?mode=woocommerce', t.admin)).body);
    expect(rows.map((r) => [r.SKU, r['In stock?'], r.Stock])).toEqual([
      ['E-UNTRACKED', '1', ''], ['E-UNTRACKED-OUT', '0', ''], ['E-BACK', 'backorder', '0'], ['E-FIVE', '1', '5'],
    ]);
  });

  it('writes a Stock Status column in the direct layout', async () => {
    const rows = rowsOf((await t.request('GET', '/api/products/export?mode=direct', t.admin)).body);
    expect(rows.map((r) => [r.SKU, r.Stock, r['Stock Status']])).toEqual([
      ['E-UNTRACKED', '', 'in_stock'], ['E-UNTRACKED-OUT', '', 'out_of_stock'], ['E-BACK', '0', 'backorder'], ['E-FIVE', '5', 'in_stock'],
    ]);
  });
});
