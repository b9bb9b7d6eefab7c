import { IMPORT_RUN_MESSAGES, IMPORT_RUN_NOT_FOUND } from '@bosun/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { conflict, notFound } from '../../errors.js';
import { heldFileExists, heldFilePath, removeHeldFile, removeUnheldFiles } from './held-feed-files.js';
import { clearHeldFileOfRun, dismissHeldImportRuns, findImportRunState, findNamedHeldFiles } from './import-runs.repository.js';
import type { ImportDeps } from './import.service.js';

/**
 * Held feed runs (issue 22): a supplier feed's run that its dry run found suspicious is recorded
 * 'held' with its file kept (feed-runs.ts). Staff apply it (the held run becomes the running
 * import: one row from the fetch to the outcome, the history's change points at it) or dismiss it;
 * a newer run of the same profile supersedes it. Each way its file is deleted.
 */

/** Marks dismissed the profile's held runs older than `byRunId`, and deletes their files. */
export async function supersedeHeldRuns(deps: ImportDeps, profileId: number, byRunId: number): Promise<void> {
  const superseded = await dismissHeldImportRuns(deps.db, { profileId, exceptId: byRunId }, IMPORT_RUN_MESSAGES.superseded(byRunId));
  for (const run of superseded) await removeHeldFile(deps.config.heldFeedsDir, run.held_file);
}

/** Dismisses a held run: 404 unknown, 409 when it is not held (any more); its file is deleted. */
export async function dismissHeldRun(deps: ImportDeps, id: number, userName: string): Promise<{ message: string }> {
  const [dismissed] = await dismissHeldImportRuns(deps.db, { id }, IMPORT_RUN_MESSAGES.dismissedBy(userName));
  if (!dismissed) {
    if (!(await findImportRunState(deps.db, id))) throw notFound(IMPORT_RUN_NOT_FOUND);
    throw conflict(IMPORT_RUN_MESSAGES.notHeld);
  }
  await removeHeldFile(deps.config.heldFeedsDir, dismissed.held_file);
  return { message: IMPORT_RUN_MESSAGES.dismissed(id) };
}

/** Before a held run is claimed: its file must still be there (another server's disk, or deleted by hand). */
export async function checkHeldFileKept(deps: ImportDeps, heldFile: string | null): Promise<void> {
  if (!heldFile || !(await heldFileExists(deps.config.heldFeedsDir, heldFile))) throw conflict(IMPORT_RUN_MESSAGES.heldFileGone);
}

export const heldRunFile = (deps: ImportDeps, heldFile: string) => heldFilePath(deps.config.heldFeedsDir, heldFile);

/** After an apply, whatever its outcome: the run is no longer held, its file goes. */
export async function dropHeldFile(deps: ImportDeps, runId: number, heldFile: string): Promise<void> {
  await removeHeldFile(deps.config.heldFeedsDir, heldFile);
  await clearHeldFileOfRun(deps.db, runId);
}

/** At start-up (after the runs of a killed server are marked stopped): the kept files no held run needs any more. */
export async function removeUnheldFeedFiles(db: Kysely<DB>, dir: string, log: FastifyBaseLogger): Promise<void> {
  const removed = await removeUnheldFiles(dir, await findNamedHeldFiles(db));
  if (removed.length > 0) log.info({ removed }, `removed ${removed.length} held feed file(s) no held run needs`);
}
