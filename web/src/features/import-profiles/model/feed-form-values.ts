import type { FeedAuthKind, ImportProfile } from '@bosun/shared';
import type { NumericValue } from '../../../components/ui/numeric-input';

/** What the form does with a stored password or token: keep it (send none), replace it, or remove it (send ''). */
export type FeedSecretAction = 'keep' | 'replace' | 'remove';

/** When the feed runs, as the form's inputs hold it: both times kept, so switching back and forth loses nothing. */
export interface FeedScheduleValues {
  kind: 'none' | 'hours' | 'daily';
  everyHours: NumericValue;
  at: string;
}

/**
 * The 'Supplier feed' section as its inputs hold it. Paths mirror the body's (feed.url,
 * feed.schedule.everyHours, ...), so the shared schema's messages land under the right inputs.
 */
export interface FeedFormValues {
  /** Off: the vendor's file is uploaded by staff. */
  enabled: boolean;
  url: string;
  authKind: FeedAuthKind;
  authName: string;
  /** Write-only: what is typed as the new password or token. */
  authSecret: string;
  secretAction: FeedSecretAction;
  /** The authentication a stored password or token belongs to; null: none stored. Not sent. */
  storedSecretKind: FeedAuthKind | null;
  schedule: FeedScheduleValues;
  fullList: boolean;
  maxFailedPercent: NumericValue;
}

export const DEFAULT_DAILY_AT = '06:00';
export const DEFAULT_EVERY_HOURS = 24;
/** The server's default largest share of failed rows, shown when a feed is first turned on. */
const DEFAULT_MAX_FAILED_PERCENT = 10;

export function feedFormDefaults(feed: ImportProfile['feed']): FeedFormValues {
  return {
    enabled: feed !== null,
    url: feed?.url ?? '',
    authKind: feed?.authKind ?? 'none',
    authName: feed?.authName ?? '',
    authSecret: '',
    // With nothing stored, a typed password is a new one; with one stored, it is kept unless staff say otherwise.
    secretAction: feed?.hasSecret ? 'keep' : 'replace',
    storedSecretKind: feed?.hasSecret ? feed.authKind : null,
    schedule: {
      kind: feed?.schedule?.kind ?? 'none',
      everyHours: feed?.schedule?.kind === 'hours' ? feed.schedule.everyHours : DEFAULT_EVERY_HOURS,
      at: feed?.schedule?.kind === 'daily' ? feed.schedule.at : DEFAULT_DAILY_AT,
    },
    fullList: feed?.fullList ?? false,
    maxFailedPercent: feed?.maxFailedPercent ?? DEFAULT_MAX_FAILED_PERCENT,
  };
}

/** '' is no number: the schema then says the field's own 'must be a number'. */
const numberOrUndefined = (value: NumericValue) => (value === '' ? undefined : value);

function scheduleBody({ kind, everyHours, at }: FeedScheduleValues) {
  if (kind === 'hours') return { kind, everyHours: numberOrUndefined(everyHours) };
  if (kind === 'daily') return { kind, at };
  return null;
}

/**
 * The feed as the body sends it (the shared schema checks it): null when off. The secret goes only when staff typed a new one
 * ('' when they removed the stored one); otherwise the server keeps what it has.
 */
export function feedBody(values: FeedFormValues): Record<string, unknown> | null {
  if (!values.enabled) return null;
  return {
    url: values.url,
    authKind: values.authKind,
    authName: values.authKind === 'none' ? '' : values.authName,
    schedule: scheduleBody(values.schedule),
    fullList: values.fullList,
    maxFailedPercent: numberOrUndefined(values.maxFailedPercent),
    ...secretBody(values),
  };
}

/** Whether the stored password or token is the one of the authentication chosen now. */
export const hasSecretFor = (values: Pick<FeedFormValues, 'authKind' | 'storedSecretKind'>) => values.authKind !== 'none' && values.storedSecretKind === values.authKind;

function secretBody(values: FeedFormValues): { authSecret?: string } {
  if (values.authKind === 'none') return {};
  if (hasSecretFor(values)) {
    if (values.secretAction === 'remove') return { authSecret: '' };
    return values.secretAction === 'replace' && values.authSecret !== '' ? { authSecret: values.authSecret } : {};
  }
  if (values.authSecret !== '') return { authSecret: values.authSecret };
  // A basic password is no header token (nor the reverse): another authentication does not keep it.
  return values.storedSecretKind !== null ? { authSecret: '' } : {};
}

/** The host a feed fetches from, for lists: never the path's query (it may hold a key) nor credentials. */
export function feedHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
