import type { Kysely, Updateable } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB, SettingsRow, SettingsTable } from '../../db/types.js';

/** Settings are one row (id 1), created with its defaults the first time anyone reads it. */
export async function findOrCreateSettings(db: Kysely<DB>): Promise<SettingsRow> {
  const existing = await db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (existing) return existing;
  const now = nowIso();
  await db
    .insertInto('settings')
    .values({ id: 1, company_name: 'Bosun', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function updateSettingsRow(
  db: Kysely<DB>,
  changes: Omit<Updateable<SettingsTable>, 'id' | 'created_at'>,
): Promise<SettingsRow> {
  await findOrCreateSettings(db);
  await db.updateTable('settings').set({ ...changes, updated_at: nowIso() }).where('id', '=', 1).execute();
  return findOrCreateSettings(db);
}
