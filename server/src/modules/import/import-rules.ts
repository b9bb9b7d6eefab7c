/**
 * The import's rules that every writer applies the same way: the PostgreSQL writer and the dry run
 * on the main thread, the SQLite writer in its worker thread (sqlite-writer-worker.ts) inside its
 * write transaction. Pure, loading only shared helpers (count-text, stock-rule, row-write-messages): a worker thread imports this file.
 */
import { plural } from '@bosun/shared/count-text';
import { ROW_WRITE_MESSAGES } from '@bosun/shared/row-write-messages';
import { resolveStock, type StockStatus } from '@bosun/shared/stock-rule';
import type { ColumnValue } from './row-mapper.js';

export type WriteAction = 'create' | 'update' | 'skip';

/** Whether a row's SKU is stored: written by this import (earlier, or earlier in the batch), or there before it. */
export type StoredBy = 'import' | 'before';

/**
 * What the import does with a row: a SKU this import already wrote is updated whatever the update
 * mode (a later row of the same file wins), one that was there before is updated or skipped by
 * the mode, a new one is created.
 */
export function writeAction(stored: StoredBy | undefined, updateMode: boolean): WriteAction {
  if (stored === 'import') return 'update';
  if (stored === 'before') return updateMode ? 'update' : 'skip';
  return 'create';
}

/** Which of the SKUs asked about are stored: written earlier by this import, or there before it. */
export interface StoredSkus {
  imported: Set<string>;
  before: Set<string>;
}

/**
 * A batch classified by writeAction and skipReason before it is written: a repeat inside the batch
 * updates the first. ownerOf answers a stored SKU's vendor; a skipped row carries its reason, every row
 * whether its SKU was stored (by).
 */
export function classifyBatch<T extends { sku: string }>(
  rows: T[],
  stored: StoredSkus,
  rules: ImportRules,
  ownerOf: (sku: string) => { id: number; name: string } | null,
  vendorOf: (row: T) => number | null,
): Array<{ row: T; action: WriteAction; reason?: string; by: StoredBy | undefined }> {
  const inBatch = new Set<string>();
  return rows.map((row) => {
    const by: StoredBy | undefined = inBatch.has(row.sku) || stored.imported.has(row.sku) ? 'import' : stored.before.has(row.sku) ? 'before' : undefined;
    const decided = rowAction(row.sku, by, by === 'before' ? ownerOf(row.sku) : null, vendorOf(row), rules);
    if (decided.action !== 'skip') inBatch.add(row.sku);
    return { row, by, ...decided };
  });
}

/** What the import does with one row (writeAction, then skipReason for a SKU stored before it), with a skipped row's reason. */
export function rowAction(sku: string, by: StoredBy | undefined, owner: { id: number; name: string } | null, rowVendorId: number | null, rules: ImportRules): { action: WriteAction; reason?: string } {
  if (by === undefined && rules.createNew === false) return { action: 'skip', reason: notCreatedReason(sku) };
  const reason = skipReason(sku, by, owner, rowVendorId, rules);
  if (reason) return { action: 'skip', reason };
  return { action: by === 'before' ? 'update' : writeAction(by, rules.updateMode) };
}

/**
 * How an import finds a category of one tree: under its parent, by its match key, its tidied name
 * in lower case (see categoryMatchKey in category-resolver.ts), so a name is reused under the same
 * parent whatever its case. A root is under 0 in the store tree and under its vendor ('v' and the
 * vendor's id) in the vendor tree: each vendor has its own roots (issue 19: one file, several vendors).
 */
export const categoryNodeKey = (parentId: number | null, matchKey: string, rootVendorId?: number | null) =>
  `${parentId ?? (rootVendorId ? `v${rootVendorId}` : 0)}|${matchKey}`;

/** What an import may do to products stored before it (issue 19 point 2), as the request says. */
export interface ImportRules {
  updateMode: boolean;
  /** The file may move a product stored under another vendor to the vendor of its row. */
  moveVendors: boolean;
  /** A profile's 'Create new products' off (issue 22): a SKU not stored is skipped with its reason. Absent: created. */
  createNew?: boolean;
}

export const notCreatedReason = (sku: string) => `SKU ${sku} is not in the catalogue, and this import creates no new products`;

