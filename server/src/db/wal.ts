import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.js';
import type { DB } from './types.js';

/**
 * Runs fn, which writes a little on the server's connection while another connection (the
 * import's writer thread) is filling the WAL, without that commit copying the WAL into the
 * database: SQLite runs its automatic checkpoint on whichever connection commits past the
 * threshold, here on the event loop, up to 32 MB. The other connection's own checkpoints do it on
 * its thread instead. PostgreSQL: fn as it is.
 */
export async function withoutAutoCheckpoint<T>(db: Kysely<DB>, dialect: Dialect, fn: () => Promise<T>): Promise<T> {
  if (dialect !== 'sqlite') return fn();
  const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
  const pages = Number(rows[0]?.wal_autocheckpoint ?? 1000);
  await sql`pragma wal_autocheckpoint = 0`.execute(db);
  try {
    return await fn();
  } finally {
    await sql.raw(`pragma wal_autocheckpoint = ${pages}`).execute(db);
  }
}
