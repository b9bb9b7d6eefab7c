import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, ImportRunsTable } from '../../db/types.js';

type NewRun = Insertable<ImportRunsTable>;

export async function insertImportRun(db: Kysely<DB>, run: NewRun): Promise<number> {
  const { id } = await db.insertInto('import_runs').values(run).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateImportRun(db: Kysely<DB>, id: number, changes: Updateable<ImportRunsTable>): Promise<void> {
  await db.updateTable('import_runs').set(changes).where('id', '=', id).execute();
}

export async function findRunningImportRuns(db: Kysely<DB>) {
  return db.selectFrom('import_runs').select(['id', 'server_id', 'heartbeat_at']).where('status', '=', 'running').execute();
}

/** Marks the given runs stopped, only those still running (another server may have marked them meanwhile). */
export async function stopImportRuns(db: Kysely<DB>, ids: number[], finishedAt: string, message: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('import_runs').set({ status: 'stopped', finished_at: finishedAt, message }).where('id', 'in', ids).where('status', '=', 'running').execute();
}

/**
 * The Imports page's order, newest first by this key then by id: running runs first, then by when
 * they ended (a run not running without an end, never written so, by its start). Indexed as
 * written here by migration 0042 (import_runs_list_order): the text must stay the same.
 */
const IMPORT_LIST_ORDER_KEY = sql.raw(`(case when status = 'running' then '9999-12-31T23:59:59.999Z' else coalesce(finished_at, started_at) end)`);

export interface ImportRunFilter {
  profileId?: number;
}

const runsOf = (db: Kysely<DB>, filter: ImportRunFilter) => {
  const runs = db.selectFrom('import_runs');
  return filter.profileId === undefined ? runs : runs.where('profile_id', '=', filter.profileId);
};

/** The ids of a page of runs in the list's order, from import_runs alone: an index gives the order. */
export const importRunPage = (db: Kysely<DB>, filter: ImportRunFilter, offset: number, limit: number) =>
  runsOf(db, filter).select(['id', IMPORT_LIST_ORDER_KEY.as('list_order')]).orderBy(IMPORT_LIST_ORDER_KEY, 'desc').orderBy('id', 'desc').offset(offset).limit(limit);

/**
 * A page of runs with who ran them, the vendor's name, their recorded change and whether a report
 * was kept (not the report itself): only the page's rows are joined.
 */
export async function listImportRuns(db: Kysely<DB>, filter: ImportRunFilter, offset: number, limit: number) {
  const page = importRunPage(db, filter, offset, limit);
  return db
    .with('page', () => page)
    .selectFrom('page')
    .innerJoin('import_runs as r', 'r.id', 'page.id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('vendors as v', 'v.id', 'r.vendor_id')
    .leftJoin('changes as c', (join) => join.onRef('c.import_run_id', '=', 'r.id').on('c.source', '=', 'import'))
    .leftJoin('import_profiles as p', 'p.id', 'r.profile_id')
    .select([
      'r.profile_id', 'p.name as profile_name', 'r.id', 'r.user_id', 'r.vendor_id', 'r.file_name', 'r.mode', 'r.update_mode', 'r.status', 'r.started_at', 'r.finished_at',
      'r.rows_read', 'r.created', 'r.updated', 'r.skipped', 'r.error_count', 'r.message', 'r.feed_run', 'r.held_summary',
      'u.username as user_name', 'v.name as vendor_name', 'c.id as change_id', 'c.undone_by_change_id',
    ])
    .select((eb) => eb('r.report', 'is not', null).as('has_report'))
    .orderBy('page.list_order', 'desc')
    .orderBy('page.id', 'desc')
    .execute();
}

export async function findImportRunReport(db: Kysely<DB>, id: number) {
  return db.selectFrom('import_runs').select(['file_name', 'report']).where('id', '=', id).executeTakeFirst();
}

export async function countImportRuns(db: Kysely<DB>, filter: ImportRunFilter): Promise<number> {
  const { n } = await runsOf(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

export const findImportRunState = (db: Kysely<DB>, id: number) =>
  db.selectFrom('import_runs').select(['id', 'status', 'profile_id', 'held_file', 'file_name', 'user_id', 'started_at', 'finished_at']).where('id', '=', id).executeTakeFirst();

/**
 * Turns a held run into the running one, only if it is still held: of two servers or two clicks
 * applying it, exactly one gets the row. Answers what the import needs, or undefined.
 */
export async function claimHeldImportRun(db: Kysely<DB>, id: number, changes: Pick<Updateable<ImportRunsTable>, 'user_id' | 'server_id' | 'started_at' | 'heartbeat_at'>) {
  return db
    .updateTable('import_runs')
    .set({ ...changes, status: 'running', finished_at: null })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .returning(['id', 'profile_id', 'held_file', 'file_name'])
    .executeTakeFirst();
}

/**
 * Puts a claimed run back to held (its apply could not start), only while nothing else has changed
 * it, with who started it and when it started and was held: the Imports page orders by that end time.
 */
export async function unclaimImportRun(db: Kysely<DB>, id: number, was: Pick<Updateable<ImportRunsTable>, 'user_id' | 'started_at' | 'finished_at'>, serverId: string): Promise<void> {
  await db.updateTable('import_runs').set({ ...was, status: 'held' }).where('id', '=', id).where('status', '=', 'running').where('server_id', '=', serverId).execute();
}

/**
 * Marks dismissed the held runs given (by id, or every held run of a profile but `exceptId`),
 * only those still held; answers their kept files to delete. A run keeps the time it ended (was
 * held): dismissing it imports nothing, and its message says who dismissed it or which run
 * superseded it. So it keeps its place on the Imports page, below the run that superseded it.
 */
export async function dismissHeldImportRuns(db: Kysely<DB>, which: { id: number } | { profileId: number; exceptId: number }, message: string) {
  let query = db.updateTable('import_runs').set({ status: 'dismissed', message }).where('status', '=', 'held');
  query = 'id' in which ? query.where('id', '=', which.id) : query.where('profile_id', '=', which.profileId).where('id', '!=', which.exceptId);
  // RETURNING answers the row as updated: held_file is cleared after, once it has been read.
  const dismissed = await query.returning(['id', 'held_file']).execute();
  if (dismissed.length) await db.updateTable('import_runs').set({ held_file: null }).where('id', 'in', dismissed.map((r) => r.id)).execute();
  return dismissed;
}

export async function clearHeldFileOfRun(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('import_runs').set({ held_file: null }).where('id', '=', id).execute();
}

/** The held runs and the files they name (a start-up moves those an earlier version kept on disk into the database). */
export async function findHeldRunFiles(db: Kysely<DB>) {
  const rows = await db.selectFrom('import_runs').select(['id', 'profile_id', 'held_file']).where('status', '=', 'held').where('held_file', 'is not', null).execute();
  return rows.map((r) => ({ ...r, held_file: r.held_file! }));
}

/** Points a held run at another kept file, only while it is held and still names `from`; answers whether it did. */
export async function renameHeldFileOfRun(db: Kysely<DB>, id: number, from: string, to: string): Promise<boolean> {
  const result = await db.updateTable('import_runs').set({ held_file: to }).where('id', '=', id).where('status', '=', 'held').where('held_file', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The files runs name, and whether each is still needed (held, or being applied). */
export async function findNamedHeldFiles(db: Kysely<DB>): Promise<Map<string, boolean>> {
  const rows = await db.selectFrom('import_runs').select(['held_file', 'status']).where('held_file', 'is not', null).execute();
  return new Map(rows.map((r) => [r.held_file!, r.status === 'held' || r.status === 'running']));
}
