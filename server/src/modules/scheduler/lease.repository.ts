import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * Leases: the app server holding a name's row until it expires is the one doing that name's work.
 * Each call is one statement, atomic on both engines (SQLite writes one at a time; PostgreSQL's
 * insert ... on conflict do update locks the row and checks the condition against its latest
 * version), so of servers racing for a free lease exactly one gets it.
 */

/** Takes the lease if it is free, expired, or already ours (which renews it); answers whether we hold it now. */
export async function takeLease(db: Kysely<DB>, name: string, holder: string, now: Date, ttlMs: number): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  const taken = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: expiresAt, last_run_at: null })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where((eb) => eb.or([eb('leases.holder', 'is', null), eb('leases.expires_at', '<=', now.toISOString()), eb('leases.holder', '=', holder)])),
    )
    .returning('name')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Extends a lease we still hold; false when another server took it over meanwhile. */
export async function renewLease(db: Kysely<DB>, name: string, holder: string, now: Date, ttlMs: number): Promise<boolean> {
  const result = await db
    .updateTable('leases')
    .set({ expires_at: new Date(now.getTime() + ttlMs).toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives the lease up, and records when its job finished if `finishedAt` is given. Only while we
 * hold it: a server whose lease expired and was taken over releases nothing of its successor's.
 */
export async function releaseLease(db: Kysely<DB>, name: string, holder: string, finishedAt?: Date): Promise<boolean> {
  const result = await db
    .updateTable('leases')
    .set({ holder: null, expires_at: null, ...(finishedAt ? { last_run_at: finishedAt.toISOString() } : {}) })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** When each named job last finished, on any server; names never run are absent. */
export async function findLastRuns(db: Kysely<DB>, names: string[]): Promise<Map<string, Date>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom('leases').select(['name', 'last_run_at']).where('name', 'in', names).where('last_run_at', 'is not', null).execute();
  return new Map(rows.map((row) => [row.name, new Date(row.last_run_at!)]));
}
