import { z } from 'zod';
import { productPaginationSchema } from './products.js';
import type { ImportCompleteEvent } from './import.js';

export const IMPORT_RUN_NOT_FOUND = 'Import not found';
export const NO_ROWS_NOT_IMPORTED = 'This import kept no rows that were not imported';

/** What became of an import: 'stopped' when its server stopped before the end. */
export const IMPORT_RUN_STATUSES = ['running', 'complete', 'failed', 'stopped'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

export const IMPORT_RUN_MESSAGES = {
  serverStopped: 'The server stopped during the import',
  clientLeft: 'The browser went away during the import; the import went on to the end',
} as const;

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
});

/** What an import keeps of its complete event for later: the rows not imported and the warned rows. */
export type ImportRunReport = Pick<ImportCompleteEvent, 'headers' | 'errorRows' | 'skippedRows' | 'warningRows'>;
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ImportRunListQuery = z.infer<typeof importRunListQuerySchema>;

export const importRunListResponseSchema = z.object({
  imports: z.array(importRunSchema),
  pagination: productPaginationSchema,
});
export type ImportRunListResponse = z.infer<typeof importRunListResponseSchema>;
