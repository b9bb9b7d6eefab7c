import { sql, type Kysely } from 'kysely';

/**
 * Recently deleted lists and counts the 'deleted' entries newest first: without an index on the
 * action, its count read every entry of the history (millions after a few large imports). A
 * partial index holds the deleted entries alone, in id order, with their product.
 */
export const deletedEntriesIndexMigration = {
  async up(db: Kysely<any>) {
    await sql`create index product_changes_deleted on product_changes (id, product_id) where action = 'deleted'`.execute(db);
  },
};
