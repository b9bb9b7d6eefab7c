// Staff edits during an import, on SQLite: one ultra-fast import of generated rows into a fresh
// server while /api/health is asked every 20 ms, a product is saved (PUT) every 200 ms and read
// (GET) every 100 ms, each one at a time. Prints their latencies. Not part of `npm run bench`.
//
//   npx tsx bench/lock-wait.ts [--rows 100000] [--bundle server/dist] [--csv FILE] [--no-edits]
//
// --bundle runs another build of the server (a copy of server/dist), to compare two versions in one
// session; --csv reuses a file written by an earlier run (it is kept).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportEvent } from '@bosun/shared';
import { SERVER_ENV_DEFAULTS, SERVER_NODE_ARGS } from '../scripts/start.mjs';
import { createCatalogue } from './catalogue/index.js';
import { importMapping, writeImportCsv } from './harness/catalogue-rows.js';
import { getJson, postJson, postMultipart, request, sseParser } from './harness/http.js';
import { BENCH_LOGIN, ensureServerBundle, ROOT } from './harness/server.js';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, bundle: { type: 'string' }, csv: { type: 'string' }, 'no-edits': { type: 'boolean' } } });
const rows = Number(args.rows);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-lockwait-'));
const csv = args.csv ?? path.join(os.tmpdir(), `bosun-lockwait-${rows}.csv`);
if (!fs.existsSync(csv)) writeImportCsv(createCatalogue({ totalCategories: 5_000, now: new Date('2026-01-01') }), rows, csv);
if (!args.bundle) ensureServerBundle();
const bundle = path.resolve(ROOT, args.bundle ?? 'server/dist', 'server.mjs');

const port = 40_000 + Math.floor(Math.random() * 10_000);
const api = `http://127.0.0.1:${port}/api`;
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
  cwd: ROOT,
  env: {
    ...SERVER_ENV_DEFAULTS,
    ...process.env,
    PORT: String(port),
    DATABASE_URL: path.join(dir, 'lock.db'),
    ADMIN_USERNAME: BENCH_LOGIN.username,
    ADMIN_EMAIL: BENCH_LOGIN.email,
    ADMIN_PASSWORD: BENCH_LOGIN.password,
    LOG_LEVEL: 'warn',
    TMPDIR: dir,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stop = () => {
  child.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
};
process.on('exit', () => child.kill('SIGKILL'));

try {
  for (;;) {
    try {
      await getJson(`${api}/health`);
      break;
    } catch {
      await sleep(100);
    }
  }
  const { token } = await postJson<{ token: string }>(`${api}/auth/login`, { username: BENCH_LOGIN.username, password: BENCH_LOGIN.password });
  const { vendor } = await postJson<{ vendor: { id: number } }>(`${api}/vendors`, { name: 'Lock Vendor' }, token);
  const product = await postJson<{ id: number }>(`${api}/products`, { sku: 'EDIT-1', name: 'Edited', stock: 0 }, token);

  let importing = true;
  const health: number[] = [];
  const edits: number[] = [];
  const statuses = new Map<number, number>();
  const pollHealth = async () => {
    while (importing) {
      health.push((await request(`${api}/health`)).ms);
      await sleep(20);
    }
  };
  const edit = async () => {
    for (let n = 1; importing; n++) {
      const body = JSON.stringify({ sku: 'EDIT-1', name: `Edited ${n}`, stock: n });
      const res = await request(`${api}/products/${product.id}`, { method: 'PUT', token, body, headers: { 'content-type': 'application/json' } });
      edits.push(res.ms);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      await sleep(200);
    }
  };
  const reads: number[] = [];
  const read = async () => {
    while (importing) {
      reads.push((await request(`${api}/products/${product.id}`, { token })).ms);
      await sleep(100);
    }
  };
  const pollers = [pollHealth(), ...(args['no-edits'] ? [] : [edit(), read()])];
  const fields = { fieldMapping: JSON.stringify(importMapping()), updateMode: 'false', selectedVendor: String(vendor.id) };
  let complete: Extract<ImportEvent, { type: 'complete' }> | undefined;
  const started = performance.now();
  await postMultipart(`${api}/products/import/ultra-fast`, token, fields, csv, sseParser<ImportEvent>((e) => e.type === 'complete' && (complete = e)));
  const importMs = performance.now() - started;
  importing = false;
  await Promise.all(pollers);

  const summary = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    return `n=${xs.length} p50=${at(0.5)} p95=${at(0.95)} max=${sorted.at(-1)!.toFixed(1)} ms`;
  };
  console.log(`bundle ${path.relative(ROOT, bundle)}: imported ${complete?.imported} of ${rows} rows in ${(importMs / 1000).toFixed(1)} s`);
  console.log(`  health: ${summary(health)}`);
  if (edits.length) console.log(`  edits:  ${summary(edits)}  statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  if (reads.length) console.log(`  reads:  ${summary(reads)}`);
} finally {
  stop();
}
