import { HISTORY_MESSAGES, PRODUCT_FORM_MESSAGES } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/** Recently deleted (GET /api/products/deleted, POST /api/products/restore) and restoring a version. */
const t = setupTestApp();

const history = async (id: number) => (await t.request('GET', `/api/products/${id}/history?limit=100`, t.admin)).json().entries as Array<{ id: number; action: string; source: string }>;
const deletedList = async (query = '') => (await t.request('GET', `/api/products/deleted${query}`, t.admin)).json();
const entryOf = async (productId: number) => (await history(productId)).find((e) => e.action === 'deleted')!.id;

describe('recently deleted', () => {
  it('lists deleted products newest first, searchable, and restores one with its categories, tags and variations', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'RD vendor');
    const storeCategory = await insertCategory(db, { name: 'RD store', type: 'store' });
    const created = await t.request('POST', '/api/products', t.admin, { sku: 'RD-ROPE', name: 'Mooring rope', vendor_id: vendorId, store_category_id: storeCategory.id, tags: ['Rope'] });
    const rope = created.json().id;
    // Its attribute's storefront settings come back with it (kept in the deleted state since migration 0033).
    const size = { name: 'Size', values: ['10 mm', '12 mm'], visible: false, global: true, default_value: '12 mm' };
    await t.request('PUT', `/api/products/${rope}/attributes`, t.admin, { attributes: [size] });
    for (const size of ['10 mm', '12 mm']) await t.request('POST', `/api/products/${rope}/variations`, t.admin, { sku: `RD-ROPE-${size.slice(0, 2)}`, values: [size], list_price: 3 });
    const other = await insertProduct(db, { sku: 'RD-OTHER', name: 'Fender' });
    const before = (await t.request('GET', `/api/products/${rope}`, t.admin)).json();
    expect((await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [rope] })).statusCode).toBe(200);
    expect((await t.request('DELETE', `/api/products/${other}`, t.admin)).statusCode).toBe(200);

    const listed = await deletedList();
    expect(listed.products[0]).toMatchObject({ productId: other, sku: 'RD-OTHER', name: 'Fender', kind: 'simple', source: 'delete', user: { username: 'owner' } });
    const ropeRow = listed.products.find((p: { productId: number }) => p.productId === rope);
    expect(ropeRow).toMatchObject({ sku: 'RD-ROPE', kind: 'variable', source: 'bulk_delete', deletedAt: expect.any(String) });
    expect(listed.products.filter((p: { sku: string }) => p.sku.startsWith('RD-ROPE-'))).toHaveLength(2);
    const found = await deletedList('?search=mooring');
    expect(found.products.map((p: { productId: number }) => p.productId)).toEqual([rope]);
    expect(found.pagination).toMatchObject({ total: 1 });

    const variationEntries = listed.products.filter((p: { sku: string }) => p.sku.startsWith('RD-ROPE-')).map((p: { entryId: number }) => p.entryId);
    const res = await t.request('POST', '/api/products/restore', t.admin, { entryIds: [ropeRow.entryId, ...variationEntries] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: HISTORY_MESSAGES.restored(3), restored: 3, failed: [], changeId: expect.any(Number) });
    const after = (await t.request('GET', `/api/products/${rope}`, t.admin)).json();
    const { version: _v1, updated_at: _u1, ...beforeFields } = before;
    const { version: _v2, updated_at: _u2, ...afterFields } = after;
    expect(afterFields).toEqual(beforeFields);
    expect(after).toMatchObject({ store_category_id: storeCategory.id, vendor_id: vendorId, tags: ['Rope'], variation_count: 2, kind: 'variable' });
    const variations = (await t.request('GET', `/api/products/${rope}/variations`, t.admin)).json();
    expect(variations.attributes).toEqual([size]);
    expect(variations.variations).toHaveLength(2);
    expect((await history(rope))[0]).toMatchObject({ action: 'created', source: 'restore' });
    expect((await deletedList()).products.map((p: { productId: number }) => p.productId)).not.toContain(rope);
    const [change] = (await t.request('GET', '/api/changes?source=restore', t.admin)).json().changes;
    expect(change).toMatchObject({ id: res.json().changeId, created: 3 });
  });

  it('refuses entries one by one: already back, SKU taken, parent missing, not a deleted product', async () => {
    const db = t.database.db;
    const parent = await t.request('POST', '/api/products', t.admin, { sku: 'RF-P', name: 'Parent' });
    const parentId = parent.json().id;
    await t.request('PUT', `/api/products/${parentId}/attributes`, t.admin, { attributes: [{ name: 'Size', values: ['S'] }] });
    const variation = (await t.request('POST', `/api/products/${parentId}/variations`, t.admin, { sku: 'RF-P-S', values: ['S'] })).json().id;
    const a = await insertProduct(db, { sku: 'RF-A' });
    const b = await insertProduct(db, { sku: 'RF-B' });
    await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [parentId, a, b] });
    await insertProduct(db, { sku: 'RF-B' });
    const entries = { parent: await entryOf(parentId), variation: await entryOf(variation), a: await entryOf(a), b: await entryOf(b) };
    expect((await t.request('POST', '/api/products/restore', t.admin, { entryIds: [entries.a] })).json()).toMatchObject({ restored: 1 });
    const createdEntry = (await history(a)).find((e) => e.action === 'created')!.id;

    const res = await t.request('POST', '/api/products/restore', t.admin, { entryIds: [entries.a, entries.b, entries.variation, createdEntry, 999_999] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ restored: 0, changeId: null });
    expect(res.json().failed).toEqual(
      expect.arrayContaining([
        { entryId: entries.a, reason: HISTORY_MESSAGES.alreadyRestored },
        { entryId: entries.b, reason: HISTORY_MESSAGES.restoreSkuTaken('RF-B') },
        { entryId: entries.variation, reason: HISTORY_MESSAGES.parentMissing },
        { entryId: createdEntry, reason: HISTORY_MESSAGES.entryNotFound },
        { entryId: 999_999, reason: HISTORY_MESSAGES.entryNotFound },
      ]),
    );
    expect(res.json().failed).toHaveLength(5);
    expect((await t.request('GET', `/api/products/${variation}`, t.admin)).statusCode).toBe(404);
  });

  it('refuses a bad body naming the field, no token and a user without the products permission', async () => {
    for (const body of [{ entryIds: [] }, { entryIds: ['x'] }, {}, { entryIds: [1], more: 1 }]) {
      const res = await t.request('POST', '/api/products/restore', t.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('POST', '/api/products/restore', t.admin, { entryIds: [] })).json().details.fields).toHaveProperty('entryIds');
    expect((await t.request('GET', '/api/products/deleted?limit=0', t.admin)).json().details.fields).toHaveProperty('limit');
    expect((await t.request('GET', '/api/products/deleted')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/products/restore', undefined, { entryIds: [1] })).statusCode).toBe(401);
    const clerk = await t.registerWithout('rd-clerk', t.admin, 'products');
    expect((await t.request('GET', '/api/products/deleted', clerk.token)).statusCode).toBe(403);
    expect((await t.request('POST', '/api/products/restore', clerk.token, { entryIds: [1] })).statusCode).toBe(403);
  });
});

