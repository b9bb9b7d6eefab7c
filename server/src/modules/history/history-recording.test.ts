import { describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/** Each write path records its change, in the same transaction as the write (migration 0023's triggers). */
const t = setupTestApp();

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
async function entriesOf(productId: number) {
  const rows = await t.database.db
    .selectFrom('product_changes as pc')
    .leftJoin('changes as c', 'c.id', 'pc.change_id')
    .select(['pc.id', 'pc.action', 'pc.before', 'pc.after', 'c.source', 'c.user_id'])
    .where('pc.product_id', '=', productId)
    .orderBy('pc.id')
    .execute();
  return rows.map((r) => ({ ...r, before: json(r.before), after: json(r.after) }));
}

describe('recording every write to a product', () => {
  it('records a created, an edited and a deleted product with who and the source, only the changed fields', async () => {
    const created = await t.request('POST', '/api/products', t.admin, { sku: 'H-1', name: 'Hook', list_price: 5 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const edited = await t.request('PUT', `/api/products/${id}`, t.admin, { name: 'Boat hook', list_price: 6.5, brand: null });
    expect(edited.statusCode).toBe(200);
    // Saved unchanged: nothing recorded.
    await t.request('PUT', `/api/products/${id}`, t.admin, { name: 'Boat hook' });
    expect((await t.request('DELETE', `/api/products/${id}`, t.admin)).statusCode).toBe(200);
    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.action, e.source])).toEqual([['created', 'create'], ['updated', 'edit'], ['deleted', 'delete']]);
    expect(entries.every((e) => e.user_id !== null)).toBe(true);
    expect(entries[1]).toMatchObject({ before: { name: 'Hook', list_price: 5 }, after: { name: 'Boat hook', list_price: 6.5 } });
    expect(entries[2]!.before).toMatchObject({ id, sku: 'H-1', name: 'Boat hook', list_price: 6.5, attributes: [] });
  });

  it('records a bulk edit as one entry per product, its fields and tags merged, and a bulk delete', async () => {
    const db = t.database.db;
    const a = await insertProduct(db, { sku: 'BK-A', name: 'A', list_price: 10, tags: '["old"]' });
    const b = await insertProduct(db, { sku: 'BK-B', name: 'B', list_price: 20 });
    const res = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [a, b], updateData: { brand: 'Lewmar', list_price: { op: 'increase', by: 'percent', value: 10 }, add_tags: ['new'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().changeId).toEqual(expect.any(Number));
    const [entryA] = (await entriesOf(a)).filter((e) => e.source === 'bulk_edit');
    expect(entryA).toMatchObject({ action: 'updated', before: { brand: null, list_price: 10, tags: '["old"]' }, after: { brand: 'Lewmar', list_price: 11 } });
    expect(JSON.parse(entryA!.after.tags)).toEqual(['old', 'new']);
    const deleted = await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [a, b] });
    expect(deleted.json()).toMatchObject({ deleted: 2, changeId: expect.any(Number) });
    expect((await entriesOf(b)).at(-1)).toMatchObject({ action: 'deleted', source: 'bulk_delete', before: { sku: 'BK-B', list_price: 22 } });
  });

  it('leaves neither the change nor its record when the write fails', async () => {
    const db = t.database.db;
    const a = await insertProduct(db, { sku: 'AT-A', name: 'A', vendor_cost: 5, special_price: 8 });
    const before = await entriesOf(a);
    const changesBefore = await db.selectFrom('changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // The brand is written first, then the special price under cost refuses the whole edit.
    const res = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [a], updateData: { brand: 'X', special_price: 1 } });
    expect(res.statusCode).toBe(400);
    expect(await entriesOf(a)).toEqual(before);
    const changesAfter = await db.selectFrom('changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(changesAfter.n)).toBe(Number(changesBefore.n));
  });

  it('records a category merge and delete that move products, a vendor deleted with its products, and variation writes', async () => {
    const db = t.database.db;
    const from = await insertCategory(db, { name: 'Ropes', type: 'store' });
    const into = await insertCategory(db, { name: 'Lines', type: 'store' });
    const gone = await insertCategory(db, { name: 'Old', type: 'store' });
    const p = await insertProduct(db, { sku: 'CM-1', name: 'Line', store_category_id: from.id });
    const q = await insertProduct(db, { sku: 'CM-2', name: 'Net', store_category_id: gone.id });
    expect((await t.request('POST', '/api/categories/merge', t.admin, { sourceCategoryId: from.id, targetCategoryId: into.id })).statusCode).toBe(200);
    expect((await t.request('DELETE', `/api/categories/${gone.id}`, t.admin)).statusCode).toBe(200);
    expect((await entriesOf(p)).at(-1)).toMatchObject({ source: 'category_merge', before: { store_category_id: from.id }, after: { store_category_id: into.id } });
    expect((await entriesOf(q)).at(-1)).toMatchObject({ source: 'category_delete', before: { store_category_id: gone.id }, after: { store_category_id: null } });

    const vendor = await insertVendor(db, 'Gone Marine');
    const v = await insertProduct(db, { sku: 'VD-1', name: 'Gone', vendor_id: vendor });
    expect((await t.request('DELETE', `/api/vendors/${vendor}`, t.admin)).statusCode).toBe(200);
    expect((await entriesOf(v)).at(-1)).toMatchObject({ action: 'deleted', source: 'vendor_delete', before: { sku: 'VD-1' } });

    const parent = (await t.request('POST', '/api/products', t.admin, { sku: 'ROPE-H', name: 'Rope' })).json().id;
    expect((await t.request('PUT', `/api/products/${parent}/attributes`, t.admin, { attributes: [{ name: 'Size', values: ['6 mm', '8 mm'] }] })).statusCode).toBe(200);
    const made = await t.request('POST', `/api/products/${parent}/variations/generate`, t.admin, { values: [['6 mm', '8 mm']], sku_pattern: '{sku}-{Size}', list_price: 5 });
    expect(made.statusCode, made.body).toBe(200);
    expect((await entriesOf(parent)).map((e) => [e.action, e.source])).toEqual([['created', 'create'], ['updated', 'variations']]);
    const variation = await db.selectFrom('products').select('id').where('parent_id', '=', parent).orderBy('id').executeTakeFirstOrThrow();
    expect((await entriesOf(variation.id)).map((e) => [e.action, e.source])).toEqual([['created', 'variations']]);
    // The parent's totals moved with its variations: not a change of anyone's, not recorded.
    expect((await entriesOf(parent)).at(-1)!.after).toEqual({ kind: 'variable' });
  });
});
