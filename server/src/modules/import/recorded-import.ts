import { IMPORT_MESSAGES, IMPORT_RUN_MESSAGES, type ImportCompleteEvent, type ImportEvent } from '@bosun/shared';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/clock.js';
import { AppError } from '../../errors.js';
import { startChange } from '../history/index.js';
import { startImportRun, type NewImportRun, type RunCounts } from './import-runs.service.js';
import { supersedeHeldRuns } from './held-runs.service.js';
import { markImportProfileUsed } from './import-profiles.repository.js';
import { runImport, type ImportDeps, type ImportFile, type ImportRunRequest } from './import.service.js';

export interface RecordedImportRequest extends Omit<ImportRunRequest, 'changeId'>, Pick<NewImportRun, 'feedRun' | 'heldRunId'> {
  /** Who ran it; null for a supplier feed's scheduled run. */
  userId: number | null;
  fileName: string;
  /** The import profile the run goes by (issue 22): recorded with the run, and marked used; it supersedes the profile's held runs. */
  profileId?: number;
}

/** What staff read of an import that failed as a whole: our own refusals as they are, anything else (a driver's error) as one safe sentence. */
export const importFailureMessage = (err: unknown) => (err instanceof AppError ? err.message : IMPORT_MESSAGES.importFailed);

/**
 * Runs an import with its record in import_runs (written at the start, its counts refreshed while
 * it runs, its outcome at the end, failure included) and its outcome in the log, so that staff
 * learn what an import did even when the browser that started it went away.
 * clientGone says whether the progress stream was dropped before the end.
 */
export async function runRecordedImport(
  deps: ImportDeps,
  file: ImportFile,
  request: RecordedImportRequest,
  emit: (event: ImportEvent) => void,
  clientGone: () => boolean,
  log: FastifyBaseLogger,
): Promise<ImportCompleteEvent> {
  const counts: RunCounts = { rowsRead: 0, created: 0, updated: 0, skipped: 0, errorCount: 0 };
  const run = await startImportRun(deps.db, request, () => counts, deps.dialect === 'postgres');
  const watch = (event: ImportEvent) => {
    if (event.type === 'progress') Object.assign(counts, { rowsRead: event.current, created: event.imported, updated: event.updated, skipped: event.skipped, errorCount: event.errors });
    emit(event);
  };
  const context = { importRun: run.id, fileName: request.fileName, mode: request.mode, userId: request.userId };
  let complete: ImportCompleteEvent;
  try {
    // Inside the try: a run whose start fails ends as failed, never left 'running'.
    if (request.profileId !== undefined) {
      await markImportProfileUsed(deps.db, request.profileId, nowIso());
      // A held file of the profile is older than this one: applied after it, it would undo it.
      await supersedeHeldRuns(deps, request.profileId, run.id);
    }
    // The import's writes are one change in the history, undone as one (issue 20).
    const changeId = await startChange(deps.db, { source: 'import', userId: request.userId, importRunId: run.id, summary: request.fileName });
    complete = await runImport({ ...deps, log }, file, { ...request, changeId }, watch);
  } catch (err) {
    await run.finish('failed', counts, importFailureMessage(err)).catch((recordErr: unknown) => log.error({ err: recordErr, ...context }, 'could not record the failed import'));
    // The raw error only here: the run's message and the client's say it in our words.
    log.error({ err, ...context, ...counts, clientGone: clientGone() }, 'import failed');
    throw err;
  }
  const final: RunCounts = { rowsRead: complete.total, created: complete.imported, updated: complete.updated, skipped: complete.skipped, errorCount: complete.errorCount };
  const gone = clientGone();
  const report = { headers: complete.headers, errorRows: complete.errorRows, skippedRows: complete.skippedRows, warningRows: complete.warningRows };
  await run.finish('complete', final, gone ? IMPORT_RUN_MESSAGES.clientLeft : null, report);
  const outcome = { ...context, ...final, processingTime: complete.processingTime };
  if (gone) log.warn(outcome, 'import complete after the client went away');
  else log.info(outcome, 'import complete');
  return complete;
}
