// `npm start` (scripts/start.sh): builds the web app and the server bundle when missing or older
// than their sources, then serves web and API on one port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, newestMtime, serverBundle, serverBundleIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'web/dist/index.html');

export function ensureWebBuilt() {
  const sources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'shared/src'].map((p) => path.join(root, p));
  const stale = !fs.existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > fs.statSync(builtIndex).mtimeMs;
  if (!stale) return;
  // On stderr, as everything a build says: `--command` prints the server's command on stdout.
  console.error('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: ['inherit', 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export async function ensureServerBuilt() {
  if (!serverBundleIsStale()) return;
  console.error('Building the server...');
  await buildServer();
}

/**
 * glibc gives every thread that allocates its own malloc arena and keeps their freed pages; the
 * export's worker threads would leave tens of megabytes resident that way. Two arenas are the
 * usual setting for Node servers (and the caller's own value wins).
 *
 * MALLOC_TRIM_THRESHOLD_ and MALLOC_MMAP_THRESHOLD_: by default glibc raises its trim threshold to
 * twice the largest block it has handed back (up to 64 MB), so after the category tree's 3 MB answers
 * the freed top of the heap stays resident. Fixed values end that. 4 MB at the top may stay; blocks
 * up to 32 MB come from the heap, so a 3 MB answer reuses pages already there instead of mapping
 * and faulting in fresh ones each time. Measured after the bench's category and list traffic on 1M
 * products (bench/scenarios/reads.ts's traffic replayed on its own), resident before the
 * woocommerce export / its peak: 175 / 198 MB with glibc's defaults, 143 / 171 MB with a 128 KB trim
 * threshold alone, 143 / 172 MB with these. The 128 KB threshold alone made the first category
 * tree read after a change slower (server p50 / p95 38-40 / 59-61 ms against 30-35 / 46-54 ms,
 * 60 samples); with these it is as with the defaults (23-34 / 44-50 against 24-26 / 42-44 ms).
 */
export const SERVER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: String(4 << 20), MALLOC_MMAP_THRESHOLD_: String(32 << 20) };
/**
 * --expose-gc: an export collects the garbage of earlier requests before it starts (sqlite-export.ts).
 * --heap-growing-percent=20: after each full collection V8 lets the old generation grow by 20% (at
 * least 8 MB) before the next, instead of up to four times what survived. Large answers (the 3 MB
 * category tree, list pages) otherwise leave 40-70 MB of garbage resident between collections.
 * After the bench's list and category traffic on 1M products the server held 141-148 MB in ad-hoc
 * runs and 152-156 MB in `npm run bench` with it (4 MB SQLite page cache included), 158-205 MB
 * without. A smaller young generation (--max-semi-space-size 2 or 4, or --optimize-for-size) saved
 * 25-30 MB more but made the category tree about twice as slow.
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--expose-gc', '--heap-growing-percent=20'];

export function startServer(env = process.env) {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverBundle], {
    cwd: root,
    env: { ...SERVER_ENV_DEFAULTS, ...env },
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}

/**
 * The server's command line, quoted for sh, with SERVER_ENV_DEFAULTS where the environment does not
 * set them: scripts/start.sh runs it with exec, so that the server replaces the shell and nothing
 * else stays resident. A Node parent waiting on the server (startServer) held about 50 MB, and
 * esbuild's build service, until the parent ended, about 45 MB more.
 */
export function serverCommand(env = process.env) {
  const quote = (text) => `'${String(text).replaceAll("'", `'\\''`)}'`;
  const defaults = Object.entries(SERVER_ENV_DEFAULTS).filter(([name]) => env[name] === undefined).map(([name, value]) => `${name}=${quote(value)}`);
  return ['env', ...defaults, quote(process.execPath), ...SERVER_NODE_ARGS.map(quote), quote(serverBundle)].join(' ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureWebBuilt();
  await ensureServerBuilt();
  if (process.argv.includes('--command')) {
    console.log(serverCommand());
    // esbuild's service would keep this process (and itself) alive until it is told to go.
    process.exit(0);
  }
  startServer();
}
