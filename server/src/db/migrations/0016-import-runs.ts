import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * One row per import: written when it starts, updated by a heartbeat while it runs and with its
 * outcome when it ends, so that staff see what an import did even when nobody watched it finish.
 * server_id and heartbeat_at tell which server runs it and whether that server is still alive.
 */
export function importRunsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      let table = db.schema.createTable('import_runs');
      table =
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await table
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('vendor_id', 'integer')
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('update_mode', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('heartbeat_at', 'text', (c) => c.notNull())
        .addColumn('server_id', 'text', (c) => c.notNull())
        .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('message', 'text')
        .execute();
      await db.schema.createIndex('import_runs_status').on('import_runs').column('status').execute();
    },
  };
}
