import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-e2e-'));
  const port = await freePort();
  let output = '';
  const root = path.resolve(import.meta.dirname, '../..');
  // The journeys run the server as `npm start` does: the bundle, rebuilt when a source is newer.
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('Building the server bundle failed');
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: path.join(dir, 'e2e.db'),
      LOG_LEVEL: 'warn',
      // A build of its own lets several e2e runs go on at once without one rebuild breaking another.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The supplier feed journeys serve their feeds from this machine.
      FEED_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
