import { autoMapHeaders, type FieldMapping, type ImportFieldGroup } from '@bosun/shared';

/**
 * Maps a field to a header (or clears it with null). A header feeds one field at most, so mapping
 * it here takes it away from whichever field had it before.
 */
export function assignHeader(mapping: FieldMapping, field: string, header: string | null): FieldMapping {
  const next: FieldMapping = {};
  for (const [key, value] of Object.entries(mapping)) {
    if (key === field || (header !== null && value === header)) continue;
    next[key] = value;
  }
  if (header !== null) next[field] = header;
  return next;
}

/** Keeps only fields the server offers and headers the file has. */
export function sanitiseMapping(mapping: FieldMapping, headers: readonly string[], fieldKeys: ReadonlySet<string>): FieldMapping {
  let next: FieldMapping = {};
  for (const [field, header] of Object.entries(mapping)) {
    if (fieldKeys.has(field) && headers.includes(header)) next = assignHeader(next, field, header);
  }
  return next;
}

export const fieldKeysOf = (groups: readonly ImportFieldGroup[]) => new Set(groups.flatMap((g) => g.fields.map((f) => f.key)));

/** The mapping to start from: the one remembered for this vendor and header row, else the automatic guess. */
export function initialMapping(headers: readonly string[], fieldKeys: ReadonlySet<string>, remembered: FieldMapping | null): FieldMapping {
  return sanitiseMapping(remembered ?? autoMapHeaders(headers), headers, fieldKeys);
}

export const unmappedHeaders = (headers: readonly string[], mapping: FieldMapping) => {
  const used = new Set(Object.values(mapping));
  return headers.filter((h) => h !== '' && !used.has(h));
};

// Remembered mappings: one per vendor and header row, in local storage.
const STORAGE_PREFIX = 'bosun.import-mapping.';

export const mappingMemoryKey = (vendorId: number, headers: readonly string[]) => `${STORAGE_PREFIX}${vendorId}.${JSON.stringify(headers)}`;

/** A mapping remembered for a vendor and header row, with when (unknown for one saved before the date was kept). */
export interface RememberedMapping {
  mapping: FieldMapping;
  savedAt: string | null;
}

const stringEntries = (value: object) => Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));

export function loadRememberedMapping(vendorId: number | null, headers: readonly string[]): RememberedMapping | null {
  if (vendorId === null) return null;
  try {
    const raw = localStorage.getItem(mappingMemoryKey(vendorId, headers));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    // Saved as { mapping, savedAt }; earlier versions saved the bare mapping.
    if ('mapping' in parsed && typeof parsed.mapping === 'object' && parsed.mapping !== null) {
      const savedAt = 'savedAt' in parsed && typeof parsed.savedAt === 'string' ? parsed.savedAt : null;
      return { mapping: stringEntries(parsed.mapping), savedAt };
    }
    return { mapping: stringEntries(parsed), savedAt: null };
  } catch {
    return null;
  }
}

export function rememberMapping(vendorId: number | null, headers: readonly string[], mapping: FieldMapping, now = new Date()) {
  if (vendorId === null) return;
  try {
    const remembered: RememberedMapping = { mapping, savedAt: now.toISOString() };
    localStorage.setItem(mappingMemoryKey(vendorId, headers), JSON.stringify(remembered));
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}
