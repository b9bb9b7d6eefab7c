import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import type { DB } from './types.js';
import { BusyWaitingSqliteDialect, DEFAULT_BUSY_WAIT_MS, type BusyWaitOptions } from './sqlite-busy-wait.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The SQLite connection itself: the migration that edits the schema's text (0021), and the bulk writes that suspend row triggers (sqlite-bulk-products.ts). */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; ids and counts here fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** sqliteBusy: how the server's SQLite connection waits for another connection's write lock (sqlite-busy-wait.ts). */
export function createDatabase(target: DatabaseTarget, options: { sqliteBusy?: Partial<BusyWaitOptions> } = {}): Database {
  if (target.kind === 'postgres') {
    // jit off: the list's and export's statements are short, and PostgreSQL compiles a plan whose
    // cost estimate passes jit_above_cost before running it: 19-46 ms per statement on 1M products
    // (EXPLAIN ANALYZE of a search count and of a category-name page), more than most pages take.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c jit=off' });
    // An idle connection the server ends (a restart, an administrator, a dropped test database)
    // is an 'error' event on the pool: unheard, it would end the process. The pool opens a new one.
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const sqlite = openSqlite(target.file);
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection (SQLITE_DEFAULT_CACHE_SIZE).
  // The server's requests read few pages each, and the file's pages stay in the OS cache anyway:
  // 4 MB keeps about 12 MB less resident after heavy list traffic; list latency at 1M products
  // moved no more than the noise between runs.
  sqlite.pragma('cache_size = -4096');
  const dialect = new BusyWaitingSqliteDialect(sqlite, { waitMs: DEFAULT_BUSY_WAIT_MS, ...options.sqliteBusy });
  const db = new Kysely<DB>({ dialect });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    close: async () => {
      await db.destroy();
    },
  };
}
