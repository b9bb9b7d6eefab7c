import { sql, type Transaction } from 'kysely';
import type { Dialect } from './database.js';
import type { DB } from './types.js';

/** A write refused by a unique index, as either engine reports it. */
export const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string } | undefined)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

/**
 * Runs a write whose uniqueness was checked before it. On PostgreSQL (read committed) another
 * request may commit the same SKU or combination between the check and the write, and the write
 * meets it only as a unique violation (SQLite's BEGIN IMMEDIATE serialises writers, so there it
 * cannot happen). The write is undone to a savepoint (the transaction stays usable) and `recheck`,
 * the same checks again, now sees the other request's row and throws the answer a later request
 * would get, naming the field. Should it find nothing, the violation itself is thrown.
 */
export async function recheckedOnUniqueViolation<T>(trx: Transaction<DB>, write: () => Promise<T>, recheck: () => Promise<unknown>): Promise<T> {
  await sql`savepoint unique_recheck`.execute(trx);
  try {
    const result = await write();
    await sql`release savepoint unique_recheck`.execute(trx);
    return result;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await sql`rollback to savepoint unique_recheck`.execute(trx);
    await recheck();
    throw error;
  }
}

/** pg_advisory_xact_lock's two-key form (apart from the one-key migration lock): this class, then a bucket of SKUs. */
const SKU_LOCK_CLASS = 18_018;
/** SKUs share this many locks: a generation of 2,048 takes at most this many entries of the server's lock table. */
const SKU_LOCK_BUCKETS = 256;

/**
 * Before writing SKUs that may be new (PostgreSQL): waits for any other transaction writing one of
 * the same SKUs, by transaction locks taken in one order (the SKUs' buckets, ascending). Two saves
 * under two parents writing the same new SKUs in opposite orders would otherwise each wait in the
 * unique index for the other's row: a deadlock, which PostgreSQL answers by failing one (a 500).
 * Now the second waits for the first to commit, then meets its rows as a unique violation, and
 * recheckedOnUniqueViolation answers it naming the field. SQLite serialises writers: nothing to do.
 */
export async function lockSkusForWrite(trx: Transaction<DB>, dialect: Dialect, skus: readonly string[]) {
  if (dialect !== 'postgres' || !skus.length) return;
  await sql`select count(pg_advisory_xact_lock(${SKU_LOCK_CLASS}::integer, b)) from (
    select distinct mod(hashtext(s) & 2147483647, ${SKU_LOCK_BUCKETS}::integer) as b from unnest(${[...skus]}::text[]) s order by b) buckets`.execute(trx);
}
