/**
 * `npm run bench:two-servers -- --pg URL [--products N] [--seconds S] [--clients C]` (issue 21):
 * two app servers on one PostgreSQL database, driven together through their HTTP APIs.
 *
 * 1. What must hold between them, each checked and printed: a token signed in on one is taken by
 *    the other; a change saved on one is read at once on the other; a sign-out on one is refused
 *    by both; wrong passwords sent to both are throttled together (429 on the 11th).
 * 2. The list served by one while the other imports a file (lightning), beside the same list
 *    before the import.
 * 3. The list mix's throughput with C clients for S seconds against one server, then spread over
 *    two, with the CPU each server process and the PostgreSQL server used meanwhile. On this
 *    2-core machine two servers cannot be faster than one; the CPU figures show where the time goes.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createCatalogue } from './catalogue/index.js';
import { importMapping, writeImportCsv } from './harness/catalogue-rows.js';
import { getJson, postJson, postMultipart, putJson, request, timedGet } from './harness/http.js';
import { summarize } from './harness/measure.js';
import { installExitHooks, startServer, type ServerHandle } from './harness/server.js';
import { dropAllTargets, freshTarget, loadReadTarget, scratchFile } from './harness/targets.js';
import { listQueryMix } from './scenarios/list.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '8' },
  },
});
if (!args.pg) throw new Error('--pg postgres://user:pass@host/db is required: two servers share a PostgreSQL database');
const products = Number(args.products);
const seconds = Number(args.seconds);
const clients = Number(args.clients);

const started = Date.now();
const log = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);
installExitHooks(dropAllTargets);

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of each PostgreSQL process on this machine (the server and its backends), by pid. */
function postgresCpuSeconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') byPid.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}

/** What PostgreSQL's processes used since `before`: a process started since counts from 0; one that ended is not counted. */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpuSeconds()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

const checks: Array<{ name: string; ok: boolean; detail: string }> = [];
function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

async function consistency(a: ServerHandle, b: ServerHandle) {
  const apiA = `${a.baseUrl}/api`;
  const apiB = `${b.baseUrl}/api`;
  const user = { username: 'two-servers', email: 'two-servers@bench.test', password: 'two-servers-pass-1' };
  await postJson(`${apiA}/users`, { ...user, role: 'shop_manager', permissions: { products: true, categories: true, vendors: true, settings: false } }, a.token);
  const { token } = await postJson<{ token: string }>(`${apiA}/auth/login`, { username: user.username, password: user.password });
  const onB = await request(`${apiB}/products?limit=1`, { token });
  check('signed in on A, used on B', onB.status === 200, `GET /api/products on B answered ${onB.status}`);

  const { products: [first] } = await getJson<{ products: Array<{ id: number }> }>(`${apiA}/products?limit=1`, a.token);
  const before = await getJson<{ version: number; name: string }>(`${apiA}/products/${first!.id}`, a.token);
  const renamed = `${before.name} (two servers)`;
  await putJson(`${apiA}/products/${first!.id}`, { name: renamed, version: before.version }, a.token);
  const seen = await getJson<{ name: string }>(`${apiB}/products/${first!.id}`, b.token);
  check('a change saved on A read at once on B', seen.name === renamed, `B read '${seen.name}'`);

  await request(`${apiB}/auth/logout`, { method: 'POST', token });
  const afterA = await request(`${apiA}/products?limit=1`, { token });
  check('signed out on B, refused on A', afterA.status === 401, `A answered ${afterA.status}`);

  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const api = i % 2 ? apiB : apiA;
    const body = JSON.stringify({ username: user.username, password: `wrong-${i}` });
    statuses.push((await request(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status);
  }
  check('wrong passwords on A and B throttled together', statuses.slice(0, 10).every((s) => s === 401) && statuses.slice(10).every((s) => s === 429), statuses.join(' '));
}

async function listWhileImporting(a: ServerHandle, b: ServerHandle, url: string) {
  const sample = async (n: number) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) ms.push(await timedGet(url, b.token));
    return summarize(ms);
  };
  const quiet = await sample(40);
  const file = scratchFile('two-servers-import.csv');
  writeImportCsv(createCatalogue({ totalCategories: 5_000, now: new Date() }), 50_000, file, { start: products });
  const { vendors } = await getJson<{ vendors: Array<{ id: number }> }>(`${a.baseUrl}/api/vendors`, a.token);
  const fields = { fieldMapping: JSON.stringify(importMapping()), updateMode: 'false', selectedVendor: String(vendors[0]!.id) };
  let importing = true;
  const imported = postMultipart(`${a.baseUrl}/api/products/import/lightning`, a.token, fields, file).finally(() => (importing = false));
  const during: number[] = [];
  while (importing) during.push(await timedGet(url, b.token));
  const result = await imported;
  const complete = result.body.toString().trim().split('\n').filter((l) => l.startsWith('data: ')).at(-1);
  const busy = summarize(during);
  log(`list on B before the import: p50 ${quiet.p50.toFixed(1)} ms, p95 ${quiet.p95.toFixed(1)} ms`);
  log(`list on B while A imports 50,000 rows: p50 ${busy.p50.toFixed(1)} ms, p95 ${busy.p95.toFixed(1)} ms over ${during.length} requests`);
  check('A imported while B served the list', !!complete?.includes('"type":"complete"'), complete?.slice(0, 160) ?? 'no complete event');
}

/** C clients for S seconds, each taking the next query of the mix and the next server in turn. */
async function throughput(servers: ServerHandle[], queries: string[]) {
  const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
  const pgBefore = postgresCpuSeconds();
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let next = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const i = next++;
        const server = servers[i % servers.length]!;
        latencies.push(await timedGet(`${server.baseUrl}/api/products?${queries[i % queries.length]}`, server.token));
        done += 1;
      }
    }),
  );
  const cpu = servers.map((s, i) => cpuSeconds(s.pid) - cpuBefore[i]!);
  const summary = summarize(latencies);
  const perServer = cpu.map((c, i) => `server ${i + 1} ${c.toFixed(1)} s`).join(', ');
  log(
    `${servers.length} server(s), ${clients} clients, ${seconds} s: ${(done / seconds).toFixed(0)} lists/s, p50 ${summary.p50.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms; ` +
      `CPU ${perServer}, PostgreSQL ${postgresCpuSince(pgBefore).toFixed(1)} s`,
  );
}

const target = await freshTarget('postgres', `two_servers_${products}`, args.pg);
try {
  log(`loading ${products.toLocaleString('en-US')} products...`);
  await loadReadTarget(target, createCatalogue({ totalCategories: 5_000, now: new Date() }), products, log);
  const a = await startServer(target.url);
  const b = await startServer(target.url);
  try {
    await consistency(a, b);
    await listWhileImporting(a, b, `${b.baseUrl}/api/products?page=1&limit=20&sort=name`);
    const queries = (await listQueryMix(`${a.baseUrl}/api`, a.token, products)).map((k) => k.query);
    await throughput([a], queries);
    await throughput([a, b], queries);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
} finally {
  await target.drop();
}
const failed = checks.filter((c) => !c.ok);
log(failed.length ? `${failed.length} of ${checks.length} checks failed` : `all ${checks.length} checks held`);
process.exitCode = failed.length ? 1 : 0;
