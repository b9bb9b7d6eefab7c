import { SETTINGS_MESSAGES, type Currency, type Settings, type UpdateSettingsBody } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { DB, SettingsRow } from '../../db/types.js';
import { forbidden } from '../../errors.js';
import { findOrCreateSettings, updateSettingsRow } from './settings.repository.js';

const toSettings = (row: SettingsRow): Settings => ({
  company_name: row.company_name,
  logo_url: row.logo_url,
  weight_unit: row.weight_unit,
  dimension_unit: row.dimension_unit,
  history_days: row.history_days,
  currency: row.currency as Currency,
  time_zone: row.time_zone,
});

export const getSettings = async (db: Kysely<DB>) => toSettings(await findOrCreateSettings(db));

/**
 * How long the history is kept is an admin's choice (issue 20): a shop manager with the settings
 * permission may send the stored value back with the form, not another one.
 */
export async function saveSettings(db: Kysely<DB>, changes: UpdateSettingsBody, editor: { isAdmin: boolean }) {
  if (changes.history_days !== undefined && !editor.isAdmin && changes.history_days !== (await findOrCreateSettings(db)).history_days) {
    throw forbidden(SETTINGS_MESSAGES.historyDaysAdminOnly);
  }
  return toSettings(await updateSettingsRow(db, changes));
}
