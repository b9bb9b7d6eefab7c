import type { Kysely } from 'kysely';

/**
 * Issue 22, supplier feeds on a schedule. The shop's time zone (an IANA name), in which a daily
 * feed runs at its time; existing shops start on UTC. And leases: the one app server that holds a
 * name's row, until it expires, runs the scheduled job of that name; the row also keeps when the
 * job last finished, so that every server sees the same schedule. Times are ISO 8601 UTC text,
 * which sorts as it compares.
 */
export const timeZoneLeasesMigration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('settings').addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC')).execute();
    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('last_run_at', 'text')
      .execute();
  },
};
