import type { Kysely } from 'kysely';

/**
 * The shop's currency (issue 24): money is shown in it everywhere. Existing shops keep the dollar
 * the screens showed before.
 */
export const settingsCurrencyMigration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('settings').addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD')).execute();
  },
};
