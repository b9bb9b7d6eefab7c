import { DEFAULT_HISTORY_DAYS, HISTORY_DAYS_MAX, SETTINGS_MESSAGES } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import { pruneHistory } from './history-retention.js';

/** settings.history_days (admins only) and pruneHistory. */
const t = setupTestApp();

const DAY = 24 * 60 * 60 * 1000;

describe('how long the history is kept', () => {
  it('is a setting only an admin changes; a shop manager with the settings permission gets 403', async () => {
    expect((await t.request('GET', '/api/settings', t.admin)).json().history_days).toBe(DEFAULT_HISTORY_DAYS);
    const saved = await t.request('PUT', '/api/settings', t.admin, { history_days: 30 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.history_days).toBe(30);
    for (const history_days of [0, HISTORY_DAYS_MAX + 1, 1.5, '30']) {
      const bad = await t.request('PUT', '/api/settings', t.admin, { history_days });
      expect(bad.statusCode, String(history_days)).toBe(400);
      expect(bad.json().details.fields).toHaveProperty('history_days');
    }
    const manager = await t.register('ret-manager');
    const me = (await t.request('GET', '/api/users', t.admin)).json().find((u: { username: string }) => u.username === 'ret-manager');
    const granted = await t.request('PUT', `/api/users/${manager.id}`, t.admin, {
      username: 'ret-manager', email: me.email, role: 'shop_manager', permissions: { products: true, categories: true, vendors: true, settings: true },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const refused = await t.request('PUT', '/api/settings', manager.token, { company_name: 'Sneaky', history_days: 3650 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SETTINGS_MESSAGES.historyDaysAdminOnly);
    // The form sends the stored value back with the rest: that is allowed.
    const same = await t.request('PUT', '/api/settings', manager.token, { company_name: 'Harbour', history_days: 30 });
    expect(same.statusCode).toBe(200);
    const settings = (await t.request('GET', '/api/settings', t.admin)).json();
    expect(settings).toMatchObject({ company_name: 'Harbour', history_days: 30 });
    expect((await t.request('PUT', '/api/settings', undefined, { history_days: 30 })).statusCode).toBe(401);
  });

  it('prunes changes older than history_days with their entries, and keeps the newer ones', async () => {
    const db = t.database.db;
    await t.request('PUT', '/api/settings', t.admin, { history_days: 10 });
    const ids = await Promise.all([1, 2, 3].map((i) => insertProduct(db, { sku: `PR-${i}`, brand: 'A' })));
    const old = (await t.request('PUT', '/api/products/bulk/update', t.admin, { ids, updateData: { brand: 'B' } })).json().changeId;
    const recent = (await t.request('PUT', '/api/products/bulk/update', t.admin, { ids, updateData: { brand: 'C' } })).json().changeId;
    const now = new Date();
    await db.updateTable('changes').set({ created_at: new Date(now.getTime() - 11 * DAY).toISOString() }).where('id', '=', old).execute();
    await db.updateTable('changes').set({ created_at: new Date(now.getTime() - 9 * DAY).toISOString() }).where('id', '=', recent).execute();

    const pruned = await pruneHistory(db, t.database.dialect, now);
    expect(pruned.entries).toBeGreaterThanOrEqual(3);
    expect(pruned.changes).toBeGreaterThanOrEqual(1);
    const left = async (changeId: number) => Number((await db.selectFrom('product_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('change_id', '=', changeId).executeTakeFirstOrThrow()).n);
    expect(await left(old)).toBe(0);
    expect(await left(recent)).toBe(3);
    expect(await db.selectFrom('changes').select('id').where('id', '=', old).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('changes').select('id').where('id', '=', recent).executeTakeFirst()).toBeDefined();
    expect((await t.request('GET', `/api/changes/${old}/undo`, t.admin)).statusCode).toBe(404);
    // Nothing more to prune a second time.
    expect(await pruneHistory(db, t.database.dialect, now)).toEqual({ entries: 0, changes: 0 });
  });

  it('prunes in chunks: more entries than one statement deletes', async () => {
    const db = t.database.db;
    await t.request('PUT', '/api/settings', t.admin, { history_days: 1 });
    const ids: number[] = [];
    const rows = Array.from({ length: 6_000 }, (_, i) => ({ sku: `PC-${i}`, name: `Chunk ${i}`, created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }));
    for (let i = 0; i < rows.length; i += 500) ids.push(...(await db.insertInto('products').values(rows.slice(i, i + 500)).returning('id').execute()).map((r) => r.id));
    const changeId = (await t.request('PUT', '/api/products/bulk/update', t.admin, { ids, updateData: { brand: 'Chunked' } })).json().changeId;
    await db.updateTable('changes').set({ created_at: '2020-01-02T00:00:00.000Z' }).where('id', '=', changeId).execute();
    const pruned = await pruneHistory(db, t.database.dialect, new Date());
    expect(pruned.entries).toBeGreaterThanOrEqual(6_000);
    expect(await db.selectFrom('product_changes').select('id').where('change_id', '=', changeId).executeTakeFirst()).toBeUndefined();
  });
});
