import { sql, type Kysely } from 'kysely';

/**
 * Issue 22.
 *
 * The Imports page's order: running runs first, then by when they ended, newest first
 * (a held run applied by hand ends after runs started later than it). The sort key is an
 * expression, indexed as written in import-runs.repository.ts (IMPORT_LIST_ORDER_KEY) on both
 * engines, so a page walks an index instead of sorting every run; with the profile first for the
 * list of one profile's runs. The expression must stay the same as the repository's for the index to be used.
 *
 * import_profiles.has_feed (0 or 1, as the other flags): whether the profile fetches its file from
 * a URL, written with its settings (import-profiles.service.ts profileColumns), so the dashboard
 * counts feeds from an index instead of reading every profile's settings. Set here from the
 * settings text: a profile without a feed is stored with "feed":null, one with a feed as an object.
 *
 * The dashboard's 'a later complete run of the same profile' compares when runs ended (a held run
 * applied by hand ends after runs started later): (profile_id, status, finished_at) answers it.
 */
export const importListOrderAndFeedFlagMigration = {
  async up(db: Kysely<any>) {
    const key = sql.raw(`(case when status = 'running' then '9999-12-31T23:59:59.999Z' else coalesce(finished_at, started_at) end)`);
    await sql`create index import_runs_list_order on import_runs (${key}, id)`.execute(db);
    await sql`create index import_runs_profile_list_order on import_runs (profile_id, ${key}, id)`.execute(db);
    await db.schema.createIndex('import_runs_profile_status_finished').on('import_runs').columns(['profile_id', 'status', 'finished_at']).execute();

    await db.schema.alterTable('import_profiles').addColumn('has_feed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.updateTable('import_profiles').set({ has_feed: 1 }).where('settings', 'like', '%"feed":{%').execute();
    await db.schema.createIndex('import_profiles_has_feed').on('import_profiles').column('has_feed').execute();
  },
};