export const otherVendorReason = (sku: string, vendorName: string) => `SKU ${sku} belongs to vendor '${vendorName}'`;
export const existingSkuReason = (sku: string) => `SKU ${sku} already exists (update mode is off)`;

/**
 * Why a row whose SKU was stored before the import is skipped, if it is (a SKU this import wrote
 * is updated whatever the rules: a later row of the same file wins). A product stored under another
 * vendor is never taken over by this file unless the request allows it (moveVendors), whether
 * update mode is on or off. `owner` is the stored product's vendor (a variation's is its parent's,
 * decided by the caller: see parentVendorReason); null when it has none. rowVendorId null: the
 * row's vendor is not known yet (a preview before the wizard's vendor is chosen).
 */
export function skipReason(sku: string, stored: StoredBy | undefined, owner: { id: number; name: string } | null, rowVendorId: number | null, rules: ImportRules): string | undefined {
  if (stored !== 'before') return undefined;
  if (!rules.moveVendors && owner && rowVendorId !== null && owner.id !== rowVendorId) return otherVendorReason(sku, owner.name);
  if (!rules.updateMode) return existingSkuReason(sku);
  return undefined;
}

/**
 * Whether a row written over a product stored before the import gives it the row's vendor where it
 * had none (issue 19 point 2): allowed, as a product with no vendor belongs to nobody, but said on
 * the row (IMPORT_ROW_WARNINGS.ownerlessTaken). Not a variation's: its vendor is its parent's.
 */
export function takesOwnerless(by: StoredBy | undefined, stored: Pick<StoredProduct, 'kind' | 'vendorId'> | undefined, rowVendorId: number | null): boolean {
  return by === 'before' && stored !== undefined && stored.kind !== 'variation' && stored.vendorId === null && rowVendorId !== null;
}

/**
 * A variation follows its parent: its vendor is always the parent's. A variation row whose parent
 * this import did not write is refused when the parent is stored under another vendor than the
 * row's (unless moveVendors: the variation then goes under its parent, whose vendor does not change).
 */
export function parentVendorReason(parentSku: string, parentWrittenHere: boolean, parentOwner: { id: number; name: string } | null, rowVendorId: number | null, rules: ImportRules): string | undefined {
  if (parentWrittenHere || rules.moveVendors || !parentOwner || rowVendorId === null || parentOwner.id === rowVendorId) return undefined;
  return otherVendorReason(parentSku, parentOwner.name);
}

/** A product stored under a row's SKU, as the variant rules need it (issue 18). */
export interface StoredProduct {
  id: number;
  kind: string;
  parentId: number | null;
  variationCount: number;
  /** Its vendor (null for a variation: its parent's is its vendor). */
  vendorId: number | null;
  stock: number | null;
  stockStatus: StockStatus;
}

/**
 * A row whose stock status no cell gave (MappedRow.statusFollows), written over a stored product:
 * its status by the one rule (resolveStock) with the stored row, as the bulk edit does. A product
 * on backorder stays on backorder at 0; a row with no quantity (the file has no Stock column, or
 * the row dropped its bad cell, whose stored value the update keeps) keeps the stored status.
 * `values` are the row's write values, changed in place; a variable product's status is its
 * variations' (kept by the upsert), so it is left alone.
 */
export function followStoredStatus(values: ColumnValue[], at: { stock: number; status: number }, dropped: readonly string[] | null | undefined, stored: StoredProduct | undefined) {
  if (!stored || stored.kind === 'variable' || at.status < 0) return;
  const quantity = at.stock >= 0 && !dropped?.includes('stock') ? (values[at.stock] as number | null) : undefined;
  const resolved = resolveStock(quantity === undefined ? {} : { stock: quantity }, { stock: stored.stock, stock_status: stored.stockStatus });
  if (resolved.ok) values[at.status] = resolved.value.stock_status;
}

/** A row's part in a variable product as the writers get it: plain data, to cross to the SQLite worker. */
/** An attribute as the import reads and writes it: the settings a file has no column for are left out (Attribute). */
interface ImportedAttribute {
  name: string;
  values: string[];
  visible?: boolean;
  global?: boolean;
  default_value?: string | null;
}

