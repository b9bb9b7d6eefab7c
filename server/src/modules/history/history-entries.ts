import { CHANGE_SOURCES, type ChangeSource, type FieldChange, type HistoryEntry, type HistoryValue } from '@bosun/shared';
import { HISTORY_COLUMN_NAMES } from '../../db/product-history-columns.js';
import type { ProductEntryRow } from './history.repository.js';

/** An entry's JSON as stored: text on SQLite, an object already on PostgreSQL. */
export function parseDocument(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

const asHistoryValue = (v: unknown): HistoryValue =>
  v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? (v ?? null) : JSON.stringify(v);

export const asSource = (source: string | null): ChangeSource | null => (CHANGE_SOURCES as readonly string[]).includes(source ?? '') ? (source as ChangeSource) : null;

export const author = (id: number | null, username: string | null) => (id !== null && username !== null ? { id, username } : null);

/** The changed fields of an entry in the columns' own order: old → new; a deleted product's last state. */
export function fieldChanges(action: string, beforeDoc: unknown, afterDoc: unknown): FieldChange[] {
  if (action === 'created') return [];
  const before = parseDocument(beforeDoc);
  const after = action === 'deleted' ? {} : parseDocument(afterDoc);
  return HISTORY_COLUMN_NAMES.filter((c) => c in before || c in after).map((field) => ({
    field,
    before: asHistoryValue(before[field]),
    after: asHistoryValue(after[field]),
  }));
}

export function toHistoryEntry(row: ProductEntryRow): HistoryEntry {
  return {
    id: row.id,
    changeId: row.change_id,
    action: row.action,
    at: row.created_at,
    user: author(row.user_id, row.username),
    source: asSource(row.source),
    importRunId: row.import_run_id,
    fields: fieldChanges(row.action, row.before, row.after),
    undone: row.undone_by_change_id !== null,
  };
}
