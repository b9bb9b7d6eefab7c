import { z } from 'zod';
import { productPaginationSchema } from './products.js';
import { importPreviewResponseSchema, importRowErrorSchema, type ImportCompleteEvent } from './import.js';
import { missingProductsPlanSchema } from './import-profiles.js';

export const IMPORT_RUN_NOT_FOUND = 'Import not found';
export const NO_ROWS_NOT_IMPORTED = 'This import kept no rows that were not imported';

/**
 * What became of an import: 'stopped' when its server stopped before the end; 'held' when a
 * supplier feed's dry run found it suspicious (issue 22): nothing written, its file kept until
 * staff apply it (it then runs as this run) or dismiss it, or a newer run of its profile
 * supersedes it ('dismissed' then too).
 */
export const IMPORT_RUN_STATUSES = ['running', 'complete', 'failed', 'stopped', 'held', 'dismissed'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

export const IMPORT_RUN_MESSAGES = {
  serverStopped: 'The server stopped during the import',
  clientLeft: 'The browser went away during the import; the import went on to the end',
  notHeld: 'Only a held feed run can be applied or dismissed, and this one is not held (any more)',
  profileGone: 'The import profile of this held run was deleted: dismiss it',
  applyFailedToStart: 'The held file could not be read',
  heldFileGone: 'The file of this held run is no longer kept: dismiss it and run the feed again',
  applyStarted: (id: number) => `Import #${id} is being applied: the Imports page shows its outcome`,
  dismissed: (id: number) => `Import #${id} dismissed: its file was deleted`,
  dismissedBy: (name: string) => `Dismissed by ${name}; nothing was imported`,
  superseded: (id: number) => `Superseded by import #${id} of the same profile; nothing was imported`,
} as const;

/** Row errors a held run keeps from its dry run for staff to look at. */
export const HELD_RUN_ERRORS = 10;

const dryRunSchema = importPreviewResponseSchema.shape.dryRun;

/**
 * What a held feed run's dry run found (issue 22), kept with the run so that staff can judge it
 * before they apply it: why it was held, the counts, the missing-product plan, what the updates
 * would change (per field, and the largest price changes) and the first row errors.
 */
export const heldRunSummarySchema = z.object({
  /** 'missing': more of the vendor's products missing than the profile allows; 'failedRows': more rows failing. */
  kind: z.enum(['missing', 'failedRows']),
  reason: z.string(),
  /** When the file was fetched and held. */
  heldAt: z.string(),
  totalRows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(importRowErrorSchema),
  changes: dryRunSchema.shape.changes,
  missing: missingProductsPlanSchema.optional(),
  pricedByRules: z.number().int().optional(),
});
export type HeldRunSummary = z.infer<typeof heldRunSummarySchema>;

export const importRunSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  vendorId: z.number().int().nullable(),
  fileName: z.string(),
  mode: z.string(),
  updateMode: z.boolean(),
  status: z.enum(IMPORT_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  rowsRead: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errorCount: z.number().int(),
  /** Why it stopped or failed, or a note on how it ended. */
  message: z.string().nullable(),
  userName: z.string().nullable(),
  vendorName: z.string().nullable(),
  /** The import's recorded change (issue 20): its undo goes through /api/changes/{changeId}/undo. */
  changeId: z.number().int().nullable(),
  undoneByChangeId: z.number().int().nullable(),
  /** Rows failed or skipped that GET /api/imports/{id}/rows-not-imported hands out again; 0 when none or not kept. */
  rowsNotImported: z.number().int(),
  /** The import profile it ran with (issue 22), and that profile's name while it exists. */
  profileId: z.number().int().nullable(),
  profileName: z.string().nullable(),
  /** A supplier feed's run (fetched from the profile's URL), not an upload. */
  feedRun: z.boolean(),
  /** What its dry run found when it was held; kept after it is applied or dismissed. Null for a run never held. */
  held: heldRunSummarySchema.nullable(),
});

/** What an import keeps of its complete event for later: the rows not imported and the warned rows. */
export type ImportRunReport = Pick<ImportCompleteEvent, 'headers' | 'errorRows' | 'skippedRows' | 'warningRows'>;
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only the runs of this import profile. */
  profileId: z.coerce.number().int().positive().optional(),
});
export type ImportRunListQuery = z.infer<typeof importRunListQuerySchema>;

export const importRunListResponseSchema = z.object({
  imports: z.array(importRunSchema),
  pagination: productPaginationSchema,
});
export type ImportRunListResponse = z.infer<typeof importRunListResponseSchema>;
