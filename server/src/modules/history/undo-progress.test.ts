import { HISTORY_MESSAGES, undoEventSchema, type UndoEvent, type UndoProgressEvent } from '@bosun/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp, sseEvents } from '../../test/test-app.js';
import { holdImportLock } from '../../test/hold-import-lock.js';
import { snapshotCatalogue } from './history-test-snapshot.js';
import { undoChange } from './undo.service.js';

// Two entries per statement: a handful of products runs each step in several chunks.
vi.mock('./undo-progress.js', async (importOriginal) => ({ ...(await importOriginal<typeof import('./undo-progress.js')>()), UNDO_CHUNK_ENTRIES: 2 }));

/** POST /api/changes/:id/undo with `Accept: text/event-stream`: the undo's progress, its result or its error as events. */
const t = setupTestApp();
let vendorId: number;

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Progress Supply');
});

const streamUndo = (changeId: number, body: object = {}, token: string | null = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/changes/${changeId}/undo`,
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
const jsonUndo = (changeId: number, body: object = {}) => t.request('POST', `/api/changes/${changeId}/undo`, t.admin, body);

/** The stream's events, each checked against the shared schema; answered 200 as an event stream. */
async function undoEvents(changeId: number, body: object = {}): Promise<UndoEvent[]> {
  const res = await streamUndo(changeId, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/event-stream');
  return sseEvents(res.body).map((event) => undoEventSchema.parse(event));
}

/** Progress events first, current never going down and ending at the total, then one 'complete'. */
function expectProgressToComplete(events: UndoEvent[], total: number) {
  const progress = events.slice(0, -1) as UndoProgressEvent[];
  expect(progress.every((e) => e.type === 'progress' && e.total === total)).toBe(true);
  const currents = progress.map((e) => e.current);
  expect(currents).toEqual([...currents].sort((a, b) => a - b));
  expect(currents.at(-1)).toBe(total);
  const complete = events.at(-1)!;
  expect(complete.type).toBe('complete');
  return { progress, complete: complete as Extract<UndoEvent, { type: 'complete' }> };
}

const MAPPING = { sku: 'SKU', name: 'Name', list_price: 'Price', brand: 'Brand' };
const importCsv = async (rows: string[], updateMode: boolean) => {
  const fields = { fieldMapping: JSON.stringify(MAPPING), updateMode: String(updateMode), selectedVendor: String(vendorId) };
  return expectImportComplete(await t.upload('/api/products/import/ultra-fast', t.admin, fields, { name: 'prices.csv', content: `SKU,Name,Price,Brand\n${rows.join('\n')}\n` })).complete;
};

describe('undo with progress', () => {
  it('reports each step in chunks up to the dry run total and ends with the result the JSON answer gives', async () => {
    const db = t.database.db;
    const skus = [1, 2, 3, 4, 5].map((i) => `UP-${i}`);
    await importCsv(skus.map((sku, i) => `${sku},Shackle ${i},${10 + i},Wichard`), false);
    const before = await snapshotCatalogue(db, { withoutUpdatedAt: true });
    const complete = await importCsv([...skus.map((sku, i) => `${sku},Shackle ${i},${20 + i},Harken`), ...[1, 2, 3, 4, 5].map((i) => `UP-NEW${i},Block ${i},${30 + i},Ronstan`)], true);
    expect(complete).toMatchObject({ imported: 5, updated: 5 });
    const [change] = (await t.request('GET', '/api/changes?source=import&limit=1', t.admin)).json().changes;
    const preview = (await t.request('GET', `/api/changes/${change.id}/undo`, t.admin)).json();
    expect(preview).toMatchObject({ toDelete: 5, toRevert: 5, toRecreate: 0, conflictCount: 0 });

    const events = await undoEvents(change.id);
    const { progress, complete: result } = expectProgressToComplete(events, 10);
    // Each step as it starts, then after each of its chunks (two entries each, the deletion newest first): 1 + 3 per step.
    expect(progress.map((e) => [e.step, e.current])).toEqual([
      ['delete', 0], ['delete', 1], ['delete', 3], ['delete', 5],
      ['revert', 5], ['revert', 7], ['revert', 9], ['revert', 10],
    ]);
    expect(progress[0]!.message).toBe('Deleting the products the import created');
    expect(progress.at(-1)!.message).toBe('Putting back changed fields');
    expect(result).toMatchObject({ deleted: 5, reverted: 5, recreated: 0, skipped: 0, message: HISTORY_MESSAGES.undone(10) });
    expect(await snapshotCatalogue(db, { withoutUpdatedAt: true })).toEqual(before);

    // Done again (the undo undone), then undone as JSON: the same answer but for the undo's own id.
    expect((await jsonUndo(result.changeId)).statusCode).toBe(200);
    const json = await jsonUndo(change.id);
    expect(json.statusCode, json.body).toBe(200);
    const { type, changeId, ...streamed } = result;
    expect(type).toBe('complete');
    expect(json.json()).toEqual({ ...streamed, changeId: expect.any(Number) });
    expect(json.json().changeId).not.toBe(changeId);
    expect(await snapshotCatalogue(db, { withoutUpdatedAt: true })).toEqual(before);
  });

  it('brings back a variable product and its variations across chunks, parents first, and deletes them again newest first', async () => {
    const db = t.database.db;
    const created = await t.request('POST', '/api/products', t.admin, { sku: 'UPV-ROPE', name: 'Rope', vendor_id: vendorId, tags: ['Rope'] });
    const rope = created.json().id as number;
    expect((await t.request('PUT', `/api/products/${rope}/attributes`, t.admin, { attributes: [{ name: 'Size', values: ['6 mm', '8 mm', '10 mm'] }] })).statusCode).toBe(200);
    for (const size of ['6 mm', '8 mm', '10 mm']) {
      const v = await t.request('POST', `/api/products/${rope}/variations`, t.admin, { sku: `UPV-${size.replace(' ', '')}`, values: [size], list_price: 5, stock: 2 });
      expect(v.statusCode, v.body).toBe(201);
    }
    const simple = await insertProduct(db, { sku: 'UPV-S', list_price: 3 });
    const before = await snapshotCatalogue(db);
    const deletedChange = (await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [rope, simple] })).json().changeId;

    const events = await undoEvents(deletedChange);
    const { progress, complete } = expectProgressToComplete(events, 5);
    expect(new Set(progress.map((e) => e.message))).toEqual(new Set(['Bringing back deleted products']));
    expect(complete).toMatchObject({ recreated: 5, deleted: 0, reverted: 0, skipped: 0 });
    expect(await snapshotCatalogue(db)).toEqual(before);

    const redo = await undoEvents(complete.changeId);
    const again = expectProgressToComplete(redo, 5);
    expect(again.progress[0]!.message).toBe('Deleting the products the change created');
    expect(again.complete).toMatchObject({ deleted: 5 });
    expect((await t.request('GET', `/api/products/${rope}`, t.admin)).statusCode).toBe(404);
  });
});

describe('an undo behind an import that is writing', () => {
  it('says once that it waits, then runs when the import ends', async () => {
    const id = await insertProduct(t.database.db, { sku: 'UPW-1', brand: 'A' });
    const changeId = (await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [id], updateData: { brand: 'B' } })).json().changeId;
    const importing = await holdImportLock(t.database);
    const answer = streamUndo(changeId);
    // Long enough for the lock to call its waiting callback several times.
    await new Promise((r) => setTimeout(r, 700));
    await importing.release();
    const events = sseEvents((await answer).body).map((event) => undoEventSchema.parse(event));
    expect(events[0]).toEqual({ type: 'waiting', message: HISTORY_MESSAGES.waitingForImport });
    expect(events.filter((e) => e.type === 'waiting')).toHaveLength(1);
    expectProgressToComplete(events.slice(1), 1);
    expect((await t.request('GET', `/api/products/${id}`, t.admin)).json().brand).toBe('A');
  });
});

describe('other requests during an undo', () => {
  it('are answered between its chunks when they need no database (health)', async () => {
    const db = t.database.db;
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => insertProduct(db, { sku: `UPH-${i}`, brand: 'Old' })));
    const changeId = (await t.request('PUT', '/api/products/bulk/update', t.admin, { ids, updateData: { brand: 'New' } })).json().changeId;
    const order: string[] = [];
    let health: Promise<unknown> | undefined;
    const deps = { db, dialect: t.database.dialect, userId: null, waitForImports: <T,>(work: () => Promise<T>) => work() };
    const undone = undoChange(deps, changeId, { conflicts: 'skip' }, (event) => {
      order.push(event.type === 'progress' ? `progress ${event.current}` : event.type);
      health ??= t.app.inject({ method: 'GET', url: '/api/health' }).then((res) => order.push(`health ${res.statusCode}`));
    });
    expect(await undone).toMatchObject({ reverted: 12 });
    order.push('undone');
    await health;
    expect(order.indexOf('health 200')).toBeGreaterThan(0);
    expect(order.indexOf('health 200')).toBeLessThan(order.indexOf('undone') - 1);
  });
});

describe('errors of an undo with progress', () => {
  it('sends a failure half-way as an error event with the JSON answer status and message, and writes nothing', async () => {
    const db = t.database.db;
    // One after another: the product whose write fails has the highest id, so it is in the last chunk.
    const ids: number[] = [];
    for (const i of [1, 2, 3, 4, 5]) ids.push(await insertProduct(db, { sku: `UPE-${i}`, brand: `Now ${i}` }));
    await insertProduct(db, { sku: 'UPE-TAKEN' });
    // A recorded bulk edit whose last product's old SKU belongs to another product now.
    const { id: changeId } = await db.insertInto('changes').values({ source: 'bulk_edit', user_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    const before = (i: number) => (i === 4 ? { sku: 'UPE-TAKEN' } : { brand: `Then ${i}` });
    await db.insertInto('product_changes').values(ids.map((id, i) => ({ change_id: changeId, product_id: id, action: 'updated' as const, before: JSON.stringify(before(i)), after: '{}' })) as never).execute();
    const catalogue = await snapshotCatalogue(db);
    const changes = (await t.request('GET', '/api/changes?limit=100', t.admin)).json();

    const events = await undoEvents(changeId);
    const error = events.at(-1)!;
    expect(events.slice(0, -1).map((e) => e.type === 'progress' && e.current)).toEqual([0, 2, 4]);
    const json = await jsonUndo(changeId);
    expect(json.statusCode).toBe(409);
    expect(error).toEqual({ type: 'error', status: 409, code: json.json().code, message: json.json().message });
    expect(await snapshotCatalogue(db)).toEqual(catalogue);
    expect((await t.request('GET', '/api/changes?limit=100', t.admin)).json()).toEqual(changes);
  });

  it('sends a refusal found under the lock as an error event: nothing left to undo', async () => {
    const id = await insertProduct(t.database.db, { sku: 'UPE-ALL', brand: 'A' });
    const changeId = (await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [id], updateData: { brand: 'B' } })).json().changeId;
    await t.request('PUT', `/api/products/${id}`, t.admin, { brand: 'C' });
    const events = await undoEvents(changeId);
    expect(events.at(-1)).toEqual({ type: 'error', status: 409, code: 'CONFLICT', message: HISTORY_MESSAGES.nothingToUndo });
    expect((await t.request('GET', `/api/products/${id}`, t.admin)).json().brand).toBe('C');
  });

  it('answers 401, 403, 400, 404 and 409 with their status before any event', async () => {
    const id = await insertProduct(t.database.db, { sku: 'UPE-R', brand: 'A' });
    const changeId = (await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [id], updateData: { brand: 'B' } })).json().changeId;
    expect((await streamUndo(changeId, {}, null)).statusCode).toBe(401);
    const clerk = await t.registerWithout('upe-clerk', t.admin, 'products');
    expect((await streamUndo(changeId, {}, clerk.token)).statusCode).toBe(403);
    const bad = await streamUndo(changeId, { conflicts: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('conflicts');
    const missing = await streamUndo(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(HISTORY_MESSAGES.changeNotFound);
    expect((await t.request('GET', `/api/products/${id}`, t.admin)).json().brand).toBe('B');

    expect((await undoEvents(changeId)).at(-1)).toMatchObject({ type: 'complete', reverted: 1 });
    const again = await streamUndo(changeId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HISTORY_MESSAGES.alreadyUndone);
  });
});
