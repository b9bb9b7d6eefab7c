import type { Settings, UpdateSettingsBody } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { DB, SettingsRow } from '../../db/types.js';
import { findOrCreateSettings, updateSettingsRow } from './settings.repository.js';

const toSettings = (row: SettingsRow): Settings => ({
  company_name: row.company_name,
  logo_url: row.logo_url,
  weight_unit: row.weight_unit,
  dimension_unit: row.dimension_unit,
});

export const getSettings = async (db: Kysely<DB>) => toSettings(await findOrCreateSettings(db));

export const saveSettings = async (db: Kysely<DB>, changes: UpdateSettingsBody) =>
  toSettings(await updateSettingsRow(db, changes));
