import { MISSING_PRODUCT_ACTION_LABELS, PROFILE_UPDATE_FIELDS, type ImportProfile } from '@bosun/shared';
import { isStockAndPriceOnly } from '../components/rules-fields';

const FIELD_LABELS = new Map<string, string>(PROFILE_UPDATE_FIELDS.map((f) => [f.key, f.label]));

/** What an existing product takes from the profile's files, in a few words. */
export function fieldsUpdatedText(profile: Pick<ImportProfile, 'updateExisting' | 'updateFields'>): string {
  if (!profile.updateExisting) return 'None: existing products are skipped';
  if (profile.updateFields === null) return 'All mapped fields';
  if (profile.updateFields.length === 0) return 'None: no field checked';
  if (isStockAndPriceOnly(profile.updateFields)) return 'Stock and prices only';
  return profile.updateFields.map((key) => FIELD_LABELS.get(key) ?? key).join(', ');
}

/** The missing-product rule in a few words: the action and its limit. */
export function missingRuleText(profile: Pick<ImportProfile, 'missing'>): string {
  const { action, maxPercent } = profile.missing;
  return action === 'leave' ? MISSING_PRODUCT_ACTION_LABELS.leave : `${MISSING_PRODUCT_ACTION_LABELS[action]}, up to ${maxPercent}%`;
}
