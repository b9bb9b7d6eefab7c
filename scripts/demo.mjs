// `npm run demo [-- --reset]`: builds the web app if needed, fills the demo database with the
// generated boat-supplies catalogue (once, or again with --reset), then serves it and prints the
// demo login. The database is DATABASE_URL when it is set (as for npm start), else data/demo.db.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt, ensureWebBuilt, startServer } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reset = process.argv.includes('--reset');

ensureWebBuilt();
await ensureServerBuilt();

// The seeding and the server read the same variable, so they cannot disagree on the database.
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL?.trim() || path.join(root, 'data/demo.db') };
const seeded = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'bench/seed-demo.ts'), ...(reset ? ['--reset'] : [])],
  { cwd: root, stdio: 'inherit', env },
);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const port = process.env.PORT || '3000';
const host = process.env.HOST || '127.0.0.1';
// startServer forwards SIGINT/SIGTERM to the server and exits with it.
startServer({ ...env, PORT: port });

const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const url = `http://${shownHost}:${port}`;
for (let attempt = 0; attempt < 240; attempt++) {
  try {
    const res = await fetch(`${url}/api/health`);
    if (res.ok) {
      console.log(`Bosun demo running at ${url} (sign in as demo / demo-boats)`);
      break;
    }
  } catch {
    // not listening yet
  }
  await sleep(250);
}
