import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp, type AdminTestApp, type TestApp } from '../../test/test-app.js';

/**
 * SQLite: while another connection holds the write lock (the import's writer thread, an index
 * rebuild), a staff edit waits for it without blocking the event loop, so other requests are
 * answered meanwhile. The lock is held here from a second connection in this process: if the app's
 * connection waited inside SQLite's busy handler, this test's own code could not run until it gave up.
 * PostgreSQL's driver is asynchronous and has no such lock.
 */
const onSqlite = !process.env.TEST_DATABASE_URL;

/** A second connection to the app's file holding the write lock until release(). */
function holdWriteLock(t: TestApp) {
  if (t.config.database.kind !== 'sqlite') throw new Error('SQLite only');
  const other = new SQLite(t.config.database.file);
  other.exec('begin immediate');
  return {
    release() {
      other.exec('commit');
      other.close();
    },
  };
}

async function productOf(t: AdminTestApp, sku: string) {
  const res = await t.request('POST', '/api/products', t.admin, { sku, name: `Product ${sku}`, stock: 1 });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

describe.runIf(onSqlite)('a write while another connection holds the SQLite write lock', () => {
  /** Resolved by the next statement that finds the database busy. */
  let nextBusy: Promise<string>;
  let busy: (sql: string) => void;
  const expectBusy = () => (nextBusy = new Promise((resolve) => (busy = resolve)));
  expectBusy();
  // A wait far longer than the test: this test is about waiting without blocking, not about the deadline.
  const t = setupTestApp({}, { sqliteBusy: { waitMs: 600_000, onBusy: (sql) => busy(sql) } });

  it('waits for the lock while other requests, reads included, are answered, then saves the edit', async () => {
    const id = await productOf(t, 'LOCK-1');
    const lock = holdWriteLock(t);
    let settled = false;
    const edit = t.request('PUT', `/api/products/${id}`, t.admin, { sku: 'LOCK-1', name: 'Edited while locked', stock: 4 }).finally(() => (settled = true));
    // The edit is one transaction with its recorded change and version check, so it waits to begin.
    expect(await nextBusy).toBe('begin immediate');

    const health = await t.request('GET', '/api/health');
    expect(health.statusCode).toBe(200);
    // Reads (this one's sign-in check included) do not queue behind the waiting edit.
    const read = await t.request('GET', `/api/products/${id}`, t.admin);
    expect(read.json()).toMatchObject({ name: 'Product LOCK-1', stock: 1 });
    expect(settled).toBe(false);

    lock.release();
    const res = await edit;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Edited while locked', stock: 4 });
  });

  it('leaves no waiting to SQLite itself, whose busy handler would block the event loop', async () => {
    expect((await sql`pragma busy_timeout`.execute(t.database.db)).rows).toEqual([{ timeout: 0 }]);
  });

  it('begins a transaction when the lock is free, then saves all of it', async () => {
    const ids = [await productOf(t, 'LOCK-2'), await productOf(t, 'LOCK-3')];
    expectBusy();
    const lock = holdWriteLock(t);
    let settled = false;
    const bulk = t.request('PUT', '/api/products/bulk/update', t.admin, { ids, updateData: { stock: 9 } }).finally(() => (settled = true));
    expect(await nextBusy).toBe('begin immediate');

    expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
    expect((await t.request('GET', `/api/products/${ids[0]}`, t.admin)).json()).toMatchObject({ stock: 1 });
    expect(settled).toBe(false);

    lock.release();
    const res = await bulk;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ updated: 2 });
    for (const id of ids) expect((await t.request('GET', `/api/products/${id}`, t.admin)).json()).toMatchObject({ stock: 9 });
  });
});

describe.runIf(onSqlite)('a write that waits for the lock longer than allowed', () => {
  const t = setupTestApp({}, { sqliteBusy: { waitMs: 50 } });

  it('answers 503 and changes nothing; the same edit saves once the lock is free', async () => {
    const id = await productOf(t, 'BUSY-1');
    const lock = holdWriteLock(t);
    let res;
    try {
      res = await t.request('PUT', `/api/products/${id}`, t.admin, { sku: 'BUSY-1', name: 'Too late', stock: 2 });
    } finally {
      lock.release();
    }
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database is busy, try again', code: 'DATABASE_BUSY' });
    expect((await t.request('GET', `/api/products/${id}`, t.admin)).json()).toMatchObject({ name: 'Product BUSY-1', stock: 1 });

    const again = await t.request('PUT', `/api/products/${id}`, t.admin, { sku: 'BUSY-1', name: 'Too late', stock: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ name: 'Too late', stock: 2 });
  });
});