describe('restoring a version', () => {
  async function edited() {
    const created = (await t.request('POST', '/api/products', t.admin, { sku: `RV-${Math.random().toString(36).slice(2, 8)}`, name: 'A', list_price: 1 })).json();
    await t.request('PUT', `/api/products/${created.id}`, t.admin, { name: 'B', list_price: 2 });
    await t.request('PUT', `/api/products/${created.id}`, t.admin, { list_price: 3, brand: 'X' });
    const [third, second, first] = await history(created.id);
    return { id: created.id as number, first: first!.id, second: second!.id, third: third!.id };
  }
  const restore = (id: number, entryId: number, body: object = {}, token = t.admin) => t.request('POST', `/api/products/${id}/history/${entryId}/restore`, token, body);

  it('puts every field back as it was after the entry, recorded as a restore', async () => {
    const p = await edited();
    const res = await restore(p.id, p.second);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, name: 'B', list_price: 2, brand: null });
    const [latest] = await history(p.id);
    expect(latest).toMatchObject({ action: 'updated', source: 'restore' });
    const toCreated = await restore(p.id, p.first);
    expect(toCreated.json()).toMatchObject({ name: 'A', list_price: 1, brand: null });
  });

  it('restores one field only', async () => {
    const p = await edited();
    const res = await restore(p.id, p.first, { field: 'name' });
    expect(res.json()).toMatchObject({ name: 'A', list_price: 3, brand: 'X' });
    const bad = await restore(p.id, p.first, { field: 'colour' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: HISTORY_MESSAGES.unknownField('colour'), details: { fields: { field: HISTORY_MESSAGES.unknownField('colour') } } });
    expect((await restore(p.id, p.first, { field: 'kind' })).statusCode).toBe(400);
    expect((await restore(p.id, p.first, { field: 'name', extra: 1 })).statusCode).toBe(400);
  });

  it("never writes a variable product's totals, which are its variations'", async () => {
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'RV-VAR', name: 'Var', list_price: 9, brand: 'Old' })).json();
    await t.request('PUT', `/api/products/${created.id}`, t.admin, { brand: 'New' });
    await t.request('PUT', `/api/products/${created.id}/attributes`, t.admin, { attributes: [{ name: 'Size', values: ['S'] }] });
    await t.request('POST', `/api/products/${created.id}/variations`, t.admin, { sku: 'RV-VAR-S', values: ['S'], list_price: 4 });
    const first = (await history(created.id)).find((e) => e.action === 'created')!.id;
    const refused = await restore(created.id, first, { field: 'list_price' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields).toEqual({ field: HISTORY_MESSAGES.fieldNotRestorable('list_price') });
    const res = await restore(created.id, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'variable', list_price: 4, brand: 'Old', variation_count: 1 });
  });

  it('answers 404 for an entry of another product, 409 for a deleted product or a category gone since', async () => {
    const p = await edited();
    const q = await edited();
    const other = await restore(p.id, q.second);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(HISTORY_MESSAGES.entryNotFound);
    expect((await restore(p.id, 999_999)).statusCode).toBe(404);

    const category = await insertCategory(t.database.db, { name: 'RV gone', type: 'store' });
    await t.request('PUT', `/api/products/${p.id}`, t.admin, { store_category_id: category.id });
    const [withCategory] = await history(p.id);
    await t.request('PUT', `/api/products/${p.id}`, t.admin, { store_category_id: null });
    await t.database.db.deleteFrom('categories').where('id', '=', category.id).execute();
    const gone = await restore(p.id, withCategory!.id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().details.fields).toEqual({ store_category_id: HISTORY_MESSAGES.referenceGone('store_category_id') });

    const taken = await edited();
    await t.request('PUT', `/api/products/${taken.id}`, t.admin, { sku: 'RV-RENAMED' });
    const [renamed] = await history(taken.id);
    await t.request('PUT', `/api/products/${taken.id}`, t.admin, { sku: 'RV-RENAMED-2' });
    await insertProduct(t.database.db, { sku: 'RV-RENAMED' });
    const skuRes = await restore(taken.id, renamed!.id);
    expect(skuRes.statusCode).toBe(409);
    expect(skuRes.json().details.fields).toEqual({ sku: PRODUCT_FORM_MESSAGES.skuTaken('RV-RENAMED') });

    await t.request('DELETE', `/api/products/${q.id}`, t.admin);
    const deleted = await restore(q.id, q.second);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(HISTORY_MESSAGES.productDeleted);
  });

  it("refuses with 409 a restore that would leave the product in another vendor's category", async () => {
    const db = t.database.db;
    const [harbour, marina] = [await insertVendor(db, 'RV harbour'), await insertVendor(db, 'RV marina')];
    const harbourCategory = await insertCategory(db, { name: 'RV harbour deck', type: 'vendor', vendor_id: harbour });
    const marinaCategory = await insertCategory(db, { name: 'RV marina deck', type: 'vendor', vendor_id: marina });
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'RV-OWN', name: 'Cleat', vendor_id: harbour, vendor_category_id: harbourCategory.id })).json();
    const moved = await t.request('PUT', `/api/products/${created.id}`, t.admin, { vendor_id: marina, vendor_category_id: marinaCategory.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const first = (await history(created.id)).find((e) => e.action === 'created')!.id;
    const vendorOnly = await restore(created.id, first, { field: 'vendor_id' });
    expect(vendorOnly.statusCode).toBe(409);
    expect(vendorOnly.json().details.fields).toEqual({ vendor_id: PRODUCT_FORM_MESSAGES.vendorCategoryWrongVendor });
    const categoryOnly = await restore(created.id, first, { field: 'vendor_category_id' });
    expect(categoryOnly.statusCode).toBe(409);
    expect(categoryOnly.json().details.fields).toEqual({ vendor_category_id: PRODUCT_FORM_MESSAGES.vendorCategoryWrongVendor });
    expect((await t.request('GET', `/api/products/${created.id}`, t.admin)).json()).toMatchObject({ vendor_id: marina, vendor_category_id: marinaCategory.id });
    const whole = await restore(created.id, first);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ vendor_id: harbour, vendor_category_id: harbourCategory.id });
  });

  it('refuses no token and a user without the products permission', async () => {
    const p = await edited();
    expect((await t.request('POST', `/api/products/${p.id}/history/${p.first}/restore`, undefined, {})).statusCode).toBe(401);
    const clerk = await t.registerWithout('rv-clerk', t.admin, 'products');
    expect((await restore(p.id, p.first, {}, clerk.token)).statusCode).toBe(403);
    expect((await t.request('GET', `/api/products/${p.id}`, t.admin)).json().name).toBe('B');
  });
});
