/**
 * Loads a generated catalogue into a fresh database and prints the timings.
 *
 *   node --import tsx bench/load-cli.ts --products 100000 [--categories 5000] [--seed 1] [--db /tmp/bench.db]
 *                                        [--variable-share 0.3 | --variations 30000]
 *
 * --db takes a file path (replaced if it exists) or a postgres:// URL (to an empty database).
 * --variable-share: that share of the products are variable, each with 2–60 variations (rows on top of --products).
 * --variations N: --products counts every row, and about N of them are variations (the benchmarks' 300k of 1M).
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
    'variable-share': { type: 'string' },
    variations: { type: 'string' },
  },
});
if (values['variable-share'] !== undefined && values.variations !== undefined) throw new Error('--variable-share and --variations do not go together');
const number = (text: string | undefined, flag: string) => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} takes a number of 0 or more: ${text}`);
  return n;
};

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
    variableShare: number(values['variable-share'], '--variable-share'),
    variationRows: number(values.variations, '--variations'),
    onProgress: (rows) => {
      if (Number(values.products) >= 200_000) process.stdout.write(`  ${rows.toLocaleString('en-US')} rows\r`);
    },
  });
  const { catalogue: _catalogue, ...figures } = result;
  console.log(JSON.stringify({ target: target.kind === 'sqlite' ? target.file : 'postgres', ...figures }, null, 2));
} finally {
  await database.close();
}
