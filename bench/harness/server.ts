import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV_DEFAULTS, SERVER_NODE_ARGS } from '../../scripts/start.mjs';
import { getJson, postJson } from './http.js';
import { benchDir } from './targets.js';

/**
 * The server under test as a child process (`node server/dist/server.mjs`, rebuilt first when a
 * source is newer), exactly as `npm start` runs it. Every child is killed when the bench exits, normally or not.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_LOGIN = { username: 'bench', email: 'bench@bosun.test', password: 'bench-password-1' } as const;

export interface ServerHandle {
  baseUrl: string;
  pid: number;
  token: string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

function killAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

let hooksInstalled = false;
/** Kills the children on exit, on Ctrl-C and on SIGTERM; the caller's own cleanup runs first through onSignal. */
export function installExitHooks(onSignal: () => Promise<void> | void) {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the server and cleaning up`);
      killAll();
      Promise.resolve(onSignal()).finally(() => process.exit(130));
    });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rebuilds the server bundle when a source is newer than it, so the bench never measures old code. */
export function ensureServerBundle() {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('Building the server bundle failed');
}

let bundleChecked = false;

export async function startServer(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ServerHandle> {
  if (!bundleChecked) ensureServerBundle();
  bundleChecked = true;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Node flags and environment exactly as `npm start` runs the server.
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'server/dist/server.mjs'], {
    cwd: ROOT,
    env: {
      ...SERVER_ENV_DEFAULTS,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: BENCH_LOGIN.username,
      ADMIN_EMAIL: BENCH_LOGIN.email,
      ADMIN_PASSWORD: BENCH_LOGIN.password,
      LOG_LEVEL: 'warn',
      // A 1M-row file is about 1 GB; the default limit (500 MB) is the product's, not the bench's.
      IMPORT_MAX_MB: '4000',
      // Spooled uploads go under the bench's folder, so none outlives the run (see the note in the report).
      TMPDIR: benchDir(),
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(`  [server] ${chunk.toString()}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) child.kill('SIGKILL');
      await exited;
    }
    children.delete(child);
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up (code ${child.exitCode}):\n${stderr}`);
    try {
      const health = await getJson<{ status: string }>(`${baseUrl}/api/health`);
      if (health.status === 'ok') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /api/health within 120 s:\n${stderr}`);
    }
    await sleep(100);
  }
  try {
    const { token } = await postJson<{ token: string }>(`${baseUrl}/api/auth/login`, { username: BENCH_LOGIN.username, password: BENCH_LOGIN.password });
    return { baseUrl, pid: child.pid!, token, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Starts a server, runs fn, and stops the server whatever happens. */
export async function withServer<T>(databaseUrl: string, fn: (server: ServerHandle) => Promise<T>): Promise<T> {
  const server = await startServer(databaseUrl);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}
