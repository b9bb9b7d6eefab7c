/**
 * Fills the demo database for `npm run demo`: DATABASE_URL when it is set (a SQLite file or
 * PostgreSQL), else data/demo.db. Migrations, a generated catalogue of about 5,000 products (about
 * 30% of them variable, with 2–60 variations each), the demo admin and the demo company name. Does
 * nothing when the demo is there already; --reset builds a SQLite demo file again. It never fills
 * or deletes a database that holds another shop: DATABASE_URL may point at the real one.
 *
 *   DATABASE_URL=... node --import tsx bench/seed-demo.ts [--reset] [--date 2025-06-01]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DatabaseTarget } from '../server/src/config.js';
import { createDatabase, type Database } from '../server/src/db/database.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { bootstrapAdmin } from '../server/src/modules/auth/auth.service.js';
import { updateSettingsRow } from '../server/src/modules/settings/settings.repository.js';
import { demoTarget, describeTarget } from './demo-target.js';
import { loadCatalogue } from './load-catalogue.js';

export const DEMO_LOGIN = { username: 'demo', email: 'demo@bosun.test', password: 'demo-boats' } as const;
export const DEMO_COMPANY = 'Harbor Point Marine Supply';
const DEMO_SEED = 7_310;
const DEMO_PRODUCTS = 5_000;
/** Boat supplies are variant-heavy (issue 18): rope by diameter × length, paint by colour × volume... */
const DEMO_VARIABLE_SHARE = 0.3;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A SQLite file and the files SQLite keeps beside it. */
function removeSqliteFiles(file: string) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/** Midnight UTC today by default: the demo's products then look recent, and one day's builds agree. */
function referenceDate(text: string | undefined): Date {
  const date = text ? new Date(text) : new Date(new Date().toISOString().slice(0, 10));
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid --date: ${text}`);
  return date;
}

/** What a database holds: the demo (its login), nothing yet, or another shop. */
async function contents(database: Database): Promise<'demo' | 'empty' | 'other'> {
  await migrateToLatest(database);
  const demo = await database.db.selectFrom('users').select('id').where('username', '=', DEMO_LOGIN.username).executeTakeFirst();
  if (demo) return 'demo';
  const user = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const product = await database.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return user || product ? 'other' : 'empty';
}

const anotherShop = (name: string) =>
  new Error(`${name} holds a shop that is not the demo: npm run demo fills only a new or empty database. Unset DATABASE_URL for data/demo.db, or point it at an empty one.`);

async function fill(database: Database, date: Date) {
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
}

/** A SQLite demo is built under another name and renamed at the end, so an interrupted run never leaves a half-filled file. */
async function seedSqlite(file: string, name: string, reset: boolean, date: Date) {
  if (fs.existsSync(file)) {
    const existing = createDatabase({ kind: 'sqlite', file });
    const held = await contents(existing).finally(() => existing.close());
    if (held === 'other') {
      if (reset) throw anotherShop(name);
      // Only read and served, as npm start would: nothing of the shop is changed.
      console.log(`${name} is not the demo's database; serving it as it is`);
      return;
    }
    if (held === 'demo' && !reset) {
      console.log(`Demo database ready: ${name} (npm run demo -- --reset rebuilds it)`);
      return;
    }
  }
  const buildFile = `${file}.building`;
  removeSqliteFiles(buildFile);
  console.log(`Creating the demo database (${name})...`);
  const database = createDatabase({ kind: 'sqlite', file: buildFile });
  try {
    await migrateToLatest(database);
    await fill(database, date);
  } catch (error) {
    await database.close();
    removeSqliteFiles(buildFile);
    throw error;
  }
  await database.close();
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${buildFile}${suffix}`, { force: true });
  removeSqliteFiles(file);
  fs.renameSync(buildFile, file);
}

/** PostgreSQL: filled in place when empty. Rebuilding means dropping the database, which is left to its owner. */
async function seedPostgres(target: DatabaseTarget, name: string, reset: boolean, date: Date) {
  const database = createDatabase(target);
  try {
    const held = await contents(database);
    if (held === 'other') throw anotherShop(name);
    if (held === 'demo') {
      if (reset) throw new Error(`--reset rebuilds a SQLite demo file only: drop and create ${name} again, then run npm run demo`);
      console.log(`Demo database ready: ${name}`);
      return;
    }
    console.log(`Filling the demo database (${name})...`);
    await fill(database, date);
  } finally {
    await database.close();
  }
}

async function seedDemo(reset: boolean, date: Date) {
  const target = demoTarget(process.env, root);
  const name = describeTarget(target, root);
  if (target.kind === 'sqlite') await seedSqlite(target.file, name, reset, date);
  else await seedPostgres(target, name, reset, date);
}

const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false }, date: { type: 'string' } } });
try {
  await seedDemo(values.reset, referenceDate(values.date));
} catch (error) {
  // A refusal (another shop's database) is a sentence for the person, not a stack trace.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
