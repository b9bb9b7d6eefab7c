import { IMPORT_RUN_MESSAGES, IMPORT_RUN_NOT_FOUND } from '@bosun/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { conflict, notFound } from '../../errors.js';
import { moveLegacyHeldFiles, removeUnheldFiles } from './held-feed-legacy-files.js';
import { copyHeldFile, heldFileKept, removeHeldFiles, removeUnheldChunks } from './held-feed-store.js';
import { clearHeldFileOfRun, dismissHeldImportRuns, findImportRunState, findNamedHeldFiles } from './import-runs.repository.js';
import type { ImportDeps } from './import.service.js';

/**
 * Held feed runs (issue 22): a supplier feed's run that its dry run found suspicious is recorded
 * 'held' with its file kept (feed-runs.ts). Staff apply it (the held run becomes the running
 * import: one row from the fetch to the outcome, the history's change points at it) or dismiss it;
 * a newer run of the same profile supersedes it. Each way its file is deleted. The file is kept in
 * the database (held-feed-store.ts), so any app server can do each.
 */

/** Marks dismissed the profile's held runs older than `byRunId`, and deletes their files. */
export async function supersedeHeldRuns(deps: ImportDeps, profileId: number, byRunId: number): Promise<void> {
  const superseded = await dismissHeldImportRuns(deps.db, { profileId, exceptId: byRunId }, IMPORT_RUN_MESSAGES.superseded(byRunId));
  await removeHeldFiles(deps.db, superseded.map((run) => run.held_file));
}

/** Dismisses a held run: 404 unknown, 409 when it is not held (any more); its file is deleted. */
export async function dismissHeldRun(deps: ImportDeps, id: number, userName: string): Promise<{ message: string }> {
  const [dismissed] = await dismissHeldImportRuns(deps.db, { id }, IMPORT_RUN_MESSAGES.dismissedBy(userName));
  if (!dismissed) {
    if (!(await findImportRunState(deps.db, id))) throw notFound(IMPORT_RUN_NOT_FOUND);
    throw conflict(IMPORT_RUN_MESSAGES.notHeld);
  }
  await removeHeldFiles(deps.db, [dismissed.held_file]);
  return { message: IMPORT_RUN_MESSAGES.dismissed(id) };
}

/** Before a held run is claimed: its file must still be kept (an earlier version's file left on a disk, or deleted by hand). */
export async function checkHeldFileKept(deps: ImportDeps, heldFile: string | null): Promise<void> {
  if (!heldFile || !(await heldFileKept(deps.db, heldFile))) throw conflict(IMPORT_RUN_MESSAGES.heldFileGone);
}

/** Copies a held run's file to `destination` on this server's disk for its import; false when it is no longer kept. */
export const copyHeldRunFile = (deps: ImportDeps, heldFile: string, destination: string) => copyHeldFile(deps.db, heldFile, destination);

/** After an apply, whatever its outcome: the run is no longer held, its file goes. */
export async function dropHeldFile(deps: ImportDeps, runId: number, heldFile: string): Promise<void> {
  await removeHeldFiles(deps.db, [heldFile]);
  await clearHeldFileOfRun(deps.db, runId);
}

/**
 * At start-up (after the runs of a killed server are marked stopped): the held files an earlier
 * version kept in `legacyDir` moved into the database, and the kept files no held run needs any
 * more removed, from the database and from that directory.
 */
export async function removeUnheldFeedFiles(db: Kysely<DB>, legacyDir: string, log: FastifyBaseLogger): Promise<void> {
  await moveLegacyHeldFiles(db, legacyDir, log);
  const named = await findNamedHeldFiles(db);
  const removed = [...(await removeUnheldChunks(db, named)), ...(await removeUnheldFiles(legacyDir, named))];
  if (removed.length > 0) log.info({ removed }, `removed ${removed.length} held feed file(s) no held run needs`);
}
