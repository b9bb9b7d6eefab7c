import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openSqlite } from '../../server/src/db/database.js';
import { detectFormat } from '../../server/src/modules/import/csv-format.js';
import { readRecordGroups } from '../../server/src/modules/import/csv-records.js';
import { generateProducts, type Catalogue } from '../catalogue/index.js';
import { loadCatalogue } from '../load-catalogue.js';
import { catalogueIds, INSERT_COLUMNS, insertValues, type CatalogueIds } from './catalogue-rows.js';
import { perSecond } from './measure.js';
import { freshTarget, openMigrated, type DbKind } from './targets.js';

/**
 * The engine's own limits, measured in the same run as the API figures they sit beside:
 * - writing: the same rows into a fresh migrated database (same schema, indexes and triggers,
 *   vendors and categories already there) with ONE prepared INSERT in ONE transaction through
 *   better-sqlite3; on PostgreSQL one COPY FROM STDIN (its bulk path);
 * - reading: one SELECT over products through better-sqlite3 .iterate(); on PostgreSQL one
 *   COPY (SELECT ...) TO STDOUT.
 * - parsing: the import's own CSV reader (csv-records.ts, PapaParse) over the file in this
 *   process, without HTTP, mapping or database: the floor under the dry-run preview.
 * Generating the rows is not timed.
 */

export interface Rate {
  rows: number;
  ms: number;
  rowsPerSecond: number;
}

const CHUNK = 20_000;

async function prepareTarget(kind: DbKind, catalogue: Catalogue, pgUrl?: string) {
  const target = await freshTarget(kind, 'baseline-insert', pgUrl);
  const database = await openMigrated(target);
  try {
    await loadCatalogue(database, { catalogue, products: 0 });
    return { target, ids: await catalogueIds(database.db, catalogue) };
  } finally {
    await database.close();
  }
}

function sqliteInsert(file: string, catalogue: Catalogue, ids: CatalogueIds, rows: number): number {
  const conn = openSqlite(file);
  try {
    const insert = conn.prepare(`insert into products (${INSERT_COLUMNS.join(', ')}) values (${INSERT_COLUMNS.map(() => '?').join(', ')})`);
    const now = new Date().toISOString();
    let ms = 0;
    let started = performance.now();
    conn.exec('begin');
    ms += performance.now() - started;
    for (let start = 0; start < rows; start += CHUNK) {
      const chunk = [...generateProducts(catalogue, Math.min(CHUNK, rows - start), start)].map((p) => insertValues(p, ids, now));
      started = performance.now();
      for (const values of chunk) insert.run(values);
      ms += performance.now() - started;
    }
    started = performance.now();
    conn.exec('commit');
    return ms + performance.now() - started;
  } finally {
    conn.close();
  }
}

const copyCell = (v: string | number | null) => (v === null ? '' : typeof v === 'number' ? String(v) : `"${v.replaceAll('"', '""')}"`);

async function postgresCopy(url: string, catalogue: Catalogue, ids: CatalogueIds, rows: number, table = 'products'): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date().toISOString();
    let generating = 0;
    const started = performance.now();
    const stream = client.query(copyFrom(`copy ${table} (${INSERT_COLUMNS.join(', ')}) from stdin with (format csv)`));
    const finished = once(stream, 'finish');
    for (let start = 0; start < rows; start += CHUNK) {
      const t = performance.now();
      let text = '';
      for (const p of generateProducts(catalogue, Math.min(CHUNK, rows - start), start)) text += `${insertValues(p, ids, now).map(copyCell).join(',')}\n`;
      generating += performance.now() - t;
      if (!stream.write(text)) await once(stream, 'drain');
    }
    stream.end();
    await finished;
    return performance.now() - started - generating;
  } finally {
    await client.end();
  }
}

export async function insertBaseline(kind: DbKind, catalogue: Catalogue, rows: number, pgUrl?: string): Promise<Rate> {
  const { target, ids } = await prepareTarget(kind, catalogue, pgUrl);
  try {
    const ms = kind === 'sqlite' ? sqliteInsert(target.url, catalogue, ids, rows) : await postgresCopy(target.url, catalogue, ids, rows);
    return { rows, ms: Math.round(ms), rowsPerSecond: perSecond(rows, ms) };
  } finally {
    await target.drop();
  }
}

/**
 * Issue 21's floor for the PostgreSQL import: the same rows by one COPY FROM STDIN into a table
 * with the products' columns and nothing else (no index, constraint or trigger), in the database
 * the other baseline uses.
 */
export async function plainCopyBaseline(catalogue: Catalogue, rows: number, pgUrl: string): Promise<Rate> {
  const { target, ids } = await prepareTarget('postgres', catalogue, pgUrl);
  try {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query('create table copy_plain (like products including defaults)');
    await client.end();
    const ms = await postgresCopy(target.url, catalogue, ids, rows, 'copy_plain');
    return { rows, ms: Math.round(ms), rowsPerSecond: perSecond(rows, ms) };
  } finally {
    await target.drop();
  }
}

export async function readBaseline(kind: DbKind, url: string): Promise<Rate> {
  if (kind === 'sqlite') {
    const conn = openSqlite(url);
    try {
      const started = performance.now();
      let rows = 0;
      for (const _row of conn.prepare('select * from products').iterate()) rows += 1;
      const ms = performance.now() - started;
      return { rows, ms: Math.round(ms), rowsPerSecond: perSecond(rows, ms) };
    } finally {
      conn.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    let rows = 0;
    const stream = client.query(copyTo('copy (select * from products) to stdout'));
    // Text format: one line per row, newlines inside values escaped as \n.
    for await (const chunk of stream as AsyncIterable<Buffer>) for (let i = 0; i < chunk.length; i++) if (chunk[i] === 0x0a) rows += 1;
    const ms = performance.now() - started;
    return { rows, ms: Math.round(ms), rowsPerSecond: perSecond(rows, ms) };
  } finally {
    await client.end();
  }
}

/** The data records of a CSV file read with the server's own parser, in this process. */
export async function parseBaseline(file: string): Promise<Rate> {
  const format = await detectFormat(file, true);
  const started = performance.now();
  let records = 0;
  // A record read past (too long) is a group of its own, a CsvRecordError: one record.
  for await (const group of readRecordGroups(file, format)) records += Array.isArray(group) ? group.length : 1;
  const ms = performance.now() - started;
  const rows = Math.max(0, records - 1);
  return { rows, ms: Math.round(ms), rowsPerSecond: perSecond(rows, ms) };
}
