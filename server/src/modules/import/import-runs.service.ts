import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  IMPORT_RUN_MESSAGES,
  IMPORT_RUN_NOT_FOUND,
  NO_ROWS_NOT_IMPORTED,
  rowsNotImportedCsv,
  rowsNotImportedFileName,
  type ImportMode,
  type ImportRun,
  type ImportRunListQuery,
  type ImportRunListResponse,
  type ImportRunReport,
  type HeldRunSummary,
} from '@bosun/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB, ImportRunsTable } from '../../db/types.js';
import { conflict, notFound } from '../../errors.js';
import {
  claimHeldImportRun,
  countImportRuns,
  findImportRunReport,
  findImportRunState,
  findRunningImportRuns,
  insertImportRun,
  listImportRuns,
  stopImportRuns,
  unclaimImportRun,
  updateImportRun,
} from './import-runs.repository.js';
import { isProcessAlive } from './spool-dir.js';

/**
 * How a server that died is told from one that is importing. A run of this machine is judged by
 * its process: gone when its pid is (or when it is this pid under another server id: a killed
 * server's pid reused), so a restart after a kill marks it at once. A run of another machine (several
 * servers on one PostgreSQL) is judged by its heartbeat: each running import on PostgreSQL
 * refreshes it (and its counts so far) every HEARTBEAT_MS, and one older than STALE_AFTER_MS
 * belongs to a server that is gone. SQLite has no heartbeat: its database is on this machine, and a
 * write from the main thread would wait on the import worker's write lock with the event loop.
 */
const HEARTBEAT_MS = 30_000;
const STALE_AFTER_MS = 3 * 60_000;

/** This server's name in import_runs.server_id: host, pid and a random part (the pid may be reused). */
const SERVER_ID = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
/** Runs this process is executing now (several apps may share a process in the tests). */
const runningHere = new Set<number>();

function ownerIsGone(serverId: string, heartbeatAt: string, now: number): boolean {
  const [host, pidText] = serverId.split(':');
  if (host !== os.hostname()) return now - Date.parse(heartbeatAt) > STALE_AFTER_MS;
  const pid = Number(pidText);
  if (pid === process.pid) return serverId !== SERVER_ID;
  return !isProcessAlive(pid);
}

/** Marks 'stopped' the runs left 'running' by a server that is gone. */
export async function stopOrphanImportRuns(db: Kysely<DB>): Promise<number> {
  const now = Date.now();
  const orphans = (await findRunningImportRuns(db)).filter((run) => !runningHere.has(run.id) && ownerIsGone(run.server_id, run.heartbeat_at, now)).map((run) => run.id);
  await stopImportRuns(db, orphans, nowIso(), IMPORT_RUN_MESSAGES.serverStopped);
  return orphans.length;
}

export interface RunCounts {
  rowsRead: number;
  created: number;
  updated: number;
  skipped: number;
  errorCount: number;
}

const countColumns = (c: RunCounts) => ({ rows_read: c.rowsRead, created: c.created, updated: c.updated, skipped: c.skipped, error_count: c.errorCount });

export interface ImportRunRecord {
  id: number;
  finish(status: Exclude<ImportRunsTable['status'], 'running'>, counts: RunCounts, message: string | null, report?: ImportRunReport): Promise<void>;
}

export interface NewImportRun {
  userId: number | null;
  vendorId: number;
  fileName: string;
  mode: ImportMode;
  updateMode: boolean;
  profileId?: number;
  /** Fetched from the profile's feed URL (issue 22). */
  feedRun?: boolean;
  /** A held run being applied (claimHeldRun made it the running one): no new row. */
  heldRunId?: number;
}

const newRunRow = (run: NewImportRun, at: string) => ({
  user_id: run.userId,
  vendor_id: run.vendorId,
  file_name: run.fileName,
  mode: run.mode,
  update_mode: run.updateMode ? 1 : 0,
  started_at: at,
  heartbeat_at: at,
  server_id: SERVER_ID,
  profile_id: run.profileId ?? null,
  feed_run: run.feedRun ? 1 : 0,
});

/** A feed run that ended before any import (its fetch failed, or its dry run held it): recorded as ended. */
export async function recordUnimportedRun(db: Kysely<DB>, run: NewImportRun, outcome: { status: 'failed' } | { status: 'held'; summary: HeldRunSummary; file: string }, message: string): Promise<number> {
  const at = nowIso();
  return insertImportRun(db, {
    ...newRunRow(run, at),
    status: outcome.status,
    finished_at: at,
    message,
    ...(outcome.status === 'held' ? { held_summary: JSON.stringify(outcome.summary), held_file: outcome.file } : {}),
  });
}

/**
 * Makes a held run the running one, for its apply (issue 22): 404 when there is no such run, 409
 * when it is not held (applied, being applied, dismissed or superseded). Answers what the apply
 * needs and how to put the run back to held if the apply cannot start.
 */
