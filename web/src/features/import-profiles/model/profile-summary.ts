import { feedScheduleText, MISSING_PRODUCT_ACTION_LABELS, PROFILE_UPDATE_FIELDS, type FeedAuthKind, type ImportProfile } from '@bosun/shared';
import { feedHost } from './feed-form-values';
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

const AUTH_WORDS: Record<FeedAuthKind, string> = { none: 'no authentication', basic: 'basic authentication', header: 'header token' };

/**
 * A profile's feed in a few words: its host, its schedule and how it signs in (never the secret),
 * or that staff upload the file.
 */
export function feedSummary(profile: Pick<ImportProfile, 'feed'>, timeZone?: string): { host: string; details: string } | null {
  if (!profile.feed) return null;
  const { url, schedule, authKind } = profile.feed;
  return { host: feedHost(url), details: `${feedScheduleText(schedule, timeZone)} · ${AUTH_WORDS[authKind]}` };
}