export interface VariantWrite {
  kind: 'simple' | 'variable' | 'variation';
  /** A variable row's attributes, as the file lists them. */
  attributes?: ImportedAttribute[];
  /** A variation's parent and its values in the parent's attribute order. */
  parentSku?: string;
  options?: Array<string | null>;
}

export const ownProductReason = (sku: string) => `SKU ${sku} is a product of its own, not a variation`;
export const otherParentReason = (sku: string) => `SKU ${sku} is a variation of another product`;

/**
 * Why a row cannot be written over the product stored with its SKU, if it cannot: a variation's
 * SKU is never a product of its own nor another parent's variation, and a variable product with
 * variations stays variable. `parentId` is the id of a variation row's parent.
 */
export function kindConflict(sku: string, kind: VariantWrite['kind'] | undefined, stored: StoredProduct | undefined, parentId?: number): string | undefined {
  if (!stored) return undefined;
  if (kind === 'variation') {
    if (stored.kind !== 'variation') return ownProductReason(sku);
    if (stored.parentId !== parentId) return otherParentReason(sku);
    return undefined;
  }
  if (stored.kind === 'variation') return `SKU ${sku} is a variation: import it as a variation row (Type 'variation' with its Parent), or change it on its product's variations page`;
  if (kind === 'simple' && stored.kind === 'variable' && stored.variationCount > 0) {
    return `SKU ${sku} is a variable product with ${plural(stored.variationCount, 'variation')}: delete them before making it simple`;
  }
  return undefined;
}

const lower = (text: string) => text.toLocaleLowerCase('en-US');

/** The file's settings of an attribute, else the stored same-named one's; a stored default only while still a value. */
function mergedSettings(fromFile: ImportedAttribute, stored: ImportedAttribute | undefined, values: readonly string[]) {
  const storedDefault = stored?.default_value != null && values.includes(stored.default_value) ? stored.default_value : undefined;
  const settings = { visible: fromFile.visible ?? stored?.visible, global: fromFile.global ?? stored?.global, default_value: fromFile.default_value !== undefined ? fromFile.default_value : storedDefault };
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as Pick<ImportedAttribute, 'visible' | 'global' | 'default_value'>;
}

/**
 * A variable row's attributes over the stored ones. An import adds values and never removes one
 * (a stored variation may use it: removing is the variations page's, which checks): the file's
 * values first, then the stored ones it does not list. With variations, the attributes' names
 * must stay the same, in the same order. Settings the file does not give stay as stored.
 */
export function mergeImportedAttributes(stored: readonly ImportedAttribute[], fromFile: readonly ImportedAttribute[], variationCount: number): ImportedAttribute[] | string {
  const storedNamed = (name: string) => stored.find((a) => lower(a.name) === lower(name));
  if (!variationCount) return fromFile.map((a) => ({ name: a.name, values: [...a.values], ...mergedSettings(a, storedNamed(a.name), a.values) }));
  if (stored.length !== fromFile.length || stored.some((a, i) => lower(a.name) !== lower(fromFile[i]!.name))) {
    return `The product's ${plural(variationCount, 'variation')} ${variationCount === 1 ? 'has' : 'have'} the attributes ${stored.map((a) => a.name).join(', ')}: the file gives ${fromFile.map((a) => a.name).join(', ')}`;
  }
  return fromFile.map((a, i) => {
    const listed = new Set(a.values.map(lower));
    const values = [...a.values, ...stored[i]!.values.filter((v) => !listed.has(lower(v)))];
    return { name: a.name, values, ...mergedSettings(a, stored[i], values) };
  });
}

/** The engines' error codes (SQLite's extended codes, PostgreSQL's SQLSTATE) by the reason staff read. */
const WRITE_FAILURE_CODES: Record<string, keyof typeof ROW_WRITE_MESSAGES> = {
  SQLITE_CONSTRAINT_CHECK: 'valueNotAllowed',
  '23514': 'valueNotAllowed',
  '22P02': 'valueNotAllowed',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'missingReference',
  '23503': 'missingReference',
  SQLITE_CONSTRAINT_NOTNULL: 'missingValue',
  '23502': 'missingValue',
  SQLITE_TOOBIG: 'valueTooLarge',
  '22003': 'valueTooLarge',
  '22001': 'valueTooLarge',
  // An index entry too large (a very long SKU).
  '54000': 'valueTooLarge',
};

