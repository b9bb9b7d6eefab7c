import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Import profiles (issue 22): a vendor's named mapping and feed rules, stored as JSON text
 * (validated by the shared schema on the way in and out), one name per vendor. An import run
 * remembers the profile it ran with, so the Imports page can say so.
 */
export const importProfilesMigration = (dialect: Dialect) => ({
  async up(db: Kysely<any>) {
    let table = db.schema.createTable('import_profiles');
    table = dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    await table
      .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await sql`create unique index import_profiles_vendor_name_uq on import_profiles (vendor_id, lower(name))`.execute(db);
    await db.schema.alterTable('import_runs').addColumn('profile_id', 'integer').execute();
  },
});
