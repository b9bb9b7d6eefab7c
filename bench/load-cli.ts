/**
 * Loads a generated catalogue into a fresh database and prints the timings.
 *
 *   node --import tsx bench/load-cli.ts --products 100000 [--categories 5000] [--seed 1] [--db /tmp/bench.db]
 *
 * --db takes a file path (replaced if it exists) or a postgres:// URL (to an empty database).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../server/src/config.js';
import { createDatabase } from '../server/src/db/database.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { loadCatalogue } from './load-catalogue.js';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    categories: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '1' },
    db: { type: 'string' },
  },
});

const target = parseDatabaseUrl(values.db ?? path.join(os.tmpdir(), `bosun-load-${process.pid}.db`));
if (target.kind === 'sqlite') {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target.file}${suffix}`, { force: true });
}
const database = createDatabase(target);
try {
  await migrateToLatest(database);
  const result = await loadCatalogue(database, {
    seed: Number(values.seed),
    products: Number(values.products),
    totalCategories: Number(values.categories),
    onProgress: (loaded, total) => {
      if (total >= 200_000) process.stdout.write(`  ${loaded.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}\r`);
    },
  });
  const { catalogue: _catalogue, ...figures } = result;
  console.log(JSON.stringify({ target: target.kind === 'sqlite' ? target.file : 'postgres', ...figures }, null, 2));
} finally {
  await database.close();
}
