import { HISTORY_MESSAGES, PRODUCT_FORM_MESSAGES, type RestoreVersionBody } from '@bosun/shared';
import { sql } from 'kysely';
import { nowIso } from '../../db/clock.js';
import { DERIVED_ON_VARIABLE, HISTORY_COLUMN_NAMES, type HistoryColumn } from '../../db/product-history-columns.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { parseDocument } from './history-entries.js';
import { findEntriesAfter, findEntry } from './history.repository.js';
import type { HistoryDeps } from './history.service.js';
import { recordedChange } from './recorded-change.js';

/** Recorded, but never written back by a restore: a product's kind and parent are the variations editor's. */
const NOT_RESTORED: readonly HistoryColumn[] = ['kind', 'parent_id'];

const isHistoryColumn = (field: string): field is HistoryColumn => (HISTORY_COLUMN_NAMES as string[]).includes(field);

const REFERENCES = {
  vendor_id: { table: 'vendors', type: null },
  vendor_category_id: { table: 'categories', type: 'vendor' },
  store_category_id: { table: 'categories', type: 'store' },
} as const;

/**
 * The product as it was right after the entry: for each field, the `before` of the oldest newer
 * entry that changed it (a deleted entry holds every field), else the field as it is now.
 */
function stateAfter(newer: Array<{ action: string; before: unknown }>) {
  const values = new Map<HistoryColumn, unknown>();
  for (const entry of newer) {
    if (entry.action === 'created') continue;
    for (const [field, value] of Object.entries(parseDocument(entry.before))) {
      if (isHistoryColumn(field) && !values.has(field)) values.set(field, value);
    }
  }
  return values;
}

/**
 * Restores a product as it was after one of its history entries, every field or only `field`, as
 * one recorded change (source 'restore', reverting the entry's change). A value naming a vendor or
 * category that no longer exists, or a SKU another product has now, refuses the restore (409
 * naming the field) instead of writing something else than that version.
 */
export async function restoreProductVersion(deps: HistoryDeps, productId: number, entryId: number, body: RestoreVersionBody) {
  const { db, dialect } = deps;
  const entry = await findEntry(db, entryId);
  if (!entry || entry.product_id !== productId) throw notFound(HISTORY_MESSAGES.entryNotFound);
  const field = body.field;
  if (field !== undefined && !isHistoryColumn(field)) throw badRequest(HISTORY_MESSAGES.unknownField(field), { field: HISTORY_MESSAGES.unknownField(field) });
  const product = await db.selectFrom('products').select(HISTORY_COLUMN_NAMES).where('id', '=', productId).executeTakeFirst();
  if (!product) throw conflict(HISTORY_MESSAGES.productDeleted);
  const keep = (f: HistoryColumn) => !NOT_RESTORED.includes(f) && !(product.kind === 'variable' && DERIVED_ON_VARIABLE.includes(f));
  if (field !== undefined && !keep(field)) throw badRequest(HISTORY_MESSAGES.fieldNotRestorable(field), { field: HISTORY_MESSAGES.fieldNotRestorable(field) });

  const stored = product as Record<HistoryColumn, unknown>;
  const changes: Partial<Record<HistoryColumn, unknown>> = {};
  for (const [f, value] of stateAfter(await findEntriesAfter(db, productId, entryId))) {
    if ((field === undefined || f === field) && keep(f) && value !== stored[f]) changes[f] = value;
  }
  await assertRestorable(deps, productId, stored, changes);
  await recordedChange(db, dialect, { source: 'restore', userId: deps.userId, revertsChangeId: entry.change_id }, async (trx) => {
    if (Object.keys(changes).length) await trx.updateTable('products').set({ ...changes, updated_at: nowIso() } as never).where('id', '=', productId).execute();
  });
}

/**
 * The vendor and categories a restored version names exist (and are of the right type), the vendor
 * category it ends with is the vendor's it ends with (as the form's rule has it), its SKU is free.
 */
async function assertRestorable({ db }: HistoryDeps, productId: number, stored: Record<HistoryColumn, unknown>, changes: Partial<Record<HistoryColumn, unknown>>) {
  for (const [column, reference] of Object.entries(REFERENCES) as Array<[keyof typeof REFERENCES, (typeof REFERENCES)[keyof typeof REFERENCES]]>) {
    const id = changes[column];
    if (typeof id !== 'number') continue;
    const typeCheck = reference.type ? sql` and type = ${reference.type}` : sql``;
    const { rows } = await sql`select 1 as found from ${sql.table(reference.table)} where id = ${id}${typeCheck}`.execute(db);
    if (!rows.length) throw conflict(HISTORY_MESSAGES.referenceGone(column), { [column]: HISTORY_MESSAGES.referenceGone(column) });
  }
  if ('vendor_id' in changes || 'vendor_category_id' in changes) {
    const after = (column: 'vendor_id' | 'vendor_category_id') => (column in changes ? changes[column] : stored[column]) as number | null;
    const categoryId = after('vendor_category_id');
    const category = categoryId === null ? undefined : await db.selectFrom('categories').select('vendor_id').where('id', '=', categoryId).executeTakeFirst();
    if (category && category.vendor_id !== null && category.vendor_id !== after('vendor_id')) {
      // Named by the field the restore writes: the one staff chose, or the vendor category of a whole version.
      const column = 'vendor_category_id' in changes ? 'vendor_category_id' : 'vendor_id';
      throw conflict(PRODUCT_FORM_MESSAGES.vendorCategoryWrongVendor, { [column]: PRODUCT_FORM_MESSAGES.vendorCategoryWrongVendor });
    }
  }
  if (typeof changes.sku === 'string') {
    const other = await db.selectFrom('products').select('id').where('sku', '=', changes.sku).where('id', '!=', productId).executeTakeFirst();
    if (other) throw conflict(PRODUCT_FORM_MESSAGES.skuTaken(changes.sku), { sku: PRODUCT_FORM_MESSAGES.skuTaken(changes.sku) });
  }
}
