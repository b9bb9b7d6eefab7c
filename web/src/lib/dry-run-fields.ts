import { PROFILE_UPDATE_FIELDS, type ImportPreviewResponse } from '@bosun/shared';

/**
 * A dry run's changes to stored products (issue 22), as the import wizard's preview and a held
 * feed run (Imports page) both show them.
 */
export type DryRunChanges = NonNullable<ImportPreviewResponse['dryRun']['changes']>;

const FIELD_LABELS = new Map<string, string>(PROFILE_UPDATE_FIELDS.map((f) => [f.key, f.label]));
const FIELD_ORDER = new Map<string, number>(PROFILE_UPDATE_FIELDS.map((f, i) => [f.key, i]));

/** A field key (an update field's, or a price column's) as staff read it. */
export const changeFieldLabel = (key: string) => FIELD_LABELS.get(key) ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The fields the updates would change, in the checklist's order, with how many products each: only those that change some. */
export function fieldChangeRows(changes: DryRunChanges): Array<{ key: string; label: string; count: number }> {
  return Object.entries(changes.fields)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => (FIELD_ORDER.get(a) ?? Infinity) - (FIELD_ORDER.get(b) ?? Infinity) || a.localeCompare(b))
    .map(([key, count]) => ({ key, label: changeFieldLabel(key), count }));
}
