import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_RUN_MESSAGES, NO_ROWS_NOT_IMPORTED } from '@bosun/shared';
import { buildApp } from '../../app.js';
import { nowIso } from '../../db/clock.js';
import { insertVendor } from '../../test/fixtures.js';
import { multipart, setupTestApp, sseEvents } from '../../test/test-app.js';
import { SPOOL_ROOT } from './spool-dir.js';

const t = setupTestApp();
let vendorId: number;
let live: ChildProcess;

/** A pid no process has any more: a child that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Harbor Supply');
  live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
});
afterAll(() => {
  live.kill();
});

const MAPPING = { sku: 'SKU', name: 'Name', list_price: 'Price' };
const csvOf = (rows: number, prefix: string) => `SKU,Name,Price\n${Array.from({ length: rows }, (_, i) => `${prefix}-${i},Rope ${i},${i}.50`).join('\n')}\n`;

async function imports(token = t.admin, query = '') {
  return t.request('GET', `/api/imports${query}`, token);
}

/** Starts a second server on the same database, as a restart after a kill does, and closes it. */
async function restart() {
  const again = await buildApp(t.config, { logger: false });
  await again.app.close();
}

describe('spooled uploads left by a killed server', () => {
  it('are removed at start-up when their process is gone, and kept while it lives', async () => {
    const spool = (name: string) => {
      fs.mkdirSync(path.join(SPOOL_ROOT, name), { recursive: true });
      fs.writeFileSync(path.join(SPOOL_ROOT, name, 'upload.csv'), 'SKU,Name\nA,B\n');
      return path.join(SPOOL_ROOT, name);
    };
    const dead = spool(`${deadPid()}-stale`);
    const alive = spool(`${live.pid}-busy`);
    // This very process's pid on a directory none of its uploads uses: a killed server's pid reused.
    const reused = spool(`${process.pid}-reused`);
    await restart();
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(reused)).toBe(false);
    expect(fs.existsSync(path.join(alive, 'upload.csv'))).toBe(true);
    fs.rmSync(alive, { recursive: true, force: true });
  });
});

