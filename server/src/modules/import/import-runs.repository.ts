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

export async function listImportRuns(db: Kysely<DB>, offset: number, limit: number) {
  return db.selectFrom('import_runs').selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countImportRuns(db: Kysely<DB>): Promise<number> {
  const { n } = await db.selectFrom('import_runs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
