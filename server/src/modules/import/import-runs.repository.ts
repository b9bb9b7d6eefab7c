import type { Insertable, Kysely, Updateable } from 'kysely';
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

/** A page of runs with who ran them, the vendor's name, their recorded change and whether a report was kept (not the report itself). */
export async function listImportRuns(db: Kysely<DB>, offset: number, limit: number) {
  return db
    .selectFrom('import_runs as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('vendors as v', 'v.id', 'r.vendor_id')
    .leftJoin('changes as c', (join) => join.onRef('c.import_run_id', '=', 'r.id').on('c.source', '=', 'import'))
    .leftJoin('import_profiles as p', 'p.id', 'r.profile_id')
    .select([
      'r.profile_id', 'p.name as profile_name', 'r.id', 'r.user_id', 'r.vendor_id', 'r.file_name', 'r.mode', 'r.update_mode', 'r.status', 'r.started_at', 'r.finished_at',
      'r.rows_read', 'r.created', 'r.updated', 'r.skipped', 'r.error_count', 'r.message',
      'u.username as user_name', 'v.name as vendor_name', 'c.id as change_id', 'c.undone_by_change_id',
    ])
    .select((eb) => eb('r.report', 'is not', null).as('has_report'))
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function findImportRunReport(db: Kysely<DB>, id: number) {
  return db.selectFrom('import_runs').select(['file_name', 'report']).where('id', '=', id).executeTakeFirst();
}

export async function countImportRuns(db: Kysely<DB>): Promise<number> {
  const { n } = await db.selectFrom('import_runs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
