import { z } from 'zod';
import { plural } from './count-text.js';
import { categoryTypeSchema } from './categories.js';
import { productPaginationSchema } from './products.js';

/**
 * The change history (issue 20): every write to a product is recorded with who, when and from
 * where; imports and bulk operations can be undone, deleted products restored, and a form saved on
 * an older version than the stored one is refused (409) instead of overwriting the other's save.
 */

/** Where a change came from. */
export const CHANGE_SOURCES = [
  'create',
  'edit',
  'delete',
  'bulk_edit',
  'bulk_delete',
  'import',
  'category_merge',
  'category_delete',
  'category_mapping',
  'vendor_delete',
  'variations',
  'restore',
  'undo',
] as const;
export const changeSourceSchema = z.enum(CHANGE_SOURCES);
export type ChangeSource = z.infer<typeof changeSourceSchema>;

/**
 * The sources an undo applies to: whole operations, listed on the Recent changes page. A category
 * merge or delete is recorded but not undone here: its products' old category is gone, and putting
 * them back would only clear their category.
 */
export const UNDOABLE_SOURCES = ['bulk_edit', 'bulk_delete', 'import', 'category_mapping', 'undo', 'restore'] as const satisfies readonly ChangeSource[];

export const CHANGE_SOURCE_LABELS: Record<ChangeSource, string> = {
  create: 'Created',
  edit: 'Edited',
  delete: 'Deleted',
  bulk_edit: 'Bulk edit',
  bulk_delete: 'Bulk delete',
  import: 'Import',
  category_merge: 'Category merge',
  category_delete: 'Category deleted',
  category_mapping: 'Category mapping',
  vendor_delete: 'Vendor deleted',
  variations: 'Variations',
  restore: 'Restore',
  undo: 'Undo',
};

export const HISTORY_ACTIONS = ['created', 'updated', 'deleted'] as const;
export const historyActionSchema = z.enum(HISTORY_ACTIONS);

/** A value as stored: text, number (booleans as 0/1, ids), null; images and tags as their JSON text. */
export const historyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type HistoryValue = z.infer<typeof historyValueSchema>;

export const changeAuthorSchema = z.object({ id: z.number().int(), username: z.string() }).nullable();

