import {
  importProfileBodySchema,
  type FILE_DELIMITERS,
  type FILE_ENCODINGS,
  type ImportMode,
  type ImportProfile,
  type ImportProfileBody,
  type ImportProfileFields,
  type ImportProfileRules,
} from '@bosun/shared';
import type { Resolver } from 'react-hook-form';
import { payloadResolver } from '../../../lib/payload-resolver';
import type { RulesValue } from '../components/rules-fields';
import { feedBody, feedFormDefaults, type FeedFormValues } from './feed-form-values';
import { priceRulesBody, priceRulesFormDefaults, type PriceRulesFormValues } from './price-rules-form-values';

/** The profile form's fields as the inputs hold them. */
export interface ProfileFormValues {
  name: string;
  /** The vendor's id as the select holds it (text). */
  vendorId: string;
  /** The header row the mapping was made for, as saved; the form maps each of them to a field. */
  headers: string[];
  /** The field each header feeds, by the header's position ('' for none). */
  fieldOfHeader: string[];
  encoding: (typeof FILE_ENCODINGS)[number];
  delimiter: (typeof FILE_DELIMITERS)[number];
  mode: ImportMode;
  rules: RulesValue;
  /** The supplier feed section. */
  feed: FeedFormValues;
  /** The price-rules editor (the body's priceRules: the one of `rules.rules` is not sent). */
  priceRules: PriceRulesFormValues;
}

export function profileFormDefaults(profile: ImportProfile): ProfileFormValues {
  const fieldOf = new Map(Object.entries(profile.mapping).map(([field, header]) => [header, field]));
  return {
    name: profile.name,
    vendorId: String(profile.vendorId),
    headers: profile.headers,
    fieldOfHeader: profile.headers.map((header) => fieldOf.get(header) ?? ''),
    encoding: profile.encoding,
    delimiter: profile.delimiter,
    mode: profile.mode,
    rules: {
      updateExisting: profile.updateExisting,
      rules: rulesOfProfile(profile),
    },
    feed: feedFormDefaults(profile.feed),
    priceRules: priceRulesFormDefaults(profile.priceRules),
  };
}

/**
 * A profile's supplier feed as a PUT keeps it: PUT replaces the whole profile, and a body without
 * the feed would remove it. The stored password or token is kept by leaving authSecret out.
 */
export function feedBodyOf(profile: Pick<ImportProfile, 'feed'>): ImportProfileBody['feed'] {
  if (!profile.feed) return null;
  const { hasSecret: _stored, ...feed } = profile.feed;
  return feed;
}

/** A profile's feed rules, as the import takes them (the wizard runs with the profile's price rules as they are). */
export const rulesOfProfile = (profile: ImportProfile): ImportProfileRules => ({
  updateFields: profile.updateFields,
  createNew: profile.createNew,
  emptyCells: profile.emptyCells,
  missing: profile.missing,
  priceRules: profile.priceRules,
});

/** A header feeds one field and a field reads one header: choosing a field for a header takes it from any other. */
export function assignField(fieldOfHeader: readonly string[], index: number, field: string): string[] {
  return fieldOfHeader.map((current, i) => (i === index ? field : field !== '' && current === field ? '' : current));
}

/** What the form sends: PUT replaces the whole profile. */
export function toProfilePayload(values: ProfileFormValues): Record<string, unknown> {
  const mapping: Record<string, string> = {};
  values.fieldOfHeader.forEach((field, i) => {
    const header = values.headers[i];
    if (field && header !== undefined) mapping[field] = header;
  });
  return {
    name: values.name,
    vendorId: Number(values.vendorId),
    headers: values.headers,
    mapping,
    encoding: values.encoding,
    delimiter: values.delimiter,
    mode: values.mode,
    updateExisting: values.rules.updateExisting,
    ...values.rules.rules,
    feed: feedBody(values.feed),
    priceRules: priceRulesBody(values.priceRules),
  };
}

/** Checks the payload with the server's own schema, so the browser shows the server's messages. */
export const profileFormResolver: Resolver<ProfileFormValues, unknown, ImportProfileFields> = payloadResolver(importProfileBodySchema, toProfilePayload);
