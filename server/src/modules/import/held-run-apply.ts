import path from 'node:path';
import { IMPORT_PROFILE_MESSAGES, IMPORT_RUN_MESSAGES, IMPORT_RUN_NOT_FOUND, type ImportProfile } from '@bosun/shared';
import { AppError, conflict, notFound } from '../../errors.js';
import type { Scheduler } from '../scheduler/index.js';
import { describeFile, feedJobName, importRequestOf, type FeedDeps } from './feed-runs.js';
import { checkHeldFileKept, copyHeldRunFile, dropHeldFile } from './held-runs.service.js';
import { getImportProfile } from './import-profiles.service.js';
import { findImportRunState } from './import-runs.repository.js';
import { claimHeldRun, failClaimedRun } from './import-runs.service.js';
import { runRecordedImport } from './recorded-import.js';
import { makeSpoolDir } from './spool-dir.js';

/**
 * Applies a held run that claimHeldRun made the running one: its kept file imported by its
 * profile, with the confirmations staff gave by applying it (the missing products' share above
 * the limit, the failing rows left out). The import reads a file on disk (a workbook is read out
 * of order), so the kept file is streamed from the database into a spool first, a chunk at a
 * time. The kept file goes whatever the outcome.
 */
async function applyHeldRun(deps: FeedDeps, claimed: { id: number; heldFile: string; fileName: string }, profile: ImportProfile, userId: number): Promise<void> {
  let spool: Awaited<ReturnType<typeof makeSpoolDir>> | undefined;
  try {
    let file;
    try {
      spool = await makeSpoolDir();
      const kept = path.join(spool.dir, 'held');
      if (!(await copyHeldRunFile(deps, claimed.heldFile, kept))) throw new Error(`held file ${claimed.heldFile} is not kept`);
      file = { path: kept, ...(await describeFile(kept)) };
    } catch (err) {
      await failClaimedRun(deps.db, claimed.id, IMPORT_RUN_MESSAGES.applyFailedToStart);
      throw err;
    }
    await runRecordedImport(
      deps,
      file,
      { ...importRequestOf(profile), mode: profile.mode, confirmMissing: true, userId, fileName: claimed.fileName, profileId: profile.id, feedRun: true, heldRunId: claimed.id },
      () => {},
      () => false,
      deps.log,
    );
  } finally {
    await spool?.remove();
    await dropHeldFile(deps, claimed.id, claimed.heldFile);
  }
}

/**
 * 'Apply anyway' of a held run (POST /api/imports/:id/apply): checks it can be applied (404
 * unknown; 409 not held, its profile deleted or its file gone), makes it the running import and
 * runs it in the background under its feed's lease, so that it never runs beside a fetch of the
 * same feed (409 while one is under way); its writes wait for the import lock as any import's do.
 */
export async function startApplyingHeldRun(deps: FeedDeps, scheduler: Scheduler, id: number, userId: number): Promise<{ message: string }> {
  const state = await findImportRunState(deps.db, id);
  if (!state) throw notFound(IMPORT_RUN_NOT_FOUND);
  if (state.status !== 'held' || state.profile_id === null) throw conflict(IMPORT_RUN_MESSAGES.notHeld);
  const profile = await getImportProfile(deps.db, state.profile_id).catch((err: unknown) => {
    throw err instanceof AppError && err.statusCode === 404 ? conflict(IMPORT_RUN_MESSAGES.profileGone) : err;
  });
  await checkHeldFileKept(deps, state.held_file);
  const claimed = await claimHeldRun(deps.db, id, userId);
  const started = await scheduler.runNow({ name: feedJobName(profile.id), nextRunAt: () => null, run: () => applyHeldRun(deps, claimed, profile, userId) });
  if (!started.started) {
    await claimed.unclaim();
    throw conflict(IMPORT_PROFILE_MESSAGES.feedBusy);
  }
  return { message: IMPORT_RUN_MESSAGES.applyStarted(id) };
}
