import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl } from '../../server/src/config.js';
import { createDatabase, type Database } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import type { Catalogue } from '../catalogue/index.js';
import { loadCatalogue, type LoadCatalogueResult } from '../load-catalogue.js';

/**
 * Fresh, empty databases for each scenario: a file in a temporary folder (SQLite) or a new
 * database on the PostgreSQL server given with --pg. All are removed at the end, or on Ctrl-C.
 */

export type DbKind = 'sqlite' | 'postgres';

export interface DbTarget {
  kind: DbKind;
  /** What DATABASE_URL takes: a file path or a postgres:// URL. */
  url: string;
  label: string;
  drop(): Promise<void>;
}

let tempRoot: string | undefined;
const live = new Set<DbTarget>();

/** The bench's own temporary folder, removed at the end. */
export function benchDir(): string {
  tempRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-bench-'));
  return tempRoot;
}

/** A scratch file path under the bench's temporary folder. */
export const scratchFile = (name: string) => path.join(benchDir(), name);

async function adminQuery(pgUrl: string, text: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function freshTarget(kind: DbKind, label: string, pgUrl?: string): Promise<DbTarget> {
  let target: DbTarget;
  if (kind === 'sqlite') {
    const file = scratchFile(`${label}.db`);
    const remove = () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
    };
    remove();
    target = { kind, url: file, label, drop: async () => remove() };
  } else {
    if (!pgUrl) throw new Error('--pg URL is required for PostgreSQL');
    const name = `bosun_bench_${label.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`.toLowerCase();
    await adminQuery(pgUrl, `create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    target = { kind, url: url.toString(), label, drop: () => adminQuery(pgUrl, `drop database if exists ${name} with (force)`) };
  }
  live.add(target);
  const drop = target.drop;
  target.drop = async () => {
    live.delete(target);
    await drop();
  };
  return target;
}

/** Drops every database still alive and removes the temporary folder. */
export async function dropAllTargets() {
  for (const target of [...live]) await target.drop().catch(() => undefined);
  if (tempRoot) fs.rmSync(tempRoot, { recursive: true, force: true });
  tempRoot = undefined;
}

/** Opens the target with the server's own code and runs its migrations. */
export async function openMigrated(target: DbTarget): Promise<Database> {
  const database = createDatabase(parseDatabaseUrl(target.url));
  await migrateToLatest(database);
  return database;
}

export const EXTRA_VENDORS = 480;

/**
 * The read benchmarks' database: the catalogue's vendors, both category trees and `products`
 * products (loadCatalogue), then EXTRA_VENDORS more vendors without products, for 500 in all.
 * With variationRows, `products` rows in all, about that many of them variations (issue 18).
 */
export async function loadReadTarget(
  target: DbTarget,
  catalogue: Catalogue,
  products: number,
  progress: (text: string) => void,
  variationRows?: number,
): Promise<LoadCatalogueResult> {
  const database = await openMigrated(target);
  let reported = 0;
  try {
    const result = await loadCatalogue(database, {
      catalogue,
      products,
      variationRows,
      onProgress: (rows) => {
        if (products >= 200_000 && rows >= reported + 200_000) {
          reported = rows;
          progress(`loaded ${rows.toLocaleString('en-US')} / ${products.toLocaleString('en-US')} rows`);
        }
      },
    });
    const now = new Date().toISOString();
    const extra = Array.from({ length: EXTRA_VENDORS }, (_, i) => ({
      name: `Bench Extra Vendor ${String(i + 1).padStart(3, '0')}`,
      email: `extra${i + 1}@vendors.bench.test`,
      status: (['active', 'inactive', 'pending'] as const)[i % 3],
      created_at: now,
      updated_at: now,
    }));
    await database.db.insertInto('vendors').values(extra).execute();
    // A bulk load leaves PostgreSQL without statistics and without its visibility map until autovacuum
    // comes by (a minute or so after a 100k load): before it, every index-only scan and count also reads
    // the table, and a run's figures changed half-way through its list mix. A settled database has both.
    if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
    return result;
  } finally {
    await database.close();
  }
}
