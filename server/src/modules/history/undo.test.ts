import { HISTORY_MESSAGES } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import { holdImportLock } from '../../test/hold-import-lock.js';
import { snapshotCatalogue } from './history-test-snapshot.js';

/** GET and POST /api/changes/:id/undo: the dry run and the undo of bulk edits, bulk deletes and undos. */
const t = setupTestApp();

const bulkEdit = async (ids: number[], updateData: object) => {
  const res = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids, updateData });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().changeId as number;
};
const undo = (changeId: number, body: object = {}) => t.request('POST', `/api/changes/${changeId}/undo`, t.admin, body);
const product = async (id: number) => (await t.request('GET', `/api/products/${id}`, t.admin)).json();

/** A variable product with two variations, attributes (Size with storefront settings none of the defaults) and both categories. */
const ROPE_ATTRIBUTES = [
  { name: 'Size', values: ['6 mm', '8 mm'], visible: false, global: true, default_value: '8 mm' },
  { name: 'Colour', values: ['Red'], visible: true, global: false, default_value: null },
];
async function variableProduct(sku: string) {
  const db = t.database.db;
  const vendorId = await insertVendor(db, `${sku} vendor`);
  const vendorCategory = await insertCategory(db, { name: `${sku} vc`, type: 'vendor', vendor_id: vendorId });
  const storeCategory = await insertCategory(db, { name: `${sku} sc`, type: 'store' });
  const created = await t.request('POST', '/api/products', t.admin, {
    sku, name: `${sku} rope`, vendor_id: vendorId, vendor_category_id: vendorCategory.id, store_category_id: storeCategory.id, tags: ['Rope', 'Dyneema'], description: '<p>Strong</p>',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  expect((await t.request('PUT', `/api/products/${id}/attributes`, t.admin, { attributes: ROPE_ATTRIBUTES })).statusCode).toBe(200);
  for (const [size, price] of [['6 mm', 4.5], ['8 mm', 6.25]] as const) {
    const v = await t.request('POST', `/api/products/${id}/variations`, t.admin, { sku: `${sku}-${size.replace(' ', '')}`, values: [size, 'Red'], list_price: price, stock: 3 });
    expect(v.statusCode, v.body).toBe(201);
  }
  return { id, vendorId, vendorCategoryId: vendorCategory.id, storeCategoryId: storeCategory.id };
}

describe('undo of a bulk edit', () => {
  it('puts every changed field back, marks the change undone, and an undo of the undo takes it again', async () => {
    const db = t.database.db;
    const a = await insertProduct(db, { sku: 'UE-A', list_price: 10, brand: 'Old', tags: '["x"]' });
    const b = await insertProduct(db, { sku: 'UE-B', list_price: 20, brand: null });
    const before = await snapshotCatalogue(db, { withoutUpdatedAt: true });
    const changeId = await bulkEdit([a, b], { brand: 'Lewmar', list_price: { op: 'increase', by: 'percent', value: 10 }, add_tags: ['y'] });
    const edited = await snapshotCatalogue(db, { withoutUpdatedAt: true });

    const preview = await t.request('GET', `/api/changes/${changeId}/undo`, t.admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ changeId, toDelete: 0, toRevert: 2, toRecreate: 0, conflictCount: 0, conflicts: [] });

    const res = await undo(changeId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: HISTORY_MESSAGES.undone(2), deleted: 0, reverted: 2, recreated: 0, skipped: 0 });
    expect(await snapshotCatalogue(db, { withoutUpdatedAt: true })).toEqual(before);
    const undoId = res.json().changeId;

    const listed = (await t.request('GET', '/api/changes', t.admin)).json().changes;
    expect(listed.find((c: { id: number }) => c.id === changeId)).toMatchObject({ undoneByChangeId: undoId });
    expect(listed.find((c: { id: number }) => c.id === undoId)).toMatchObject({ source: 'undo', revertsChangeId: changeId, updated: 2 });
    const history = (await t.request('GET', `/api/products/${a}/history`, t.admin)).json().entries;
    expect(history[0]).toMatchObject({ source: 'undo', undone: false });
    expect(history[1]).toMatchObject({ source: 'bulk_edit', undone: true });

    const again = await undo(changeId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HISTORY_MESSAGES.alreadyUndone);
    expect((await t.request('GET', `/api/changes/${changeId}/undo`, t.admin)).statusCode).toBe(409);

    const redo = await undo(undoId);
    expect(redo.statusCode, redo.body).toBe(200);
    expect(await snapshotCatalogue(db, { withoutUpdatedAt: true })).toEqual(edited);
    const relisted = (await t.request('GET', '/api/changes', t.admin)).json().changes;
    expect(relisted.find((c: { id: number }) => c.id === changeId).undoneByChangeId).toBeNull();
    expect(relisted.find((c: { id: number }) => c.id === undoId).undoneByChangeId).toBe(redo.json().changeId);

    // Undone once more: the undo and the redo of it are no conflict, an edit since is.
    await t.request('PUT', `/api/products/${b}`, t.admin, { name: 'Edited since' });
    const preview2 = (await t.request('GET', `/api/changes/${changeId}/undo`, t.admin)).json();
    expect(preview2).toMatchObject({ toRevert: 1, conflictCount: 1, conflicts: [{ productId: b, source: 'edit' }] });
    const third = await undo(changeId);
    expect(third.json()).toMatchObject({ reverted: 1, skipped: 1 });
    const [restoredA] = (await snapshotCatalogue(db, { withoutUpdatedAt: true })).products.filter((p) => p.id === a);
    expect(restoredA).toEqual(before.products.find((p) => p.id === a));
  });

  it('lists products changed since as conflicts, skips them by default and overwrites them when asked', async () => {
    const db = t.database.db;
    const a = await insertProduct(db, { sku: 'UC-A', list_price: 10 });
    const b = await insertProduct(db, { sku: 'UC-B', list_price: 20 });
    const changeId = await bulkEdit([a, b], { list_price: { op: 'increase', by: 'amount', value: 1 } });
    const clerk = await t.register('uc-clerk');
    expect((await t.request('PUT', `/api/products/${b}`, clerk.token, { list_price: 30, name: 'Changed since' })).statusCode).toBe(200);

    const preview = (await t.request('GET', `/api/changes/${changeId}/undo`, t.admin)).json();
    expect(preview).toMatchObject({ toRevert: 1, conflictCount: 1 });
    expect(preview.conflicts).toEqual([{ productId: b, sku: 'UC-B', name: 'Changed since', at: expect.any(String), user: { id: clerk.id, username: 'uc-clerk' }, source: 'edit' }]);

    const skipped = await undo(changeId, { conflicts: 'skip' });
    expect(skipped.json()).toMatchObject({ reverted: 1, skipped: 1 });
    expect((await product(a)).list_price).toBe(10);
    expect((await product(b)).list_price).toBe(30);

    // Taken back, then undone with overwrite: b's price of before the bulk edit comes back too.
    expect((await undo(skipped.json().changeId)).statusCode).toBe(200);
    const overwritten = await undo(changeId, { conflicts: 'overwrite' });
    expect(overwritten.json()).toMatchObject({ reverted: 2, skipped: 0 });
    expect((await product(a)).list_price).toBe(10);
    expect((await product(b))).toMatchObject({ list_price: 20, name: 'Changed since' });
  });
});

