import { HISTORY_MESSAGES } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/** The product's version, and PUT /api/products/:id refusing a save made on an older one (409). */
const t = setupTestApp();

describe('saving on a stale version', () => {
  it('answers the version with the product and moves it with each recorded save', async () => {
    const created = await t.request('POST', '/api/products', t.admin, { sku: 'SV-1', name: 'Cleat' });
    const v1 = created.json().version;
    expect(v1).toBeGreaterThan(0);
    const got = (await t.request('GET', `/api/products/${created.json().id}`, t.admin)).json();
    expect(got.version).toBe(v1);
    const saved = await t.request('PUT', `/api/products/${got.id}`, t.admin, { name: 'Horn cleat', brand: got.brand, version: got.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBeGreaterThan(v1);
    // Saved unchanged: nothing recorded, the version stays.
    const same = await t.request('PUT', `/api/products/${got.id}`, t.admin, { name: 'Horn cleat', version: saved.json().version });
    expect(same.json().version).toBe(saved.json().version);
    const old = await insertProduct(t.database.db, { sku: 'SV-OLD' });
    await t.database.db.deleteFrom('product_changes').where('product_id', '=', old).execute();
    expect((await t.request('GET', `/api/products/${old}`, t.admin)).json().version).toBe(0);
  });

  it("refuses the second of two saves on the same version with the other's fields, value, who and when", async () => {
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'SV-2', name: 'Block', list_price: 10, brand: 'Harken' })).json();
    const clerk = await t.register('sv-clerk');
    const first = await t.request('PUT', `/api/products/${created.id}`, clerk.token, { list_price: 12, brand: 'Ronstan', version: created.version });
    expect(first.statusCode).toBe(200);
    const second = await t.request('PUT', `/api/products/${created.id}`, t.admin, { name: 'Snatch block', list_price: 11, version: created.version });
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body).toMatchObject({ code: 'STALE_VERSION', message: HISTORY_MESSAGES.staleVersion });
    expect(body.details.fields).toEqual({ brand: HISTORY_MESSAGES.changedSince('sv-clerk'), list_price: HISTORY_MESSAGES.changedSince('sv-clerk') });
    expect(body.details.conflict).toEqual({
      version: first.json().version,
      changes: [
        { field: 'brand', theirs: 'Ronstan', at: expect.any(String), user: { id: clerk.id, username: 'sv-clerk' } },
        { field: 'list_price', theirs: 12, at: expect.any(String), user: { id: clerk.id, username: 'sv-clerk' } },
      ],
    });
    // Nothing of the refused save was written.
    const stored = (await t.request('GET', `/api/products/${created.id}`, t.admin)).json();
    expect(stored).toMatchObject({ name: 'Block', list_price: 12, brand: 'Ronstan', version: first.json().version });
    // Saved again on the current version, it goes through.
    const retried = await t.request('PUT', `/api/products/${created.id}`, t.admin, { name: 'Snatch block', version: stored.version });
    expect(retried.statusCode).toBe(200);
  });

  it('lets exactly one of two saves sent at once on the same version through', async () => {
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'SV-RACE', name: 'Race', list_price: 1 })).json();
    for (let round = 0; round < 3; round++) {
      const { version } = (await t.request('GET', `/api/products/${created.id}`, t.admin)).json();
      const answers = await Promise.all([
        t.request('PUT', `/api/products/${created.id}`, t.admin, { list_price: 10 + round, version }),
        t.request('PUT', `/api/products/${created.id}`, t.admin, { brand: `Brand ${round}`, version }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    }
  });

  it('does not check a save without a version, nor a bulk edit; refuses a bad version naming it', async () => {
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'SV-3', name: 'Winch' })).json();
    const bulk = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [created.id], updateData: { brand: 'Lewmar' } });
    expect(bulk.statusCode).toBe(200);
    expect((await t.request('PUT', `/api/products/${created.id}`, t.admin, { name: 'Winch 40' })).statusCode).toBe(200);
    expect((await t.request('PUT', `/api/products/${created.id}`, t.admin, { name: 'Winch 46', version: created.version })).statusCode).toBe(409);
    for (const version of [-1, 1.5, 'x']) {
      const bad = await t.request('PUT', `/api/products/${created.id}`, t.admin, { name: 'Winch', version });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fields).toHaveProperty('version');
    }
    expect((await t.request('PUT', `/api/products/${created.id}`, undefined, { name: 'W', version: 1 })).statusCode).toBe(401);
    const clerk = await t.registerWithout('sv-noprod', t.admin, 'products');
    expect((await t.request('PUT', `/api/products/${created.id}`, clerk.token, { name: 'W', version: 1 })).statusCode).toBe(403);
  });
});
