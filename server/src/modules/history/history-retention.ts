import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_HISTORY_DAYS } from '@bosun/shared';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';

/** Rows per statement: each delete is its own short transaction, so writes wait for one chunk at most. */
const PRUNE_CHUNK = 5_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const FIRST_PRUNE_AFTER_MS = 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the changes older than settings.history_days and their entries, a chunk per statement,
 * giving other work its turn between chunks. Entries first: a change whose entries are not all
 * gone yet stays, and the next run finishes it. Entries no change claimed carry no date and stay.
 */
export async function pruneHistory(db: Kysely<DB>, _dialect: Dialect, now: Date = new Date()): Promise<{ entries: number; changes: number }> {
  const settings = await db.selectFrom('settings').select('history_days').where('id', '=', 1).executeTakeFirst();
  const cutoff = new Date(now.getTime() - (settings?.history_days ?? DEFAULT_HISTORY_DAYS) * DAY_MS).toISOString();
  let entries = 0;
  for (;;) {
    const result = await sql`delete from product_changes where id in (
      select pc.id from changes c join product_changes pc on pc.change_id = c.id where c.created_at < ${cutoff} limit ${PRUNE_CHUNK})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    entries += n;
    if (n < PRUNE_CHUNK) break;
    await nextTurn();
  }
  let changes = 0;
  for (;;) {
    const result = await sql`delete from changes where id in (
      select c.id from changes c where c.created_at < ${cutoff}
        and not exists (select 1 from product_changes pc where pc.change_id = c.id) limit ${PRUNE_CHUNK})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    changes += n;
    if (n < PRUNE_CHUNK) break;
    await nextTurn();
  }
  return { entries, changes };
}

/** Prunes the history in the background while the app runs: a minute after start, then hourly; stopped (and awaited) on close. */
export function startHistoryPruning(app: FastifyInstance) {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = pruneHistory(app.deps.db, app.deps.dialect)
      .then((pruned) => {
        if (pruned.entries || pruned.changes) app.log.info(pruned, 'history pruned');
      })
      .catch((err: unknown) => app.log.error({ err }, 'history pruning failed'))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, FIRST_PRUNE_AFTER_MS).unref();
  const every = setInterval(run, PRUNE_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