describe('undo of entries that changed different columns', () => {
  it('puts back each entry, whether a few shapes (one statement each) or more than the per-shape limit (one statement)', async () => {
    const db = t.database.db;
    const columns = ['brand', 'mfn', 'gtin', 'google_category', 'meta_title', 'meta_keywords'] as const;
    for (const count of [3, 45]) {
      const ids = await Promise.all(Array.from({ length: count }, (_, i) => insertProduct(db, { sku: `SH-${count}-${i}` })));
      const [{ id: changeId }] = [await db.insertInto('changes').values({ source: 'bulk_edit', user_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()];
      // Entry i recorded the columns of the bits of i + 1: every entry another set of columns.
      const recorded = ids.map((id, i) => Object.fromEntries(columns.filter((_, bit) => ((i + 1) >> bit) & 1).map((c) => [c, `${c}-${i}`])));
      await db.insertInto('product_changes').values(ids.map((id, i) => ({ change_id: changeId, product_id: id, action: 'updated' as const, before: JSON.stringify(recorded[i]), after: '{}' })) as never).execute();
      const res = await undo(changeId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().reverted).toBe(count);
      const rows = await db.selectFrom('products').select(['id', ...columns]).where('id', 'in', ids).orderBy('id').execute();
      for (const row of rows) {
        const i = ids.indexOf(row.id);
        for (const c of columns) expect(row[c], `${count}/${i}/${c}`).toBe(recorded[i]![c] ?? null);
      }
    }
  });
});

describe('undo of a bulk delete', () => {
  it('brings the products back exactly: same ids, variations, attributes, categories, tags and counts', async () => {
    const db = t.database.db;
    const rope = await variableProduct('UD-ROPE');
    const simple = await insertProduct(db, { sku: 'UD-S', vendor_id: rope.vendorId, store_category_id: rope.storeCategoryId, tags: '["Deck"]', list_price: 7.99 });
    const before = await snapshotCatalogue(db);
    const res = await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [rope.id, simple] });
    expect(res.json()).toMatchObject({ deleted: 2, variations_deleted: 2 });
    const changeId = res.json().changeId;
    expect((await t.request('GET', `/api/changes/${changeId}/undo`, t.admin)).json()).toMatchObject({ toRecreate: 4, toDelete: 0, toRevert: 0, conflictCount: 0 });

    const undone = await undo(changeId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ recreated: 4, deleted: 0, reverted: 0, skipped: 0, message: HISTORY_MESSAGES.undone(4) });
    expect(await snapshotCatalogue(db)).toEqual(before);
    expect(await product(rope.id)).toMatchObject({ kind: 'variable', variation_count: 2, store_category_id: rope.storeCategoryId, vendor_category_id: rope.vendorCategoryId, tags: ['Rope', 'Dyneema'] });
    // The attributes' storefront settings (visible, global, default) come back with them.
    expect((await t.request('GET', `/api/products/${rope.id}/variations`, t.admin)).json().attributes).toEqual(ROPE_ATTRIBUTES);
    const found = await t.request('GET', '/api/products?search=UD-ROPE', t.admin);
    expect(found.json().products.map((p: { id: number }) => p.id)).toContain(rope.id);

    // And the undo of that undo deletes them again.
    const redo = await undo(undone.json().changeId);
    expect(redo.json()).toMatchObject({ deleted: 4 });
    expect((await t.request('GET', `/api/products/${rope.id}`, t.admin)).statusCode).toBe(404);
  });

  it('brings a product back without a category deleted since, and skips one whose SKU is taken again', async () => {
    const db = t.database.db;
    const category = await insertCategory(db, { name: 'UD gone', type: 'store' });
    const a = await insertProduct(db, { sku: 'UD-CAT', store_category_id: category.id });
    const b = await insertProduct(db, { sku: 'UD-SKU' });
    const changeId = (await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [a, b] })).json().changeId;
    await db.deleteFrom('categories').where('id', '=', category.id).execute();
    await insertProduct(db, { sku: 'UD-SKU' });
    const res = await undo(changeId);
    expect(res.json()).toMatchObject({ recreated: 1, skipped: 1 });
    expect(await product(a)).toMatchObject({ sku: 'UD-CAT', store_category_id: null });
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown change, 400 for a change that is not undoable or a bad body, 401 and 403', async () => {
    const missing = await undo(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(HISTORY_MESSAGES.changeNotFound);
    expect((await t.request('GET', '/api/changes/999999/undo', t.admin)).statusCode).toBe(404);
    const created = await t.request('POST', '/api/products', t.admin, { sku: 'UR-1', name: 'Form' });
    const [formChange] = (await t.request('GET', '/api/changes?source=create', t.admin)).json().changes;
    expect(formChange).toBeDefined();
    const notUndoable = await undo(formChange.id);
    expect(notUndoable.statusCode).toBe(400);
    expect(notUndoable.json().message).toBe(HISTORY_MESSAGES.notUndoable('create'));
    const changeId = await bulkEdit([created.json().id], { brand: 'X' });
    const bad = await undo(changeId, { conflicts: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('conflicts');
    expect((await undo(changeId, { conflicts: 'skip', extra: 1 })).statusCode).toBe(400);
    expect((await t.request('POST', `/api/changes/${changeId}/undo`, undefined, {})).statusCode).toBe(401);
    const clerk = await t.registerWithout('ur-clerk', t.admin, 'products');
    expect((await t.request('POST', `/api/changes/${changeId}/undo`, clerk.token, {})).statusCode).toBe(403);
    expect((await t.request('GET', `/api/changes/${changeId}/undo`, clerk.token)).statusCode).toBe(403);
    expect((await product(created.json().id)).brand).toBe('X');
  });

  it('answers 409 when everything the change did was changed since and conflicts are skipped', async () => {
    const id = await insertProduct(t.database.db, { sku: 'UR-ALL', brand: 'A' });
    const changeId = await bulkEdit([id], { brand: 'B' });
    await t.request('PUT', `/api/products/${id}`, t.admin, { brand: 'C' });
    const res = await undo(changeId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HISTORY_MESSAGES.nothingToUndo);
    expect((await product(id)).brand).toBe('C');
    const listed = (await t.request('GET', '/api/changes', t.admin)).json().changes;
    expect(listed.find((c: { id: number }) => c.id === changeId).undoneByChangeId).toBeNull();
  });

  it('leaves the database as it was when a write of the undo fails (its old SKU is taken since)', async () => {
    const db = t.database.db;
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'UF-A', name: 'First' })).json();
    await t.request('PUT', `/api/products/${created.id}`, t.admin, { sku: 'UF-B', brand: 'Kept' });
    const [, first] = (await t.request('GET', `/api/products/${created.id}/history`, t.admin)).json().entries;
    const restored = await t.request('POST', `/api/products/${created.id}/history/${first.id}/restore`, t.admin, {});
    expect(restored.json()).toMatchObject({ sku: 'UF-A', brand: null });
    await insertProduct(db, { sku: 'UF-B' });
    const [restoreChange] = (await t.request('GET', '/api/changes?source=restore&limit=1', t.admin)).json().changes;
    const before = await snapshotCatalogue(db);
    const changesBefore = (await t.request('GET', '/api/changes?limit=100', t.admin)).json();

    const res = await undo(restoreChange.id);
    expect(res.statusCode).toBe(409);
    expect(await snapshotCatalogue(db)).toEqual(before);
    expect((await t.request('GET', '/api/changes?limit=100', t.admin)).json()).toEqual(changesBefore);
  });

  it('waits for an import that is writing before it undoes', async () => {
    const id = await insertProduct(t.database.db, { sku: 'UR-LOCK', brand: 'A' });
    const changeId = await bulkEdit([id], { brand: 'B' });
    const importing = await holdImportLock(t.database);
    let answered = false;
    const undoing = undo(changeId).then((res) => ((answered = true), res));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    expect((await product(id)).brand).toBe('B');
    await importing.release();
    expect((await undoing).statusCode).toBe(200);
    expect((await product(id)).brand).toBe('A');
  });
});