export const fieldChangeSchema = z.object({
  field: z.string(),
  before: historyValueSchema,
  after: historyValueSchema,
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One entry of a product's history: what one change did to it. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  changeId: z.number().int().nullable(),
  action: historyActionSchema,
  at: z.string().nullable(),
  user: changeAuthorSchema,
  source: changeSourceSchema.nullable(),
  /** The import's run, when the change was an import ('Import #12'). */
  importRunId: z.number().int().nullable(),
  /** The changed fields, old → new ('updated'); a deleted product's last state ('deleted'); none for 'created'. */
  fields: z.array(fieldChangeSchema),
  /** Taken back by an undo since. */
  undone: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const productHistoryResponseSchema = z.object({
  entries: z.array(historyEntrySchema),
  pagination: productPaginationSchema,
});
export type ProductHistoryResponse = z.infer<typeof productHistoryResponseSchema>;

export const historyEntryParamsSchema = z.object({ id: z.coerce.number().int().positive(), entryId: z.coerce.number().int().positive() });

/** Restore the product as it was after the entry: every field, or one field (`field`). */
export const restoreVersionBodySchema = z.object({ field: z.string().min(1).optional() }).strict();
export type RestoreVersionBody = z.infer<typeof restoreVersionBodySchema>;

/** A change as the Recent changes and Imports pages list it. */
export const changeSummarySchema = z.object({
  id: z.number().int(),
  source: changeSourceSchema,
  at: z.string(),
  user: changeAuthorSchema,
  importRunId: z.number().int().nullable(),
  summary: z.string().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  /** The undo that took it back, if any. */
  undoneByChangeId: z.number().int().nullable(),
  /** For an undo or a restore: the change it took back. */
  revertsChangeId: z.number().int().nullable(),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

export const changeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  source: changeSourceSchema.optional(),
});
export type ChangeListQuery = z.infer<typeof changeListQuerySchema>;

export const changeListResponseSchema = z.object({ changes: z.array(changeSummarySchema), pagination: productPaginationSchema });
export type ChangeListResponse = z.infer<typeof changeListResponseSchema>;

/** A product changed again after the change to undo. */
export const undoConflictSchema = z.object({
  productId: z.number().int(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  at: z.string().nullable(),
  user: changeAuthorSchema,
  source: changeSourceSchema.nullable(),
});
export type UndoConflict = z.infer<typeof undoConflictSchema>;

/** What an undo would do: products deleted (the change created them), put back (it changed them), brought back (it deleted them). */
export const undoPreviewSchema = z.object({
  changeId: z.number().int(),
  toDelete: z.number().int(),
  toRevert: z.number().int(),
  toRecreate: z.number().int(),
  conflictCount: z.number().int(),
  /** The first conflicts (up to 100). */
  conflicts: z.array(undoConflictSchema),
});
export type UndoPreview = z.infer<typeof undoPreviewSchema>;

export const UNDO_CONFLICT_CHOICES = ['skip', 'overwrite'] as const;
export const undoBodySchema = z.object({ conflicts: z.enum(UNDO_CONFLICT_CHOICES).default('skip') }).strict();
export type UndoBody = z.infer<typeof undoBodySchema>;

export const undoResultSchema = z.object({
  message: z.string(),
  /** The undo's own change: it can be undone in turn. */
  changeId: z.number().int(),
  deleted: z.number().int(),
  reverted: z.number().int(),
  recreated: z.number().int(),
  skipped: z.number().int(),
});
export type UndoResult = z.infer<typeof undoResultSchema>;

/**
 * The undo's progress (POST /changes/:id/undo with `Accept: text/event-stream`): server-sent
 * events, 'data: {json}' each, of the types below. Steps in the order they run; `total` is the
 * dry run's count for the chosen conflict choice (deleted + put back + brought back), `current`
 * the products done so far (it may end below `total`: a product whose SKU is taken again is not
 * brought back). The stream ends with 'complete' (the JSON answer's result) or 'error' (the JSON
 * answer's status, code and message; nothing was written).
 */
export const UNDO_STEPS = ['delete', 'revert', 'recreate'] as const;
export const undoStepSchema = z.enum(UNDO_STEPS);
export type UndoStep = z.infer<typeof undoStepSchema>;

/** A step in words for staff: the deletion names an import when the change was one. */
export function undoStepMessage(step: UndoStep, source: ChangeSource): string {
  if (step === 'delete') return source === 'import' ? 'Deleting the products the import created' : 'Deleting the products the change created';
  return step === 'revert' ? 'Putting back changed fields' : 'Bringing back deleted products';
}

export const undoProgressEventSchema = z.object({
  type: z.literal('progress'),
  step: undoStepSchema,
  message: z.string(),
  current: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type UndoProgressEvent = z.infer<typeof undoProgressEventSchema>;

/** Sent once, before any progress, when the undo waits for an import that is writing: it starts when that import ends. */
export const undoWaitingEventSchema = z.object({ type: z.literal('waiting'), message: z.string() });
export type UndoWaitingEvent = z.infer<typeof undoWaitingEventSchema>;
/** What a running undo says before its result: waiting, or how far it has got. */
export type UndoStatusEvent = UndoProgressEvent | UndoWaitingEvent;

export const undoCompleteEventSchema = undoResultSchema.extend({ type: z.literal('complete') });
export type UndoCompleteEvent = z.infer<typeof undoCompleteEventSchema>;

export const undoErrorEventSchema = z.object({
  type: z.literal('error'),
  /** The HTTP status the JSON answer would have had. */
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type UndoErrorEvent = z.infer<typeof undoErrorEventSchema>;

export const undoEventSchema = z.discriminatedUnion('type', [undoWaitingEventSchema, undoProgressEventSchema, undoCompleteEventSchema, undoErrorEventSchema]);
export type UndoEvent = z.infer<typeof undoEventSchema>;

export const deletedProductSchema = z.object({
  /** The history entry that holds its last state. */
  entryId: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  deletedAt: z.string().nullable(),
  user: changeAuthorSchema,
  source: changeSourceSchema.nullable(),
});
export type DeletedProduct = z.infer<typeof deletedProductSchema>;

export const deletedProductsQuerySchema = historyQuerySchema.extend({ search: z.string().trim().max(200).optional() });
export type DeletedProductsQuery = z.infer<typeof deletedProductsQuerySchema>;

export const deletedProductsResponseSchema = z.object({ products: z.array(deletedProductSchema), pagination: productPaginationSchema });
export type DeletedProductsResponse = z.infer<typeof deletedProductsResponseSchema>;

export const restoreDeletedBodySchema = z.object({ entryIds: z.array(z.number().int().positive()).min(1).max(1000) }).strict();
export type RestoreDeletedBody = z.infer<typeof restoreDeletedBodySchema>;

export const restoreDeletedResponseSchema = z.object({
  message: z.string(),
  changeId: z.number().int().nullable(),
  restored: z.number().int(),
  /** Entries not restored, each with why (its SKU is taken again, it is back already...). */
  failed: z.array(z.object({ entryId: z.number().int(), reason: z.string() })),
});
export type RestoreDeletedResponse = z.infer<typeof restoreDeletedResponseSchema>;

/** At most this many category ids in one look-up of their paths. */
export const CATEGORY_PATHS_MAX_IDS = 500;

/**
 * GET /history/category-paths?ids=12,40: the vendor and store category ids a history shows, one
 * request for all of them. Repeated (?ids=1&ids=2) or comma-separated.
 */
export const categoryPathsQuerySchema = z.object({
  ids: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '')),
    z.array(z.coerce.number().int().positive()).min(1, 'ids: at least one category id').max(CATEGORY_PATHS_MAX_IDS, `ids: at most ${CATEGORY_PATHS_MAX_IDS} category ids`),
  ),
});
export type CategoryPathsQuery = z.infer<typeof categoryPathsQuerySchema>;

/** Each category that still exists, with its path of names from the root as the products list shows it ('Deck > Cleats'). An id left out is deleted. */
export const categoryPathsResponseSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), type: categoryTypeSchema, path: z.string() })),
});
export type CategoryPathsResponse = z.infer<typeof categoryPathsResponseSchema>;