/**
 * One row's refused write in our words ('could not be saved (duplicate SKU AB-1)'), by the error's
 * code, never its text; `cause` is the raw error for the server's log (import.service.ts).
 */
export function rowWriteFailure(err: unknown, sku: string): { reason: string; cause: string } {
  const cause = err instanceof Error ? err.message : String(err);
  const { code, constraint } = (err ?? {}) as { code?: string; constraint?: string };
  let why: string;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') {
    const index = constraint ?? cause;
    if (index.includes('products_variation_options_uq') || index.includes('products.parent_id, coalesce')) why = ROW_WRITE_MESSAGES.duplicateVariation;
    else if (index.includes('products_sku') || index.includes('products.sku')) why = ROW_WRITE_MESSAGES.duplicateSku(sku);
    else why = ROW_WRITE_MESSAGES.duplicateValue;
  } else {
    const known = code === undefined ? undefined : WRITE_FAILURE_CODES[code];
    why = known ? (ROW_WRITE_MESSAGES[known] as string) : ROW_WRITE_MESSAGES.refused;
  }
  return { reason: ROW_WRITE_MESSAGES.notSaved(why), cause };
}

/** The columns a variation row writes of the file's (the rest is its parent's). */
export const VARIATION_OWN_COLUMNS = [
  'sku', 'gtin', 'mfn', 'stock', 'stock_status', 'list_price', 'market_price', 'vendor_cost', 'special_price',
  'weight', 'length', 'width', 'height', 'image_url', 'published',
];

/**
 * How both writers write a variation row: the file's columns a variation has of its own, its
 * parent and its values, an empty name (its parent's is read). `columns` are the import's insert
 * columns, whose order a row's values follow; `updates` what an upsert of a stored variation changes
 * (under a profile's checklist, `updateOnly`, the columns it names).
 */
export function variationWrite(columns: readonly string[], updateOnly?: readonly string[] | null) {
  const own = VARIATION_OWN_COLUMNS.filter((c) => columns.includes(c));
  const ownAt = own.map((c) => columns.indexOf(c));
  return {
    names: [...own, 'kind', 'parent_id', 'option1', 'option2', 'option3', 'name', 'created_at', 'updated_at'],
    updates: [...own.filter((c) => c !== 'sku' && (!updateOnly || updateOnly.includes(c))), 'option1', 'option2', 'option3', 'updated_at'],
    /** The values of `names` for one row. */
    values: (row: ReadonlyArray<string | number | null>, parentId: number, options: ReadonlyArray<string | null>, now: string) => [
      ...ownAt.map((at) => row[at] ?? null), 'variation', parentId, options[0] ?? null, options[1] ?? null, options[2] ?? null, '', now, now,
    ],
  };
}

/**
 * A row whose bad values were dropped (MappedRow.dropped) keeps their stored values on an update:
 * the upsert's assignments ('column = ...') without the dropped columns. Rows that drop the same
 * columns share one statement, so a file has a few statement shapes, never one per row.
 */
export function assignmentsKeeping(assignments: readonly string[], dropped: readonly string[] | null | undefined): string[] {
  if (!dropped?.length) return [...assignments];
  return assignments.filter((a) => !dropped.includes(a.slice(0, a.indexOf(' = '))));
}

/** The statement shape of a row's dropped columns: '' for a row that dropped none. */
export const droppedKey = (dropped: readonly string[] | null | undefined) => (dropped?.length ? [...new Set(dropped)].sort().join(',') : '');

/** Groups items by droppedKey, in order, for one statement per shape. */
export function byDroppedShape<T>(items: readonly T[], droppedOf: (item: T) => readonly string[] | null | undefined): Array<{ dropped: string[]; items: T[] }> {
  const groups = new Map<string, { dropped: string[]; items: T[] }>();
  for (const item of items) {
    const key = droppedKey(droppedOf(item));
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { dropped: key ? key.split(',') : [], items: [] }));
    group.items.push(item);
  }
  return [...groups.values()];
}
