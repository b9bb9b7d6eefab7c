import type { Kysely } from 'kysely';

/**
 * An import's rows not imported (failed and skipped, with their reasons) and its warned rows, kept
 * with its run as the complete event carried them (JSON, capped as the event caps them), so that
 * the Imports page can hand the 'rows not imported' file out again after the wizard is closed.
 */
export const importRunReportMigration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('import_runs').addColumn('report', 'text').execute();
  },
};
