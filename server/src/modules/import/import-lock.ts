import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';

let queue: Promise<void> = Promise.resolve();
const IMPORT_LOCK_KEY = 7_734_021;

/**
 * Only one import writes at a time per database: within this server a queue, across servers on
 * PostgreSQL an advisory lock held on a pinned connection. onWait is called every 250 ms while
 * the import waits its turn, so its progress events can say so.
 */
export async function withImportLock<T>(db: Kysely<DB>, dialect: Dialect, onWait: () => void, work: () => Promise<T>): Promise<T> {
  const previous = queue;
  let release!: () => void;
  queue = new Promise<void>((resolve) => (release = resolve));
  const waiting = setInterval(onWait, 250);
  try {
    await previous;
    if (dialect !== 'postgres') {
      clearInterval(waiting);
      return await work();
    }
    return await db.connection().execute(async (conn) => {
      while (!(await sql<{ locked: boolean }>`select pg_try_advisory_lock(${IMPORT_LOCK_KEY}) as locked`.execute(conn)).rows[0]?.locked) {
        await new Promise((r) => setTimeout(r, 250));
      }
      clearInterval(waiting);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${IMPORT_LOCK_KEY})`.execute(conn);
      }
    });
  } finally {
    clearInterval(waiting);
    release();
  }
}
