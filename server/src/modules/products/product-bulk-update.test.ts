import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '@bosun/shared';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let a: number;
let b: number;
let c: number;
let vendorA: number;

beforeAll(async () => {
  const db = t.database.db;
  vendorA = await insertVendor(db, 'Alpha');
  a = await insertProduct(db, { sku: 'A', name: 'Anchor', list_price: 10, vendor_cost: 5, special_price: 8, vendor_id: vendorA });
  b = await insertProduct(db, { sku: 'B', name: 'Buoy', list_price: 19.99, vendor_cost: 12, special_price: null, vendor_id: vendorA });
  c = await insertProduct(db, { sku: 'C', name: 'Cleat', list_price: null, vendor_cost: 1, special_price: 2 });
});

const get = async (id: number) => (await t.request('GET', `/api/products/${id}`, t.admin)).json();
const bulk = (body: object) => t.request('PUT', '/api/products/bulk/update', t.admin, body);

describe('PUT /api/products/bulk/update', () => {
  it('sets only the fields sent on the selected products', async () => {
    const res = await bulk({ ids: [a, b], updateData: { brand: 'Lewmar', published: false, stock: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '2 products updated successfully', updated: 2, changeId: expect.any(Number) });
    expect(await get(a)).toMatchObject({ brand: 'Lewmar', published: false, stock: 3, list_price: 10, name: 'Anchor' });
    expect((await get(c)).brand).toBeNull();
  });

  it('raises and lowers prices by a percentage or an amount, rounded to cents; unset prices stay unset', async () => {
    await bulk({ ids: [a, b, c], updateData: { list_price: { op: 'increase', by: 'percent', value: 10 } } });
    expect([(await get(a)).list_price, (await get(b)).list_price, (await get(c)).list_price]).toEqual([11, 21.99, null]);
    await bulk({ ids: [a, b], updateData: { list_price: { op: 'decrease', by: 'amount', value: 1.5 } } });
    expect([(await get(a)).list_price, (await get(b)).list_price]).toEqual([9.5, 20.49]);
  });

  it('refuses a decrease below zero and changes nothing', async () => {
    const res = await bulk({ ids: [a, b], updateData: { list_price: { op: 'decrease', by: 'amount', value: 15 } }, });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BULK_MESSAGES.negativePrice('list_price', 1));
    expect((await get(b)).list_price).toBe(20.49);
  });

  it('refuses a special price under vendor cost unless allowed, all or nothing', async () => {
    const refused = await bulk({ ids: [a, b], updateData: { special_price: 6, brand: 'Changed' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BULK_MESSAGES.specialBelowCost(1));
    expect((await get(a)).brand).toBe('Lewmar');
    expect((await get(a)).special_price).toBe(8);
    const allowed = await bulk({ ids: [a, b], updateData: { special_price: 6 }, allowSpecialBelowCost: true });
    expect(allowed.statusCode).toBe(200);
    expect((await get(b)).special_price).toBe(6);
  });

  it('acts on every product matching the list filter', async () => {
    const res = await bulk({ filter: { vendor_id: vendorA }, updateData: { featured: true } });
    expect(res.json().updated).toBe(2);
    expect((await get(c)).featured).toBe(false);
  });

  it('a filter on a field the edit changes still gets every field sent, tags included', async () => {
    const d = await insertProduct(t.database.db, { sku: 'D', name: 'Davit', list_price: 40, stock: 1, published: 0 });
    const res = await bulk({ filter: { published: false }, updateData: { published: true, list_price: 44, stock: 9, add_tags: ['Davits'] } });
    expect(res.statusCode).toBe(200);
    expect(await get(d)).toMatchObject({ published: true, list_price: 44, stock: 9, tags: ['Davits'] });
  });

  it('validates like a single edit and names the field', async () => {
    const cases: Array<[object, string]> = [
      [{ ids: [a], updateData: {} }, 'updateData'],
      [{ ids: [], updateData: { brand: 'x' } }, 'ids'],
      [{ ids: [a], updateData: { stock: -1 } }, 'updateData.stock'],
      [{ ids: [a], updateData: { visibility: 'nope' } }, 'updateData.visibility'],
      [{ ids: [a], updateData: { sku: 'SAME' } }, 'updateData'],
      [{ ids: [a], updateData: { list_price: { op: 'double', by: 'percent', value: 5 } } }, 'updateData.list_price'],
      [{ ids: [a], updateData: { list_price: 1.234 } }, 'updateData.list_price'],
    ];
    for (const [body, field] of cases) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().details.fields).join(','), JSON.stringify(body)).toContain(field);
    }
    const store = await insertCategory(t.database.db, { name: 'Other vendor cat', type: 'vendor', vendor_id: await insertVendor(t.database.db, 'Bravo') });
    const wrongVendor = await bulk({ ids: [a], updateData: { vendor_category_id: store.id } });
    expect(wrongVendor.statusCode).toBe(400);
    expect(wrongVendor.json().message).toBe('The vendor category must belong to the chosen vendor');
  });

  it('needs the products permission', async () => {
    const m = await t.registerWithout('clerk', t.admin, 'products');
    expect((await t.request('PUT', '/api/products/bulk/update', m.token, { ids: [a], updateData: { brand: 'x' } })).statusCode).toBe(403);
  });
});

