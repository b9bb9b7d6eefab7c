import type { Kysely } from 'kysely';

/**
 * Issue 22, held feed runs. import_runs.status is plain text on both engines, so the new 'held'
 * and 'dismissed' statuses need no change of the column. A held run keeps what its dry run found
 * (held_summary, JSON of HeldRunSummary in shared/src/import-runs.ts) and the name of its kept
 * file in the server's held-feeds directory (held_file, cleared once the file is deleted).
 * feed_run tells a supplier feed's runs from uploads (the dashboard lists only feeds). The index
 * answers the dashboard's 'a later complete run of the same profile' and the superseding of a
 * profile's older held runs without reading every run.
 */
export const heldFeedRunsMigration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('import_runs').addColumn('held_summary', 'text').execute();
    await db.schema.alterTable('import_runs').addColumn('held_file', 'text').execute();
    await db.schema.alterTable('import_runs').addColumn('feed_run', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('import_runs_profile_status').on('import_runs').columns(['profile_id', 'status', 'id']).execute();
  },
};
