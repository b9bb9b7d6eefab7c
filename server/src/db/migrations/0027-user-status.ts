import { sql, type Kysely } from 'kysely';

/**
 * A self-registered account waits for an admin's approval (issue 24). Every account that exists
 * when this runs was let in under the old rule, so the column's default keeps it active; only
 * registration writes 'pending'. Adding a NOT NULL column with a constant default is allowed by
 * both SQLite and PostgreSQL without rewriting the rows.
 */
export const userStatusMigration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'pending')`))
      .execute();
  },
};
