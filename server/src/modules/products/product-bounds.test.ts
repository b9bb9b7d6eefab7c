import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let cheap: number;
let dear: number;

beforeAll(async () => {
  cheap = await insertProduct(t.database.db, { sku: 'CHEAP', name: 'Shackle', list_price: 10, brand: 'Before' });
  dear = await insertProduct(t.database.db, { sku: 'DEAR', name: 'Winch', list_price: 50_000, brand: 'Before' });
});

const get = async (id: number) => (await t.request('GET', `/api/products/${id}`, t.admin)).json();
const bulk = (body: object) => t.request('PUT', '/api/products/bulk/update', t.admin, body);

describe('number bounds on every write path', () => {
  it('the form refuses a price, stock, weight or dimension past the bounds, naming the field', async () => {
    for (const [field, value] of [['list_price', 100_000_000], ['stock', 1_000_000_001], ['weight', 1_000_001], ['height', 1e288]] as const) {
      const res = await t.request('POST', '/api/products', t.admin, { sku: `X-${field}`, name: 'Too much', [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().details.fields), field).toContain(field);
    }
    const edge = await t.request('POST', '/api/products', t.admin, { sku: 'EDGE', name: 'Edge', list_price: 99_999_999.99, stock: 1_000_000_000, weight: 1_000_000 });
    expect(edge.statusCode).toBe(201);
  });

  it('a bulk increase whose result would pass the bound is refused whole, naming the products, before writing', async () => {
    const res = await bulk({ ids: [cheap, dear], updateData: { brand: 'After', list_price: { op: 'increase', by: 'percent', value: 1_000_000 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('for 1 product: DEAR');
    expect(res.json().details.fields).toHaveProperty('updateData');
    expect(await get(cheap)).toMatchObject({ brand: 'Before', list_price: 10 });
    expect(await get(dear)).toMatchObject({ brand: 'Before', list_price: 50_000 });
    const absolute = await bulk({ ids: [cheap], updateData: { list_price: 1e9 } });
    expect(absolute.statusCode).toBe(400);
  });

  it('a bulk update of 40,000 ids works on both engines', async () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => i + 1_000_000);
    ids.push(cheap);
    const res = await bulk({ ids, updateData: { list_price: { op: 'increase', by: 'amount', value: 1 } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBe(1);
    expect((await get(cheap)).list_price).toBe(11);
  });
});

describe('values written before the bounds', () => {
  it('Infinity and 1e305 in the database do not break the product page, list, dashboard or export', async () => {
    const id = await insertProduct(t.database.db, { sku: 'INF', name: 'Broken', list_price: 1 });
    await sql`update products set list_price = ${Infinity}, special_price = ${1e305} where id = ${id}`.execute(t.database.db);
    const page = await t.request('GET', `/api/products/${id}`, t.admin);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ list_price: null, special_price: 1e305 });
    const list = await t.request('GET', '/api/products?search=INF', t.admin);
    expect(list.statusCode, list.body).toBe(200);
    const dashboard = await t.request('GET', '/api/dashboard/stats', t.admin);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const exported = await t.request('GET', '/api/products/export', t.admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('Infinity');
    const raise = await bulk({ ids: [id], updateData: { special_price: { op: 'increase', by: 'percent', value: 1_000_000 } } });
    expect(raise.statusCode, raise.body).toBe(400);
    expect(raise.json().message).toContain('for 1 product: INF');
    const repair = await bulk({ ids: [id], updateData: { list_price: 5 } });
    expect(repair.statusCode, repair.body).toBe(200);
    expect((await get(id)).list_price).toBe(5);
    await sql`delete from products where id = ${id}`.execute(t.database.db);
  });
});

describe('filters refuse what they cannot read', () => {
  it('a NUL in search or in a contains value is a 400 naming the field', async () => {
    const search = await t.request('GET', `/api/products?search=${encodeURIComponent('a\0b')}`, t.admin);
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toContain('search');
    const lone = await t.request('GET', `/api/products?search=${encodeURIComponent('\0')}`, t.admin);
    expect(lone.statusCode).toBe(400);
    const filters = JSON.stringify([{ column: 'name', operator: 'contains', value: '\0' }]);
    const contains = await t.request('GET', `/api/products?advanced_filters=${encodeURIComponent(filters)}`, t.admin);
    expect(contains.statusCode).toBe(400);
    expect(contains.json().message).toContain('NUL');
  });

  it('an object where a number, date or boolean is expected is a 400 naming the filter', async () => {
    for (const [column, operator] of [['list_price', 'greater_than'], ['created_at', 'after'], ['published', 'is']]) {
      const filters = JSON.stringify([{ column, operator, value: { toString: 1 } }]);
      const res = await t.request('GET', `/api/products?advanced_filters=${encodeURIComponent(filters)}`, t.admin);
      expect(res.statusCode, `${column} ${res.body}`).toBe(400);
      expect(res.json().message).toContain('not a list or object');
    }
  });
});