describe('import runs', () => {
  it('records an import the browser dropped, which goes on to the end', async () => {
    const listening = await buildApp(t.config, { logger: false });
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = listening.app.server.address() as { port: number };
      const body = multipart({ fieldMapping: JSON.stringify(MAPPING), updateMode: 'false', selectedVendor: String(vendorId) }, { name: 'dropped.csv', content: csvOf(5_000, 'DROP') });
      // Lightning writes 1,000 rows a batch: the stream is dropped before the first is written.
      const firstEvent = await new Promise<string>((resolve, reject) => {
        const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/products/import/lightning', headers: { ...body.headers, authorization: `Bearer ${t.admin}` } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('\n\n')) {
              req.destroy();
              resolve(text);
            }
          });
        });
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        req.end(body.payload);
      });
      expect(sseEvents(firstEvent)[0]).toMatchObject({ type: 'progress', current: 0 });

      let run;
      do {
        await sleep(50);
        run = (await imports()).json().imports.find((r: { fileName: string }) => r.fileName === 'dropped.csv');
      } while (!run || run.status === 'running');
      expect(run).toMatchObject({ status: 'complete', mode: 'lightning', updateMode: false, vendorId, rowsRead: 5_000, created: 5_000, updated: 0, skipped: 0, errorCount: 0, message: IMPORT_RUN_MESSAGES.clientLeft });
      expect(run.finishedAt >= run.startedAt).toBe(true);
      const { total } = (await t.request('GET', '/api/products?search=DROP-&limit=1', t.admin)).json().pagination;
      expect(total).toBe(5_000);
    } finally {
      await listening.app.close();
    }
  });

  it('records a complete import, not a request refused before it starts, newest first, paginated', async () => {
    const fields = { fieldMapping: JSON.stringify(MAPPING), selectedVendor: String(vendorId), badOptionalValues: 'fail' };
    const res = await t.upload('/api/products/import/standard', t.admin, fields, { name: 'ok.csv', content: 'SKU,Name,Price\nOK-1,Cleat,2\nOK-2,Shackle,x\n' });
    expect(sseEvents(res.body).at(-1).type).toBe('complete');
    // A mapping naming a column the file lacks is refused with its status before any import starts.
    const refused = await t.upload('/api/products/import/ultra-fast', t.admin, { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Title' }), selectedVendor: String(vendorId) }, { name: 'bad.csv', content: 'SKU,Name\nB-1,Buoy\n' });
    expect(refused.statusCode).toBe(400);
    await t.upload('/api/products/import/lightning', t.admin, { fieldMapping: JSON.stringify(MAPPING), selectedVendor: String(vendorId) }, { name: 'again.csv', content: 'SKU,Name,Price\nOK-3,Fender,4\n' });

    const page = (await imports(t.admin, '?limit=2')).json();
    expect(page.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(page.imports.map((r: { fileName: string }) => r.fileName)).toEqual(['again.csv', 'ok.csv']);
    expect(page.imports[0]).toMatchObject({ status: 'complete', mode: 'lightning', created: 1 });
    expect(page.imports[1]).toMatchObject({ status: 'complete', mode: 'standard', rowsRead: 2, created: 1, errorCount: 1, message: null });
    expect(page.imports[1].finishedAt).not.toBeNull();
    // Who, the vendor, the recorded change (issue 20), and the rows not imported kept for later.
    expect(page.imports[1]).toMatchObject({ userName: expect.any(String), vendorName: 'Harbor Supply', changeId: expect.any(Number), undoneByChangeId: null, rowsNotImported: 1 });
    expect(page.imports[0]).toMatchObject({ rowsNotImported: 0 });
    const file = await t.request('GET', `/api/imports/${page.imports[1].id}/rows-not-imported`, t.admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain('ok_rows_not_imported.csv');
    expect(file.body).toBe(`\uFEFFSKU,Name,Price,Outcome,Reason\r\nOK-2,Shackle,x,error,${sseEvents(res.body).at(-1).errorRows[0].reason}\r\n`);
    // None kept for a run without such rows, none for an unknown run.
    const none = await t.request('GET', `/api/imports/${page.imports[0].id}/rows-not-imported`, t.admin);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(NO_ROWS_NOT_IMPORTED);
    expect((await t.request('GET', '/api/imports/999999/rows-not-imported', t.admin)).statusCode).toBe(404);
  });

  it('writes the rows-not-imported file with a negative price as the number it is, and guards only formulas', async () => {
    const fields = { fieldMapping: JSON.stringify(MAPPING), selectedVendor: String(vendorId), badOptionalValues: 'fail' };
    const content = 'SKU,Name,Price\nNEG-1,Fender,-12.00\nNEG-2,=1+2,x\nNEG-3,-x,-5\n';
    const res = await t.upload('/api/products/import/standard', t.admin, fields, { name: 'negative.csv', content });
    const complete = sseEvents(res.body).at(-1);
    expect(complete).toMatchObject({ type: 'complete', imported: 0 });
    const run = (await imports(t.admin, '?limit=100')).json().imports.find((r: { fileName: string }) => r.fileName === 'negative.csv');
    const file = await t.request('GET', `/api/imports/${run.id}/rows-not-imported`, t.admin);
    const lines = file.body.slice(1).split('\r\n');
    expect(lines[1]).toMatch(/^NEG-1,Fender,-12\.00,error,/);
    expect(lines[2]).toMatch(/^NEG-2,'=1\+2,x,error,/);
    expect(lines[3]).toMatch(/^NEG-3,'-x,-5,error,/);
  });

  it('marks stopped at start-up the runs whose server is gone, and only those', async () => {
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    const run = (fileName: string, serverId: string, heartbeatAt: string) => ({
      user_id: null, vendor_id: vendorId, file_name: fileName, mode: 'ultra-fast', update_mode: 0, status: 'running' as const,
      started_at: heartbeatAt, heartbeat_at: heartbeatAt, server_id: serverId,
    });
    await t.database.db.insertInto('import_runs').values([
      run('killed-here.csv', `${os.hostname()}:${deadPid()}:aaaa`, nowIso()),
      run('silent-elsewhere.csv', 'other-host:4242:bbbb', old),
      run('busy-elsewhere.csv', 'other-host:4343:cccc', nowIso()),
      run('busy-here.csv', `${os.hostname()}:${live.pid}:dddd`, nowIso()),
      // A run of this machine is judged by its process, not by its heartbeat (SQLite keeps none).
      run('quiet-here.csv', `${os.hostname()}:${live.pid}:eeee`, old),
    ]).execute();
    await restart();
    const runs = (await imports(t.admin, '?limit=100')).json().imports as Array<{ fileName: string; status: string; message: string | null; finishedAt: string | null }>;
    const byName = Object.fromEntries(runs.map((r) => [r.fileName, r]));
    expect(byName['killed-here.csv']).toMatchObject({ status: 'stopped', message: IMPORT_RUN_MESSAGES.serverStopped });
    expect(byName['killed-here.csv']!.finishedAt).not.toBeNull();
    expect(byName['silent-elsewhere.csv']).toMatchObject({ status: 'stopped', message: IMPORT_RUN_MESSAGES.serverStopped });
    expect(byName['busy-elsewhere.csv']).toMatchObject({ status: 'running', message: null });
    expect(byName['busy-here.csv']).toMatchObject({ status: 'running', message: null });
    expect(byName['quiet-here.csv']).toMatchObject({ status: 'running', message: null });
  });

  it('needs the products permission', async () => {
    const manager = await t.registerWithout('deckhand', t.admin, 'products');
    expect((await imports(manager.token)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/imports')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/imports/1/rows-not-imported', manager.token)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/imports/1/rows-not-imported')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/imports/x/rows-not-imported', t.admin)).statusCode).toBe(400);
    expect((await imports(t.admin, '?limit=0')).statusCode).toBe(400);
  });
});