export async function claimHeldRun(db: Kysely<DB>, id: number, userId: number) {
  const state = await findImportRunState(db, id);
  if (!state) throw notFound(IMPORT_RUN_NOT_FOUND);
  const at = nowIso();
  const claimed = state.status === 'held' ? await claimHeldImportRun(db, id, { user_id: userId, server_id: SERVER_ID, started_at: at, heartbeat_at: at }) : undefined;
  if (!claimed?.held_file || claimed.profile_id === null) {
    if (claimed) await unclaimImportRun(db, id, { user_id: state.user_id, started_at: state.started_at, finished_at: state.finished_at }, SERVER_ID);
    throw conflict(IMPORT_RUN_MESSAGES.notHeld);
  }
  runningHere.add(id);
  return {
    id,
    profileId: claimed.profile_id,
    heldFile: claimed.held_file,
    fileName: claimed.file_name,
    unclaim: async () => {
      runningHere.delete(id);
      await unclaimImportRun(db, id, { user_id: state.user_id, started_at: state.started_at, finished_at: state.finished_at }, SERVER_ID);
    },
  };
}

/** A claimed held run whose apply failed before its import started (its file unreadable). */
export async function failClaimedRun(db: Kysely<DB>, id: number, message: string): Promise<void> {
  runningHere.delete(id);
  await updateImportRun(db, id, { status: 'failed', finished_at: nowIso(), message });
}

/** Writes the run's row (or takes over a held one) and, with heartbeats, keeps its heartbeat (and counts so far, from counts()) fresh until finish. */
export async function startImportRun(db: Kysely<DB>, run: NewImportRun, counts: () => RunCounts, heartbeats: boolean): Promise<ImportRunRecord> {
  const startedAt = nowIso();
  const id = run.heldRunId ?? (await insertImportRun(db, { ...newRunRow(run, startedAt), status: 'running' }));
  runningHere.add(id);
  let beat: Promise<void> = Promise.resolve();
  const heartbeat = heartbeats
    ? setInterval(() => {
        // A failed heartbeat only makes the run look stale sooner; the import goes on.
        beat = updateImportRun(db, id, { heartbeat_at: nowIso(), ...countColumns(counts()) }).catch(() => {});
      }, HEARTBEAT_MS)
    : undefined;
  heartbeat?.unref();
  return {
    id,
    async finish(status, final, message, report) {
      clearInterval(heartbeat);
      await beat;
      try {
        const finishedAt = nowIso();
        // Kept only when there is a row to hand out again.
        const kept = report && (report.errorRows.length || report.skippedRows?.length || report.warningRows.length) ? JSON.stringify(report) : null;
        await updateImportRun(db, id, { status, finished_at: finishedAt, heartbeat_at: finishedAt, message, report: kept, ...countColumns(final) });
      } finally {
        runningHere.delete(id);
      }
    },
  };
}

function toImportRun(row: Awaited<ReturnType<typeof listImportRuns>>[number]): ImportRun {
  return {
    id: row.id,
    userId: row.user_id,
    vendorId: row.vendor_id,
    fileName: row.file_name,
    mode: row.mode,
    updateMode: row.update_mode === 1,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    rowsRead: row.rows_read,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    errorCount: row.error_count,
    message: row.message,
    userName: row.user_name ?? null,
    vendorName: row.vendor_name ?? null,
    changeId: row.change_id ?? null,
    undoneByChangeId: row.undone_by_change_id ?? null,
    rowsNotImported: row.has_report ? row.error_count + row.skipped : 0,
    profileId: row.profile_id ?? null,
    profileName: row.profile_name ?? null,
    feedRun: row.feed_run === 1,
    held: row.held_summary ? (JSON.parse(row.held_summary) as HeldRunSummary) : null,
  };
}

/** The run's rows not imported as the wizard's 'rows not imported' file: 404 for an unknown run or one that kept none. */
export async function rowsNotImportedFile(db: Kysely<DB>, id: number): Promise<{ fileName: string; csv: string }> {
  const run = await findImportRunReport(db, id);
  if (!run) throw notFound(IMPORT_RUN_NOT_FOUND);
  const report = run.report ? (JSON.parse(run.report) as ImportRunReport) : undefined;
  if (!report || !(report.errorRows.length || report.skippedRows?.length)) throw notFound(NO_ROWS_NOT_IMPORTED);
  return { fileName: rowsNotImportedFileName(run.file_name), csv: rowsNotImportedCsv(report) };
}

/**
 * A page of the Imports page and the total it belongs to, read in one read-only transaction: on
 * PostgreSQL 'repeatable read' (one snapshot for both statements; read committed takes one per
 * statement, so a run recorded between them would be counted and not listed), on SQLite its
 * deferred transaction, whose snapshot is taken at the first read.
 */
export async function listImports(db: Kysely<DB>, query: ImportRunListQuery): Promise<ImportRunListResponse> {
  const filter = { profileId: query.profileId };
  const { rows, total } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const rows = await listImportRuns(trx, filter, (query.page - 1) * query.limit, query.limit);
      return { rows, total: await countImportRuns(trx, filter) };
    });
  return {
    imports: rows.map(toImportRun),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}
