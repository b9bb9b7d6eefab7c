import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, the Imports page's order: running runs first, then by when they ended, newest first
 * (a held run applied by hand ends after runs started later than it). The sort key is an
 * expression, indexed as written in import-runs.repository.ts (IMPORT_LIST_ORDER_KEY) on both
 * engines, so a page walks an index instead of sorting every run; with the profile first for the
 * list of one profile's runs. The expression must stay the same as the repository's for the index to be used.
 */
export const importListOrderAndFeedFlagMigration = {
  async up(db: Kysely<any>) {
    const key = sql.raw(`(case when status = 'running' then '9999-12-31T23:59:59.999Z' else coalesce(finished_at, started_at) end)`);
    await sql`create index import_runs_list_order on import_runs (${key}, id)`.execute(db);
    await sql`create index import_runs_profile_list_order on import_runs (profile_id, ${key}, id)`.execute(db);
  },
};
