import { DERIVED_ON_VARIABLE, HISTORY_COLUMN_NAMES, type HistoryColumn } from './product-history-columns.js';

/**
 * SQLite's history of an update as SQL (issue 20), in one place for the row trigger of migration
 * 0023 (`old`, `new`) and for the set-based statement of a bulk import, which compares a snapshot
 * taken before its batch with the rows after it (sqlite-bulk-products.ts). Imports nothing but
 * the column list: the import worker's bundle reads it.
 */

/** The change the transaction's writes belong to (db/change-context.ts). */
export const SQLITE_CHANGE_CONTEXT = '(select change_id from change_context where id = 1)';

const derived = (column: HistoryColumn) => DERIVED_ON_VARIABLE.includes(column);

/** The column changed, as the history sees it: a variable product's totals are its variations' and never its own change. */
export function sqliteColumnChanged(c: HistoryColumn, before = 'old', after = 'new') {
  const kept = derived(c) ? ` and not (${before}.kind = 'variable' and ${after}.kind = 'variable')` : '';
  return `${before}.${c} is not ${after}.${c}${kept}`;
}

/**
 * Whether any recorded column changed: the trigger's WHEN, the bulk statement's WHERE. columns: the
 * only ones that can have changed (a bulk write that knows what it set), every recorded one by default.
 */
export const sqliteAnyColumnChanged = (before = 'old', after = 'new', columns: readonly HistoryColumn[] = HISTORY_COLUMN_NAMES) =>
  columns.map((c) => `(${sqliteColumnChanged(c, before, after)})`).join(' or ');

/** The changed columns' values on the `side` row as a JSON object (columns: as sqliteAnyColumnChanged). */
export function sqliteChangedObject(side: string, before = 'old', after = 'new', columns: readonly HistoryColumn[] = HISTORY_COLUMN_NAMES) {
  const members = columns.map((c) => `case when ${sqliteColumnChanged(c, before, after)} then '"${c}":' || json_quote(${side}.${c}) || ',' else '' end`).join(' || ');
  return `'{' || rtrim(${members}, ',') || '}'`;
}

/**
 * A change that writes a product twice (a bulk edit's fields, then its tags; an import's row
 * repeated further down the file) keeps one entry for it: the first old value of each column,
 * the last new one. json_each/json_group_object, not json_patch, which would drop a null value.
 */
const sqliteMerged = (first: string, then: string) => `(select json_group_object(key, value) from (
    select key, value from json_each(${first})
    union all select key, value from json_each(${then}) where key not in (select key from json_each(${first}))))`;

/** The upsert's tail that merges a second write of a product by one change into its entry. */
export const SQLITE_UPDATED_ENTRY_MERGE = `on conflict (change_id, product_id, action) do update set
        before = ${sqliteMerged('product_changes.before', 'excluded.before')}, after = ${sqliteMerged('excluded.after', 'product_changes.after')}`;
