import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * Counts one more attempt under each key and answers each key's count in its window, in one
 * statement: the upsert takes each counter's row lock (PostgreSQL) or the write lock (SQLite), so
 * parallel attempts, on one app server or several, each see a different count. A counter whose
 * window started before `windowStartIso` starts again at 1.
 */
export async function countAttempt(db: Kysely<DB>, keys: string[], nowIso: string, windowStartIso: string) {
  const expired = sql<boolean>`login_failure_counters.window_started_at < ${windowStartIso}`;
  const rows = await db
    .insertInto('login_failure_counters')
    // One order for every statement, so that two upserts never wait on each other's rows crosswise.
    .values([...keys].sort().map((key) => ({ counter_key: key, window_started_at: nowIso, failures: 1 })))
    .onConflict((oc) =>
      oc.column('counter_key').doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else login_failure_counters.failures + 1 end`,
        window_started_at: sql<string>`case when ${expired} then ${nowIso} else login_failure_counters.window_started_at end`,
      }),
    )
    .returning(['counter_key', 'failures'])
    .execute();
  return new Map(rows.map((r) => [r.counter_key, Number(r.failures)]));
}

/**
 * Takes an attempt back from `keys`' counters, and forgets `clearKeys`' counters altogether. One
 * statement per counter, so that none holds one counter's lock while waiting for another's (the
 * upsert takes several in its own order; a statement taking them in another order could deadlock).
 */
export async function refundAttempt(db: Kysely<DB>, keys: string[], clearKeys: string[] = []) {
  for (const key of clearKeys) await db.deleteFrom('login_failure_counters').where('counter_key', '=', key).execute();
  for (const key of keys) {
    await db
      .updateTable('login_failure_counters')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('counter_key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }
}

export async function forgetCountersBefore(db: Kysely<DB>, windowStartIso: string) {
  await db.deleteFrom('login_failure_counters').where('window_started_at', '<', windowStartIso).execute();
}
