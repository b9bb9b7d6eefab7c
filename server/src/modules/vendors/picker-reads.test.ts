import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type Permissions } from '@bosun/shared';
import { insertCategory, insertVendor } from '../../test/fixtures.js';
import { setupTestApp, TEST_PASSWORD } from '../../test/test-app.js';

// Issue 24 point 1: the vendor and category names product work picks from are read with the
// products flag (or the vendors / categories flag); writing vendors and categories is not.

const t = setupTestApp();
const none: Permissions = { products: false, categories: false, vendors: false, settings: false };
let productsOnly: string;
let vendorsOnly: string;
let categoriesOnly: string;
let settingsOnly: string;
let pending: string;
let vendorId: number;
let categoryId: number;

/** A shop_manager an admin made with exactly these flags, signed in. */
async function managerWith(username: string, flags: Partial<Permissions>) {
  const created = await t.request('POST', '/api/users', t.admin, {
    username, email: `${username}@example.test`, password: TEST_PASSWORD, role: 'shop_manager', permissions: { ...none, ...flags },
  });
  expect(created.statusCode).toBe(201);
  return (await t.request('POST', '/api/auth/login', undefined, { username, password: TEST_PASSWORD })).json().token as string;
}

beforeAll(async () => {
  productsOnly = await managerWith('stocker', { products: true });
  vendorsOnly = await managerWith('buyer', { vendors: true });
  categoriesOnly = await managerWith('sorter', { categories: true });
  settingsOnly = await managerWith('clerk', { settings: true });
  pending = (await t.registerPending('newcomer')).token;
  vendorId = await insertVendor(t.database.db, 'Harken');
  await t.request('PUT', `/api/vendors/${vendorId}`, t.admin, { email: 'sales@harken.test', tax_id: 'US-1', notes: 'private' });
  categoryId = (await insertCategory(t.database.db, { name: 'Winches', type: 'vendor', vendor_id: vendorId })).id;
  await insertCategory(t.database.db, { name: 'Deck', type: 'store' });
});

describe('GET /api/vendors/names', () => {
  it('answers the names and product counts alone to the products, categories and vendors flags', async () => {
    for (const token of [productsOnly, categoriesOnly, vendorsOnly, t.admin]) {
      const res = await t.request('GET', '/api/vendors/names', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ vendors: [{ id: vendorId, name: 'Harken', product_count: 0 }] });
    }
  });

  it('answers 401 without a token, 403 without any of those flags, and 403 to a pending account', async () => {
    expect((await t.request('GET', '/api/vendors/names')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/vendors/names', settingsOnly)).statusCode).toBe(403);
    const waiting = await t.request('GET', '/api/vendors/names', pending);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().message).toBe(AUTH_MESSAGES.pendingApproval);
  });

  it('leaves the full vendors (contacts, tax id, notes) and every vendor write to the vendors flag', async () => {
    expect((await t.request('GET', '/api/vendors', productsOnly)).statusCode).toBe(403);
    // The route matched decides, whatever the spelling of the path.
    expect((await t.request('GET', '/api/%76endors', productsOnly)).statusCode).toBe(403);
    expect((await t.request('POST', '/api/vendors', productsOnly, { name: 'Lewmar' })).statusCode).toBe(403);
    expect((await t.request('PUT', `/api/vendors/${vendorId}`, productsOnly, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await t.request('DELETE', `/api/vendors/${vendorId}`, productsOnly)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/vendors', vendorsOnly)).statusCode).toBe(200);
  });
});

describe('GET /api/categories and /api/categories/vendor/:vendorId', () => {
  it('answer the trees to the products flag and to the categories flag', async () => {
    for (const token of [productsOnly, categoriesOnly]) {
      const all = await t.request('GET', '/api/categories', token);
      expect(all.statusCode).toBe(200);
      expect(all.json().flatCategories.map((c: { name: string }) => c.name).sort()).toEqual(['Deck', 'Winches']);
      const ofVendor = await t.request('GET', `/api/categories/vendor/${vendorId}?type=vendor`, token);
      expect(ofVendor.statusCode).toBe(200);
      expect(ofVendor.json().categories.map((c: { id: number }) => c.id)).toEqual([categoryId]);
    }
  });

  it('answer 401 without a token, 403 without either flag, 403 to a pending account, and 400 naming a bad vendor id', async () => {
    expect((await t.request('GET', '/api/categories')).statusCode).toBe(401);
    for (const token of [vendorsOnly, settingsOnly, pending]) {
      expect((await t.request('GET', '/api/categories', token)).statusCode).toBe(403);
      expect((await t.request('GET', `/api/categories/vendor/${vendorId}`, token)).statusCode).toBe(403);
    }
    const bad = await t.request('GET', '/api/categories/vendor/abc', productsOnly);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields)).toEqual(['vendorId']);
  });

  it('leave every category write to the categories flag', async () => {
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/categories', { name: 'Sails', type: 'store' }],
      ['PUT', `/api/categories/${categoryId}`, { name: 'Renamed', type: 'vendor', vendor_id: vendorId }],
      ['DELETE', `/api/categories/${categoryId}`],
      ['DELETE', '/api/categories/bulk-delete', { categoryIds: [categoryId] }],
      ['POST', '/api/categories/merge', { sourceCategoryId: categoryId, targetCategoryId: categoryId }],
      ['POST', '/api/categories/clear-cache'],
    ];
    for (const [method, url, body] of writes) expect((await t.request(method, url, productsOnly, body)).statusCode, `${method} ${url}`).toBe(403);
    expect((await t.request('POST', '/api/categories', categoriesOnly, { name: 'Sails', type: 'store' })).statusCode).toBe(201);
  });
});
