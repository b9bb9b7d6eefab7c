import type { ChangeSource } from '@bosun/shared';
import type { Kysely, Transaction } from 'kysely';
import { bindChange } from '../../db/change-context.js';
import { nowIso } from '../../db/clock.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';

/** Who made a change and from where: the history's 'who' and 'source'. */
export interface ChangeOrigin {
  source: ChangeSource;
  userId: number | null;
  importRunId?: number | null;
  /** An undo or a restore: the change it takes back. */
  revertsChangeId?: number | null;
  summary?: string | null;
}

/** Who writes, on which engine: what a service that records its writes needs of its route. */
export interface ChangeActor {
  dialect: Dialect;
  userId: number | null;
}

/** Writes the change's own row and answers its id; the writes that belong to it bind it (bindChange). */
export async function startChange(db: Kysely<DB>, origin: ChangeOrigin): Promise<number> {
  const row = await db
    .insertInto('changes')
    .values({
      user_id: origin.userId,
      source: origin.source,
      import_run_id: origin.importRunId ?? null,
      reverts_change_id: origin.revertsChangeId ?? null,
      summary: origin.summary ?? null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Runs write in one transaction as one recorded change: the change's row, the writes, and the
 * history rows the triggers write for them commit together or not at all. A change that moved
 * nothing (a form saved unchanged) leaves no row behind.
 */
export async function recordedChange<T>(
  db: Kysely<DB>,
  dialect: Dialect,
  origin: ChangeOrigin,
  write: (trx: Transaction<DB>, changeId: number) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const changeId = await startChange(trx, origin);
    await bindChange(trx, dialect, changeId);
    const result = await write(trx, changeId);
    if (dialect === 'sqlite') await bindChange(trx, dialect, null);
    const recorded = await trx.selectFrom('product_changes').select('id').where('change_id', '=', changeId).limit(1).executeTakeFirst();
    if (!recorded) await trx.deleteFrom('changes').where('id', '=', changeId).execute();
    return result;
  });
}
