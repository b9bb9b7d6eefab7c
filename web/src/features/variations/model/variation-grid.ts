import { NAME_AND_SKU_REQUIRED, productFieldsSchema, type UpdateVariationsBody, type Variation } from '@bosun/shared';

/**
 * The variations grid's pure logic: what the user changed (kept apart from what the server sent, so
 * a reload keeps the edits and Discard drops them), one undo step per edit, a pasted column, each
 * cell's check with the shared schema, the Save body and the server's per-row messages.
 */

export const TEXT_FIELDS = ['sku', 'gtin', 'list_price', 'market_price', 'vendor_cost', 'special_price', 'stock', 'stock_status', 'weight'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type GridField = TextField | 'enabled';
export const GRID_FIELDS: readonly GridField[] = [...TEXT_FIELDS, 'enabled'];

/** A cell as typed: text for the text fields (parsed only when checked or saved), true/false for enabled. */
export type CellDraft = string | boolean;
export type RowEdits = Partial<Record<GridField, CellDraft>>;
export type Edits = Readonly<Record<number, RowEdits>>;

export interface GridState {
  edits: Edits;
  /** The edits before each edit, newest last: Undo goes back one edit (a paste or a bulk toggle is one). */
  history: readonly Edits[];
}

export const emptyGrid = (): GridState => ({ edits: {}, history: [] });

/** How many edits Undo can take back; older ones stay, only their undo step is forgotten. */
const MAX_HISTORY = 100;

export interface CellChange {
  id: number;
  field: GridField;
  value: CellDraft;
}

/** The text a cell shows for the server's value: empty for none. */
export function originalDraft(variation: Variation, field: GridField): CellDraft {
  if (field === 'enabled') return variation.enabled;
  const value = variation[field];
  return value === null || value === undefined ? '' : String(value);
}

export function draftOf(state: GridState, variation: Variation, field: GridField): CellDraft {
  return state.edits[variation.id]?.[field] ?? originalDraft(variation, field);
}

const fieldSchemas = {
  sku: productFieldsSchema.shape.sku,
  gtin: productFieldsSchema.shape.gtin,
  list_price: productFieldsSchema.shape.list_price,
  market_price: productFieldsSchema.shape.market_price,
  vendor_cost: productFieldsSchema.shape.vendor_cost,
  special_price: productFieldsSchema.shape.special_price,
  stock: productFieldsSchema.shape.stock,
  stock_status: productFieldsSchema.shape.stock_status,
  weight: productFieldsSchema.shape.weight,
} satisfies Record<TextField, unknown>;

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** A cell's text checked by the shared schema's rule for its field, as the server will check it. */
export function parseCell(field: GridField, draft: CellDraft): Parsed {
  if (field === 'enabled') return typeof draft === 'boolean' ? { ok: true, value: draft } : { ok: false, message: 'Enabled must be true or false' };
  const result = fieldSchemas[field].safeParse(draft);
  if (result.success) return { ok: true, value: result.data ?? null };
  const message = result.error.issues[0]?.message ?? 'Invalid value';
  // The product form's message names the name too; a grid cell holds only the SKU.
  return { ok: false, message: message === NAME_AND_SKU_REQUIRED ? 'SKU is required' : message };
}

export function cellError(field: GridField, draft: CellDraft): string | undefined {
  const parsed = parseCell(field, draft);
  return parsed.ok ? undefined : parsed.message;
}

/** Whether a draft says the same as the server's value ('19.90' is 19.9; a blank GTIN is none). */
function sameAsOriginal(variation: Variation, field: GridField, draft: CellDraft): boolean {
  const original = originalDraft(variation, field);
  if (draft === original) return true;
  const a = parseCell(field, draft);
  const b = parseCell(field, original);
  return a.ok && b.ok && a.value === b.value;
}

/** The changes as one edit: a change back to the server's value takes the cell out of the edits. */
export function applyChanges(state: GridState, byId: ReadonlyMap<number, Variation>, changes: readonly CellChange[]): GridState {
  const edits: Record<number, RowEdits> = { ...state.edits };
  let changed = false;
  for (const { id, field, value } of changes) {
    const variation = byId.get(id);
    if (!variation) continue;
    const row = { ...edits[id] };
    const before = row[field] ?? originalDraft(variation, field);
    if (before === value) continue;
    changed = true;
    if (sameAsOriginal(variation, field, value)) delete row[field];
    else row[field] = value;
    if (Object.keys(row).length) edits[id] = row;
    else delete edits[id];
  }
  if (!changed) return state;
  return { edits, history: [...state.history, state.edits].slice(-MAX_HISTORY) };
}

export function undo(state: GridState): GridState {
  if (!state.history.length) return state;
  return { edits: state.history.at(-1)!, history: state.history.slice(0, -1) };
}

/** Drops the edits of rows that are gone (deleted here or elsewhere): nothing would save them. */
export function keepRows(state: GridState, ids: ReadonlySet<number>): GridState {
  const stale = Object.keys(state.edits).map(Number).filter((id) => !ids.has(id));
  if (!stale.length) return state;
  const edits = { ...state.edits };
  for (const id of stale) delete edits[id];
  return { edits, history: [] };
}

export const changedRowCount = (state: GridState) => Object.keys(state.edits).length;

export const isCellChanged = (state: GridState, id: number, field: GridField) => state.edits[id]?.[field] !== undefined;

/**
 * A column of values copied from a spreadsheet: one per line, Windows line ends too; the line end
 * a spreadsheet puts after the last cell is not a value of its own.
 */
export function splitPastedColumn(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

export interface PasteResult {
  state: GridState;
  /** Cells that took a value. */
  pasted: number;
  /** Values left over past the last row. */
  cutOff: number;
}

/** Fills `field` from the row at `start` down, in the grid's order, as one edit. */
export function pasteColumn(state: GridState, rows: readonly Variation[], start: number, field: TextField, values: readonly string[]): PasteResult {
  const targets = rows.slice(start, start + values.length);
  const byId = new Map(targets.map((row) => [row.id, row]));
  const next = applyChanges(
    state,
    byId,
    targets.map((row, i) => ({ id: row.id, field, value: values[i]!.trim() })),
  );
  return { state: next, pasted: targets.length, cutOff: values.length - targets.length };
}

export interface InvalidCell {
  id: number;
  field: GridField;
  message: string;
}

export type PatchBodyResult = { body: UpdateVariationsBody; invalid?: undefined } | { body?: undefined; invalid: InvalidCell[] };

/** The Save request: every changed row with the fields it changes, parsed as the server reads them. */
export function buildPatchBody(state: GridState, byId: ReadonlyMap<number, Variation>): PatchBodyResult {
  const invalid: InvalidCell[] = [];
  const variations: UpdateVariationsBody['variations'] = [];
  for (const [key, row] of Object.entries(state.edits)) {
    const id = Number(key);
    if (!byId.has(id)) continue;
    const change: Record<string, unknown> = { id };
    for (const [field, draft] of Object.entries(row) as [GridField, CellDraft][]) {
      const parsed = parseCell(field, draft);
      if (parsed.ok) change[field] = parsed.value;
      else invalid.push({ id, field, message: parsed.message });
    }
    // An emptied Stock cell stops counting the quantity (issue 19): sent with the row's status, else the rule would read it as 0.
    if (change.stock === null && (change.stock_status === undefined || change.stock_status === null)) change.stock_status = byId.get(id)!.stock_status;
    variations.push(change as UpdateVariationsBody['variations'][number]);
  }
  return invalid.length ? { invalid } : { body: { variations } };
}

/** Messages for one row, by field; `row` holds what names no field of the grid (its values, its id). */
export type RowMessages = Partial<Record<GridField | 'row', string>>;

/**
 * The server's refusal of a Save, by row: it names each problem `variations.<index>.<field>`, the
 * index being the row's place in the request's list.
 */
export function rowMessagesFromFields(fields: Readonly<Record<string, string>>, body: UpdateVariationsBody): Record<number, RowMessages> {
  const result: Record<number, RowMessages> = {};
  for (const [key, message] of Object.entries(fields)) {
    const match = /^variations\.(\d+)(?:\.(\w+))?/.exec(key);
    const id = match ? body.variations[Number(match[1])]?.id : undefined;
    if (id === undefined) continue;
    const field = match![2] as GridField | undefined;
    const slot: GridField | 'row' = field && (GRID_FIELDS as readonly string[]).includes(field) ? field : 'row';
    const row = (result[id] ??= {});
    row[slot] = row[slot] ? `${row[slot]}; ${message}` : message;
  }
  return result;
}
