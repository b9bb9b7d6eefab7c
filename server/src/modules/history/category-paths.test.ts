import { CATEGORY_PATHS_MAX_IDS } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { insertCategory, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/** GET /api/history/category-paths: the names a deleted product's history shows for its categories. */
const t = setupTestApp();

describe('the category paths a history names', () => {
  it('answers the paths the products list shows, in one request, and leaves out a category deleted since', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'Harbor Supply');
    const deck = await insertCategory(db, { name: 'Deck', type: 'vendor', vendor_id: vendorId });
    const cleats = await insertCategory(db, { name: 'Cleats', type: 'vendor', vendor_id: vendorId, parent: deck });
    const hardware = await insertCategory(db, { name: 'Hardware', type: 'store' });
    const shackles = await insertCategory(db, { name: 'Shackles', type: 'store', parent: hardware });
    const gone = await insertCategory(db, { name: 'Clearance', type: 'store' });
    const created = await t.request('POST', '/api/products', t.admin, {
      sku: 'CP-1', name: 'Horn cleat', vendor_id: vendorId, vendor_category_id: cleats.id, store_category_id: shackles.id,
    });
    expect(created.statusCode).toBe(201);
    const listed = created.json();
    expect((await t.request('DELETE', `/api/categories/${gone.id}`, t.admin)).statusCode).toBe(200);

    const res = await t.request('GET', `/api/history/category-paths?ids=${shackles.id},${cleats.id},${gone.id},${cleats.id}`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      categories: [
        { id: cleats.id, type: 'vendor', path: 'Deck > Cleats' },
        { id: shackles.id, type: 'store', path: 'Hardware > Shackles' },
      ],
    });
    // The same text as the products list and detail.
    expect(listed.vendor_category_path).toBe('Deck > Cleats');
    expect(listed.store_category_path).toBe('Hardware > Shackles');
    // Repeated parameters read as a list too; a root category is its own path.
    const repeated = await t.request('GET', `/api/history/category-paths?ids=${hardware.id}&ids=${gone.id}`, t.admin);
    expect(repeated.json()).toEqual({ categories: [{ id: hardware.id, type: 'store', path: 'Hardware' }] });

    // Root first even where an ancestor is newer than its child (a merge moves subcategories under the target).
    const mooring = await insertCategory(db, { name: 'Mooring', type: 'store' });
    await db.updateTable('categories').set({ parent_id: mooring.id, level: 2, path: `${mooring.path}${hardware.id}/` }).where('id', '=', hardware.id).execute();
    await db.updateTable('categories').set({ level: 3, path: `${mooring.path}${hardware.id}/${shackles.id}/` }).where('id', '=', shackles.id).execute();
    const moved = await t.request('GET', `/api/history/category-paths?ids=${shackles.id}`, t.admin);
    expect(moved.json()).toEqual({ categories: [{ id: shackles.id, type: 'store', path: 'Mooring > Hardware > Shackles' }] });
  });

  it('needs the products permission only (a user who may not manage categories still reads the names)', async () => {
    const category = await insertCategory(t.database.db, { name: 'Sails', type: 'store' });
    const url = `/api/history/category-paths?ids=${category.id}`;
    expect((await t.request('GET', url)).statusCode).toBe(401);
    const deckhand = await t.registerWithout('cp-deckhand', t.admin, 'products');
    expect((await t.request('GET', url, deckhand.token)).statusCode).toBe(403);
    const clerk = await t.registerWithout('cp-clerk', t.admin, 'categories');
    const res = await t.request('GET', url, clerk.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().categories).toEqual([{ id: category.id, type: 'store', path: 'Sails' }]);
  });

  it('refuses a missing, malformed or too long list of ids naming the field', async () => {
    for (const query of ['', '?ids=', '?ids=abc', '?ids=1,-2', `?ids=${Array.from({ length: CATEGORY_PATHS_MAX_IDS + 1 }, (_, i) => i + 1).join(',')}`]) {
      const res = await t.request('GET', `/api/history/category-paths${query}`, t.admin);
      expect(res.statusCode, query.slice(0, 20)).toBe(400);
      // The list itself ('ids') or the bad item in it ('ids.1').
      expect(Object.keys(res.json().details.fields).every((field) => /^ids(\.\d+)?$/.test(field))).toBe(true);
      expect(Object.keys(res.json().details.fields).length).toBeGreaterThan(0);
    }
  });
});
