import type { Kysely } from 'kysely';

/** Single-use tokens that let the browser download a file straight to disk (a link cannot carry a header). */
export const downloadTokensMigration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('download_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
};
