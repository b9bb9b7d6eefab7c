import { beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let vendorId: number;

beforeAll(async () => {
  const db = t.database.db;
  vendorId = await insertVendor(db, 'Lewmar');
  await insertProduct(db, { sku: 'LEW-100', name: 'Stainless Bow Cleat 8"', vendor_id: vendorId, list_price: 19.99 });
  await insertProduct(db, { sku: 'ANC-CLEAT-2', name: 'Galvanised Anchor Chain' });
  await insertProduct(db, { sku: 'PCT-50%', name: '50% off wax' });
  for (let i = 0; i < 12; i++) await insertProduct(db, { sku: `BULK-${i}`, name: `Fender ${i}` });
});

describe('GET /api/products (global search)', () => {
  it('finds products by name or SKU, ignoring case', async () => {
    const res = await t.request('GET', '/api/products?search=CLEAT&limit=10', t.admin);
    expect(res.statusCode).toBe(200);
    const skus = res.json().products.map((p: { sku: string }) => p.sku).sort();
    expect(skus).toEqual(['ANC-CLEAT-2', 'LEW-100']);
    const lew = res.json().products.find((p: { sku: string }) => p.sku === 'LEW-100');
    expect(lew).toMatchObject({ vendor_name: 'Lewmar', list_price: 19.99, published: true, featured: false, images: [] });
  });

  it('treats % and _ as text, not wildcards', async () => {
    const res = await t.request('GET', '/api/products?search=50%25', t.admin);
    expect(res.json().products.map((p: { sku: string }) => p.sku)).toEqual(['PCT-50%']);
    expect((await t.request('GET', '/api/products?search=_', t.admin)).json().products).toHaveLength(0);
  });

  it('pages with a limit and reports the total', async () => {
    const res = await t.request('GET', '/api/products?search=fender&limit=10&page=2', t.admin);
    expect(res.json().pagination).toEqual({ page: 2, limit: 10, total: 12, pages: 2 });
    expect(res.json().products).toHaveLength(2);
  });

  it('refuses a bad page or limit', async () => {
    expect((await t.request('GET', '/api/products?limit=0', t.admin)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/products?limit=501', t.admin)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/products?page=abc', t.admin)).statusCode).toBe(400);
  });

  it('needs the products permission', async () => {
    const created = await t.request('POST', '/api/users', t.admin, {
      username: 'nosy', email: 'nosy@example.test', password: 'secret-1', role: 'shop_manager',
      permissions: { products: false, categories: true, vendors: true, settings: false },
    });
    expect(created.statusCode).toBe(201);
    const token = (await t.request('POST', '/api/auth/login', undefined, { username: 'nosy', password: 'secret-1' })).json().token;
    expect((await t.request('GET', '/api/products?search=cleat', token)).statusCode).toBe(403);
  });
});
