import { DEFAULT_IMPORT_PROFILE_RULES, type FieldMapping, type ImportMode, type ImportProfile, type ImportProfileBody, type ImportProfileRules } from '@bosun/shared';
import { formatDate } from '../../../../lib/format';
import { feedBodyOf, rulesOfProfile } from '../../../import-profiles';
import { sanitiseMapping } from './field-mapping';

/** A run's rules as the wizard holds them: the update mode, the profile rules, and whether the file is the vendor's full list. */
export interface RunRules {
  updateMode: boolean;
  rules: ImportProfileRules;
  fullList: boolean;
}

export const DEFAULT_RUN_RULES: RunRules = { updateMode: false, rules: DEFAULT_IMPORT_PROFILE_RULES, fullList: false };

const headerSet = (headers: readonly string[]) => new Set(headers.filter((h) => h !== ''));

/** The same header row: the same column names, in any order. */
export function sameHeaderRow(a: readonly string[], b: readonly string[]): boolean {
  const left = headerSet(a);
  const right = headerSet(b);
  return left.size === right.size && [...left].every((h) => right.has(h));
}

const lastUse = (profile: ImportProfile) => profile.lastUsedAt ?? '';

/** The profile the wizard starts from: the most recently used of the vendor's whose header row is the file's. */
export function preselectedProfile(profiles: readonly ImportProfile[], headers: readonly string[]): ImportProfile | null {
  const matching = profiles.filter((p) => sameHeaderRow(p.headers, headers));
  return matching.sort((a, b) => lastUse(b).localeCompare(lastUse(a)) || b.updatedAt.localeCompare(a.updatedAt))[0] ?? null;
}

/**
 * A profile's mapping on this file, by header name. The headers it maps that the file lacks are
 * returned, for the wizard to say, rather than silently dropped.
 */
export function profileMappingFor(profile: Pick<ImportProfile, 'mapping'>, headers: readonly string[], fieldKeys: ReadonlySet<string>) {
  const entries = Object.entries(profile.mapping).filter((e): e is [string, string] => typeof e[1] === 'string');
  const missingHeaders = [...new Set(entries.map(([, header]) => header).filter((header) => !headers.includes(header)))];
  return { mapping: sanitiseMapping(Object.fromEntries(entries), headers, fieldKeys), missingHeaders };
}

/** What the wizard takes from a profile besides the mapping. */
export const runRulesOf = (profile: ImportProfile, fullList: boolean): RunRules => ({
  updateMode: profile.updateExisting,
  rules: rulesOfProfile(profile),
  fullList,
});

/** What the mapping step says about the profile the wizard started from. */
export function profileNotice(profile: ImportProfile, preselected: boolean): string {
  if (!preselected) return `Started from the profile '${profile.name}'.`;
  const used = profile.lastUsedAt ? `, last used on ${formatDate(profile.lastUsedAt)}` : '';
  return `Started from the profile '${profile.name}'${used}: its header row matches this file's.`;
}

const DELIMITER_WORDS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

/**
 * Where the file read differs from the encoding or delimiter the profile fixes (a feed that
 * changed its format, or the wrong file): said on the preview, so it is checked before importing.
 * An Excel workbook has neither.
 */
export function formatMismatch(profile: Pick<ImportProfile, 'name' | 'encoding' | 'delimiter'>, read: { encoding: string; delimiter: string; sheet?: string }): string | null {
  if (read.sheet !== undefined) return null;
  const differences: string[] = [];
  if (profile.encoding !== 'auto' && profile.encoding !== read.encoding) differences.push(`encoded ${profile.encoding} (this one is ${read.encoding})`);
  if (profile.delimiter !== 'auto' && profile.delimiter !== read.delimiter)
    differences.push(`${DELIMITER_WORDS[profile.delimiter] ?? profile.delimiter} delimited (this one is ${DELIMITER_WORDS[read.delimiter] ?? read.delimiter} delimited)`);
  return differences.length ? `The profile '${profile.name}' expects files ${differences.join(' and ')}: is this the right file?` : null;
}

interface WizardChoices {
  name: string;
  vendorId: number;
  headers: string[];
  mapping: FieldMapping;
  mode: ImportMode;
  run: RunRules;
  /** The profile being saved over: its encoding and delimiter stay as they are. */
  base?: ImportProfile | null;
}

/** The body of 'Save as profile' and 'Save changes to <profile>': the wizard's choices. */
export function profileBodyFromWizard({ name, vendorId, headers, mapping, mode, run, base }: WizardChoices): ImportProfileBody {
  return {
    name,
    vendorId,
    headers,
    mapping,
    encoding: base?.encoding ?? 'auto',
    delimiter: base?.delimiter ?? 'auto',
    mode,
    updateExisting: run.updateMode,
    // Saved over a profile, its feed stays; a new profile has none.
    feed: base ? feedBodyOf(base) : null,
    ...run.rules,
  };
}
