import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.js';
import type { DB } from './types.js';

/**
 * Which change the writes of a transaction belong to, for the history triggers of migration 0023.
 * PostgreSQL: a transaction-local setting, gone at commit or rollback, so that pooled connections
 * and concurrent transactions never see each other's. SQLite has one writer at a time: the one
 * row of change_context, set at the start of the writing transaction and cleared before it
 * commits (a rollback takes the setting back with the rest).
 */
export async function bindChange(trx: Kysely<DB>, dialect: Dialect, changeId: number | null) {
  if (dialect === 'postgres') await sql`select set_config('bosun.change_id', ${changeId === null ? '' : String(changeId)}, true)`.execute(trx);
  else await trx.updateTable('change_context').set({ change_id: changeId }).where('id', '=', 1).execute();
}
