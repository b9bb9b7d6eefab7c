import { sql, type Transaction } from 'kysely';
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
