import { describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/** GET /api/products/:id/history and GET /api/changes. */
const t = setupTestApp();

describe('a product history', () => {
  it('lists created, updated and deleted entries newest first, with who, the source and the fields', async () => {
    const created = await t.request('POST', '/api/products', t.admin, { sku: 'PH-1', name: 'Hook', list_price: 5 });
    const id = created.json().id;
    await t.request('PUT', `/api/products/${id}`, t.admin, { name: 'Boat hook', list_price: 6.5 });
    let res = await t.request('GET', `/api/products/${id}/history`, t.admin);
    expect(res.statusCode).toBe(200);
    const [updated, first] = res.json().entries;
    expect(updated).toMatchObject({ action: 'updated', source: 'edit', user: { username: 'owner' }, undone: false, importRunId: null });
    expect(updated.fields).toEqual([
      { field: 'name', before: 'Hook', after: 'Boat hook' },
      { field: 'list_price', before: 5, after: 6.5 },
    ]);
    expect(first).toMatchObject({ action: 'created', source: 'create', fields: [] });
    expect(updated.at).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect((await t.request('DELETE', `/api/products/${id}`, t.admin)).statusCode).toBe(200);
    res = await t.request('GET', `/api/products/${id}/history?limit=1`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({ page: 1, limit: 1, total: 3, pages: 3 });
    const [deleted] = res.json().entries;
    expect(deleted).toMatchObject({ action: 'deleted', source: 'delete' });
    expect(deleted.fields).toContainEqual({ field: 'sku', before: 'PH-1', after: null });
    expect(deleted.fields.map((f: { field: string }) => f.field)).not.toContain('id');
    expect(deleted.fields.map((f: { field: string }) => f.field)).not.toContain('attributes');
    const page3 = await t.request('GET', `/api/products/${id}/history?limit=1&page=3`, t.admin);
    expect(page3.json().entries[0].action).toBe('created');
  });

  it('answers an empty history for a product written before the history existed, 404 for one that never was', async () => {
    const id = await insertProduct(t.database.db, { sku: 'PH-OLD' });
    await t.database.db.deleteFrom('product_changes').where('product_id', '=', id).execute();
    const res = await t.request('GET', `/api/products/${id}/history`, t.admin);
    expect(res.json()).toMatchObject({ entries: [], pagination: { total: 0 } });
    const missing = await t.request('GET', '/api/products/999999/history', t.admin);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad paging naming the field, no token and a user without the products permission', async () => {
    const id = await insertProduct(t.database.db);
    const bad = await t.request('GET', `/api/products/${id}/history?limit=500`, t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('limit');
    expect((await t.request('GET', `/api/products/abc/history`, t.admin)).statusCode).toBe(400);
    expect((await t.request('GET', `/api/products/${id}/history`)).statusCode).toBe(401);
    const clerk = await t.registerWithout('ph-clerk', t.admin, 'products');
    expect((await t.request('GET', `/api/products/${id}/history`, clerk.token)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/changes', clerk.token)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/changes')).statusCode).toBe(401);
  });
});

describe('the list of changes', () => {
  it('lists bulk operations newest first with counts per action; source narrows', async () => {
    const db = t.database.db;
    const a = await insertProduct(db, { sku: 'CL-A', list_price: 10 });
    const b = await insertProduct(db, { sku: 'CL-B', list_price: 20 });
    const edit = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [a, b], updateData: { brand: 'Lewmar' } });
    const del = await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [a] });
    const res = await t.request('GET', '/api/changes', t.admin);
    expect(res.statusCode).toBe(200);
    const { changes } = res.json();
    expect(changes[0]).toMatchObject({ id: del.json().changeId, source: 'bulk_delete', created: 0, updated: 0, deleted: 1, user: { username: 'owner' }, undoneByChangeId: null });
    expect(changes[1]).toMatchObject({ id: edit.json().changeId, source: 'bulk_edit', updated: 2, deleted: 0 });
    // Form edits are not on the Recent changes page unless asked for.
    expect(changes.some((c: { source: string }) => c.source === 'edit' || c.source === 'create')).toBe(false);
    const edits = await t.request('GET', '/api/changes?source=edit', t.admin);
    expect(edits.json().changes.every((c: { source: string }) => c.source === 'edit')).toBe(true);
    expect(edits.json().changes.length).toBeGreaterThan(0);
    const bad = await t.request('GET', '/api/changes?source=nope', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('source');
  });
});
