import type { Kysely } from 'kysely';

/**
 * Sign-in failures as one counter per key (address, account, address + account) that an upsert
 * raises atomically, in place of a row per failure that was counted and then inserted (parallel
 * attempts all saw the same count). Download tokens remember the session that asked for them, so
 * that signing out revokes them too; the table is recreated, its tokens live a minute.
 */
export const signInLimitsMigration = {
  async up(db: Kysely<any>) {
    await db.schema.dropTable('login_attempts').execute();
    await db.schema
      .createTable('login_failure_counters')
      .addColumn('counter_key', 'text', (c) => c.primaryKey())
      .addColumn('window_started_at', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failure_counters_window_idx').on('login_failure_counters').column('window_started_at').execute();

    await db.schema.dropTable('download_tokens').execute();
    await db.schema
      .createTable('download_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_jti', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
};
