import { z } from 'zod';
import { isImageAddress } from './common.js';
import { HISTORY_DAYS_MAX, HISTORY_DAYS_MIN } from './history.js';
import { timeZoneSchema } from './time-zone.js';

export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export const DIMENSION_UNITS = ['cm', 'in'] as const;
/** The currencies money may be shown in: ISO 4217 codes of currencies kept to the cent (prices have 2 decimals). */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'ZAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The stored settings, as every response carries them. */
export const settingsSchema = z.object({
  company_name: z.string(),
  logo_url: z.string(),
  weight_unit: z.enum(WEIGHT_UNITS),
  dimension_unit: z.enum(DIMENSION_UNITS),
  /**
   * Days the change history is kept (issue 20); only an admin changes it. The server always
   * answers it; optional for clients written before it.
   */
  history_days: z.number().int().optional(),
  /** The currency every price is shown in (issue 24); optional for clients written before it, which showed dollars. */
  currency: z.enum(CURRENCIES).optional(),
  /** The shop's IANA time zone, in which daily supplier feeds run (issue 22); optional for clients written before it. */
  time_zone: z.string().optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A logo is an http(s) address or a path on this server; anything else (javascript:, data:) is refused. */
const logoUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Logo URL must be at most 2000 characters')
  .refine((v) => v === '' || isImageAddress(v), 'Logo URL must start with http://, https:// or /');

export const updateSettingsBodySchema = z
  .object({
    company_name: z.string().trim().max(200, 'Company name must be at most 200 characters'),
    logo_url: logoUrlSchema,
    weight_unit: z.enum(WEIGHT_UNITS, 'Weight unit must be kg or lb'),
    dimension_unit: z.enum(DIMENSION_UNITS, 'Dimension unit must be cm or in'),
    history_days: z
      .number('History days must be a number')
      .int('History days must be a whole number')
      .min(HISTORY_DAYS_MIN, `History days must be at least ${HISTORY_DAYS_MIN}`)
      .max(HISTORY_DAYS_MAX, `History days must be at most ${HISTORY_DAYS_MAX}`),
    currency: z.enum(CURRENCIES, `Currency must be one of ${CURRENCIES.join(', ')}`),
    time_zone: timeZoneSchema,
  })
  .partial()
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

export const updateSettingsResponseSchema = z.object({ success: z.literal(true), settings: settingsSchema });

export const SETTINGS_MESSAGES = {
  updated: 'Settings updated successfully',
  updateFailed: 'Error updating settings',
  historyDaysAdminOnly: 'Only an admin can change how long the history is kept',
} as const;
