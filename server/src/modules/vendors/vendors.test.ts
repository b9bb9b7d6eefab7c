import { beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_MESSAGES } from '@bosun/shared';
import { insertCategory, insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let manager: { token: string; id: number };

beforeAll(async () => {
  manager = await t.register('clerk');
});

const fullVendor = {
  name: 'Harken Marine',
  email: 'sales@harken.test',
  phone: '+1 (262) 691-3320',
  address: 'N15 W24983 Bluemound Rd',
  city: 'Pewaukee',
  state: 'WI',
  country: 'USA',
  postal_code: '53072',
  website: 'https://www.harken.test',
  contact_person: 'Olaf Harken',
  tax_id: 'US-39-1234567',
  payment_terms: 'Net 30',
  status: 'active',
  logo_url: 'https://www.harken.test/logo.png',
  description: 'Sailing hardware',
  notes: 'Ships from Wisconsin',
};

describe('POST /api/vendors', () => {
  it('creates a vendor with every field and zero counts', async () => {
    const res = await t.request('POST', '/api/vendors', t.admin, fullVendor);
    expect(res.statusCode).toBe(201);
    expect(res.json().vendor).toMatchObject({
      ...fullVendor,
      id: expect.any(Number),
      product_count: 0,
      in_stock_count: 0,
      out_of_stock_count: 0,
      category_count: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it("accepts the import wizard's short body and defaults the status to active", async () => {
    const res = await t.request('POST', '/api/vendors', t.admin, { name: '  Rule Pumps ', email: '', phone: '', address: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().vendor).toMatchObject({ name: 'Rule Pumps', status: 'active', email: null, phone: null, address: null });
  });

  it('requires a non-blank name', async () => {
    for (const body of [{}, { name: '   ' }]) {
      const res = await t.request('POST', '/api/vendors', t.admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fields.name).toBe(VENDOR_MESSAGES.nameRequired);
    }
  });

  it('refuses a duplicate name whatever its case, naming the clash', async () => {
    const res = await t.request('POST', '/api/vendors', t.admin, { name: 'HARKEN marine' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: VENDOR_MESSAGES.nameTaken, details: { fields: { name: VENDOR_MESSAGES.nameTaken } } });
  });

  it('checks email, website, logo URL, phone and status on the server', async () => {
    const cases: Array<[object, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ logo_url: 'ftp://x' }, 'logo_url'],
      [{ phone: 'call me maybe' }, 'phone'],
      [{ status: 'retired' }, 'status'],
      [{ surprise: 1 }, 'body'],
    ];
    for (const [extra, field] of cases) {
      const res = await t.request('POST', '/api/vendors', t.admin, { name: `Vendor ${field}`, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      if (field !== 'body') expect(Object.keys(res.json().details.fields)).toContain(field);
    }
  });
});

describe('PUT /api/vendors/:id', () => {
  it('changes only the fields sent: status alone, then an inline rename', async () => {
    const created = (await t.request('POST', '/api/vendors', t.admin, { ...fullVendor, name: 'Ronstan' })).json().vendor;
    const status = await t.request('PUT', `/api/vendors/${created.id}`, t.admin, { status: 'inactive' });
    expect(status.statusCode).toBe(200);
    expect(status.json().vendor).toMatchObject({ ...fullVendor, name: 'Ronstan', status: 'inactive' });
    const renamed = await t.request('PUT', `/api/vendors/${created.id}`, t.admin, { name: 'Ronstan International' });
    expect(renamed.json().vendor).toMatchObject({ name: 'Ronstan International', status: 'inactive', city: 'Pewaukee' });
    const cleared = await t.request('PUT', `/api/vendors/${created.id}`, t.admin, { notes: '' });
    expect(cleared.json().vendor.notes).toBeNull();
  });

  it('refuses a blank name, a taken name, an empty body and a missing vendor', async () => {
    const id = (await t.request('POST', '/api/vendors', t.admin, { name: 'Jabsco' })).json().vendor.id;
    expect((await t.request('PUT', `/api/vendors/${id}`, t.admin, { name: ' ' })).statusCode).toBe(400);
    expect((await t.request('PUT', `/api/vendors/${id}`, t.admin, { name: 'rule pumps' })).statusCode).toBe(409);
    expect((await t.request('PUT', `/api/vendors/${id}`, t.admin, {})).statusCode).toBe(400);
    expect((await t.request('PUT', '/api/vendors/99999', t.admin, { status: 'active' })).statusCode).toBe(404);
    // Renaming to its own name in another case is not a clash with itself.
    expect((await t.request('PUT', `/api/vendors/${id}`, t.admin, { name: 'JABSCO' })).statusCode).toBe(200);
  });
});

describe('GET /api/vendors', () => {
  it('counts products, stock and categories per vendor', async () => {
    const db = t.database.db;
    const id = (await t.request('POST', '/api/vendors', t.admin, { name: 'Garmin' })).json().vendor.id;
    const root = await insertCategory(db, { name: 'Electronics', type: 'vendor', vendor_id: id });
    await insertCategory(db, { name: 'Chartplotters', type: 'vendor', vendor_id: id, parent: root });
    for (const stock of [3, 0, 12, -1]) await insertProduct(db, { vendor_id: id, stock });
    const res = await t.request('GET', '/api/vendors', t.admin);
    expect(res.statusCode).toBe(200);
    const garmin = res.json().vendors.find((v: { id: number }) => v.id === id);
    expect(garmin).toMatchObject({ product_count: 4, in_stock_count: 2, out_of_stock_count: 2, category_count: 2 });
    const rule = res.json().vendors.find((v: { name: string }) => v.name === 'Rule Pumps');
    expect(rule).toMatchObject({ product_count: 0, category_count: 0 });
  });
});

describe('vendor counts', () => {
  it('follow every product and category change', async () => {
    const db = t.database.db;
    const a = (await t.request('POST', '/api/vendors', t.admin, { name: 'Count A' })).json().vendor.id;
    const b = (await t.request('POST', '/api/vendors', t.admin, { name: 'Count B' })).json().vendor.id;
    const counts = async (id: number) => {
      const v = (await t.request('GET', '/api/vendors', t.admin)).json().vendors.find((x: { id: number }) => x.id === id);
      return [v.product_count, v.in_stock_count, v.out_of_stock_count, v.category_count];
    };
    const p1 = await insertProduct(db, { vendor_id: a, stock: 5 });
    const p2 = await insertProduct(db, { vendor_id: a, stock: 0 });
    const cat = await insertCategory(db, { name: 'Count cat', type: 'vendor', vendor_id: a });
    expect(await counts(a)).toEqual([2, 1, 1, 1]);
    await db.updateTable('products').set({ stock: 0, stock_status: 'out_of_stock' }).where('id', '=', p1).execute();
    expect(await counts(a)).toEqual([2, 0, 2, 1]);
    await db.updateTable('products').set({ vendor_id: b, stock: 9, stock_status: 'in_stock' }).where('id', '=', p2).execute();
    expect(await counts(a)).toEqual([1, 0, 1, 1]);
    expect(await counts(b)).toEqual([1, 1, 0, 0]);
    await db.updateTable('categories').set({ vendor_id: b }).where('id', '=', cat.id).execute();
    expect([(await counts(a))[3], (await counts(b))[3]]).toEqual([0, 1]);
    await db.deleteFrom('products').where('id', '=', p1).execute();
    await db.deleteFrom('categories').where('id', '=', cat.id).execute();
    expect(await counts(a)).toEqual([0, 0, 0, 0]);
    expect(await counts(b)).toEqual([1, 1, 0, 0]);
  });
});

describe('DELETE /api/vendors/:id', () => {
  it('deletes the vendor with its categories and products, leaving no orphans', async () => {
    const db = t.database.db;
    const id = (await t.request('POST', '/api/vendors', t.admin, { name: 'Doomed Supply' })).json().vendor.id;
    const keep = (await t.request('POST', '/api/vendors', t.admin, { name: 'Survivor Supply' })).json().vendor.id;
    const root = await insertCategory(db, { name: 'Doomed root', type: 'vendor', vendor_id: id });
    const child = await insertCategory(db, { name: 'Doomed child', type: 'vendor', vendor_id: id, parent: root });
    const storeCat = await insertCategory(db, { name: 'Shop shelf', type: 'store' });
    await insertProduct(db, { vendor_id: id, vendor_category_id: child.id });
    await insertProduct(db, { vendor_id: id });
    const survivor = await insertProduct(db, { vendor_id: keep, vendor_category_id: child.id, store_category_id: storeCat.id });

    const res = await t.request('DELETE', `/api/vendors/${id}`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: VENDOR_MESSAGES.deleted, deletedProducts: 2, deletedCategories: 2 });
    expect(await db.selectFrom('products').select('id').where('vendor_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('categories').select('id').where('vendor_id', '=', id).execute()).toEqual([]);
    const kept = await db.selectFrom('products').selectAll().where('id', '=', survivor).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ vendor_category_id: null, store_category_id: storeCat.id });
    expect((await t.request('DELETE', `/api/vendors/${id}`, t.admin)).statusCode).toBe(404);
  });
});

describe('vendor permissions', () => {
  it('needs a token', async () => {
    expect((await t.request('GET', '/api/vendors')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/vendors', undefined, { name: 'x' })).statusCode).toBe(401);
  });

  it('lets a shop_manager with the vendors flag in, and keeps one without it out, reads included', async () => {
    expect((await t.request('GET', '/api/vendors', manager.token)).statusCode).toBe(200);
    await t.request('PUT', `/api/users/${manager.id}`, t.admin, {
      username: 'clerk', email: 'clerk@example.test', role: 'shop_manager',
      permissions: { products: true, categories: true, vendors: false, settings: false },
    });
    expect((await t.request('GET', '/api/vendors', manager.token)).statusCode).toBe(403);
    expect((await t.request('POST', '/api/vendors', manager.token, { name: 'Nope' })).statusCode).toBe(403);
    expect((await t.request('PUT', '/api/vendors/1', manager.token, { status: 'inactive' })).statusCode).toBe(403);
    expect((await t.request('DELETE', '/api/vendors/1', manager.token)).statusCode).toBe(403);
  });
});

describe('vendor web addresses', () => {
  it('refuses a website or logo that is protocol-relative or holds backslashes', async () => {
    for (const [field, value] of [['website', '//evil.example'], ['logo_url', 'https:/\\evil.example/logo.png'], ['website', 'https://shop.test\\@evil.example']]) {
      const res = await t.request('POST', '/api/vendors', t.admin, { name: `Sketchy ${field} ${value}`, [field!]: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().details.fields, value).toHaveProperty(field!);
    }
  });
});

describe('deleting a vendor takes what it holds, so it needs the permissions for that too', () => {
  it('refuses a shop_manager without the products flag a vendor with products, and deletes nothing', async () => {
    const db = t.database.db;
    const noProducts = await t.registerWithout('buyer', t.admin, 'products');
    const id = (await t.request('POST', '/api/vendors', t.admin, { name: 'Stocked Supply' })).json().vendor.id;
    const product = await insertProduct(db, { vendor_id: id });
    const res = await t.request('DELETE', `/api/vendors/${id}`, noProducts.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(VENDOR_MESSAGES.deleteNeedsProducts);
    expect(await db.selectFrom('products').select('id').where('id', '=', product).executeTakeFirst()).toBeDefined();
    expect((await t.request('GET', '/api/vendors', noProducts.token)).json().vendors.map((v: { id: number }) => v.id)).toContain(id);
    // A vendor without products is theirs to delete.
    const empty = (await t.request('POST', '/api/vendors', t.admin, { name: 'Empty Supply' })).json().vendor.id;
    expect((await t.request('DELETE', `/api/vendors/${empty}`, noProducts.token)).statusCode).toBe(200);
  });

  it('refuses a shop_manager without the categories flag a vendor with categories', async () => {
    const db = t.database.db;
    const noCategories = await t.registerWithout('planner', t.admin, 'categories');
    const id = (await t.request('POST', '/api/vendors', t.admin, { name: 'Tree Supply' })).json().vendor.id;
    await insertCategory(db, { name: 'Tree root', type: 'vendor', vendor_id: id });
    const res = await t.request('DELETE', `/api/vendors/${id}`, noCategories.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(VENDOR_MESSAGES.deleteNeedsCategories);
    expect(await db.selectFrom('categories').select('id').where('vendor_id', '=', id).execute()).toHaveLength(1);
  });
});