/** The 409 of a save made on an older version: what others changed since, field by field. */
export const staleFieldSchema = z.object({
  field: z.string(),
  /** The stored value now. */
  theirs: historyValueSchema,
  at: z.string().nullable(),
  user: changeAuthorSchema,
});
export const staleVersionDetailsSchema = z.object({
  version: z.number().int(),
  changes: z.array(staleFieldSchema),
});
export type StaleVersionDetails = z.infer<typeof staleVersionDetailsSchema>;

export const HISTORY_DAYS_MIN = 1;
export const HISTORY_DAYS_MAX = 3650;
export const DEFAULT_HISTORY_DAYS = 180;

export const HISTORY_MESSAGES = {
  changeNotFound: 'Change not found',
  entryNotFound: 'History entry not found',
  alreadyUndone: 'This change was undone already',
  nothingToUndo: 'This change has nothing to undo',
  notUndoable: (source: string) => `A change of type '${source}' cannot be undone from here`,
  importRunning: 'An import is writing: try the undo again when it has finished',
  waitingForImport: 'Waiting for the import that is writing to finish: the undo starts right after it',
  unknownField: (field: string) => `'${field}' is not a field of the product's history`,
  staleVersion: 'Someone changed this product after you opened it',
  /** Under each field a stale save would overwrite. */
  changedSince: (username: string | null) => `${username ?? 'Someone'} changed this after you opened the product`,
  /** A version restore of a product that is deleted now: the Recently deleted view brings it back. */
  productDeleted: 'This product is deleted: restore it from Recently deleted first',
  /** The history records it, but a restore does not write it: the kind and parent are the variations' editor's, a variable product's totals its variations'. */
  fieldNotRestorable: (field: string) => `'${field}' cannot be restored from the history`,
  /** A restored value naming a vendor or category that no longer exists. */
  referenceGone: (field: string) => `The ${field.replaceAll('_', ' ').replace(/ id$/, '')} of that version no longer exists`,
  restoreSkuTaken: (sku: string) => `SKU ${sku} belongs to another product now`,
  alreadyRestored: 'This product exists again already',
  parentMissing: 'Its variable product is deleted: restore that first',
  undone: (n: number) => `Undone: ${plural(n, 'product')} put back`,
  restored: (n: number) => `${plural(n, 'product')} restored`,
} as const;
