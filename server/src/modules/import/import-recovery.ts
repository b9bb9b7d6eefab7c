import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { removeUnheldFeedFiles } from './held-runs.service.js';
import { stopOrphanImportRuns } from './import-runs.service.js';
import { removeOrphanSpools } from './spool-dir.js';

/** At start-up: what imports of a killed server left behind (spooled uploads, runs still 'running', held feed files no run needs). */
export async function cleanUpAfterKilledImports(app: FastifyInstance, db: Kysely<DB>, legacyHeldFeedsDir: string): Promise<void> {
  const removed = await removeOrphanSpools();
  if (removed.length > 0) app.log.info({ removed }, `removed ${removed.length} spooled upload(s) left by stopped servers`);
  const stopped = await stopOrphanImportRuns(db);
  if (stopped > 0) app.log.warn({ stopped }, `marked ${stopped} import run(s) stopped: their server stopped during the import`);
  await removeUnheldFeedFiles(db, legacyHeldFeedsDir, app.log);
}
