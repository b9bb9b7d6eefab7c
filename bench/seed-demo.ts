/**
 * Fills data/demo.db for `npm run demo`: migrations, a generated catalogue of about 5,000
 * products (about 30% of them variable, with 2–60 variations each), the demo admin and the demo company name. Does nothing when the database exists,
 * unless --reset is given (then data/demo.db* is deleted and built again).
 *
 *   node --import tsx bench/seed-demo.ts [--reset] [--date 2025-06-01]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDatabase } from '../server/src/db/database.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { bootstrapAdmin } from '../server/src/modules/auth/auth.service.js';
import { updateSettingsRow } from '../server/src/modules/settings/settings.repository.js';
import { loadCatalogue } from './load-catalogue.js';

export const DEMO_LOGIN = { username: 'demo', email: 'demo@bosun.test', password: 'demo-boats' } as const;
export const DEMO_COMPANY = 'Harbor Point Marine Supply';
const DEMO_SEED = 7_310;
const DEMO_PRODUCTS = 5_000;
/** Boat supplies are variant-heavy (issue 18): rope by diameter × length, paint by colour × volume... */
const DEMO_VARIABLE_SHARE = 0.3;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'data');
const demoFile = path.join(dataDir, 'demo.db');
/** Built under another name and renamed at the end, so an interrupted run never leaves a half-filled demo.db. */
const buildFile = path.join(dataDir, 'demo.db.building');

function removeDemoFiles() {
  if (!fs.existsSync(dataDir)) return;
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith('demo.db')) fs.rmSync(path.join(dataDir, name), { force: true });
  }
}

/** Midnight UTC today by default: the demo's products then look recent, and one day's builds agree. */
function referenceDate(text: string | undefined): Date {
  const date = text ? new Date(text) : new Date(new Date().toISOString().slice(0, 10));
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid --date: ${text}`);
  return date;
}

async function seedDemo(reset: boolean, date: Date) {
  if (fs.existsSync(demoFile) && !reset) {
    console.log('Demo database ready: data/demo.db (npm run demo -- --reset rebuilds it)');
    return;
  }
  removeDemoFiles();
  console.log('Creating the demo database (data/demo.db)...');
  const database = createDatabase({ kind: 'sqlite', file: buildFile });
  try {
    await migrateToLatest(database);
    const result = await loadCatalogue(database, {
      seed: DEMO_SEED,
      products: DEMO_PRODUCTS,
      categoriesPerTree: 14,
      storeCategories: 120,
      variableShare: DEMO_VARIABLE_SHARE,
      now: date,
    });
    await bootstrapAdmin(database.db, DEMO_LOGIN);
    await updateSettingsRow(database.db, { company_name: DEMO_COMPANY });
    console.log(
      `Loaded ${result.vendors} vendors, ${result.categories} categories and ${result.products.toLocaleString('en-US')} products ` +
        `(${result.variableProducts.toLocaleString('en-US')} variable, with ${result.variations.toLocaleString('en-US')} variations) in ${(result.ms.total / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await database.close();
    removeDemoFiles();
    throw error;
  }
  await database.close();
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${buildFile}${suffix}`, { force: true });
  fs.renameSync(buildFile, demoFile);
}

const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false }, date: { type: 'string' } } });
await seedDemo(values.reset, referenceDate(values.date));
