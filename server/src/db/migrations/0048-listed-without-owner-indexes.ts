import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The list sorted by a vendor or category name reads first the listed products without one, in id
 * order (products.repository.ts, postgresPageIdsByJoinedName). SQLite has had a partial index of
 * exactly those since migration 0018; PostgreSQL had none, and its planner walked the primary key
 * filtering every row. A variation has no vendor or category of its own, so with 300k variations
 * among 1M products the walk read them all to find none: 441-470 ms a page against 6-7 ms on the
 * catalogue without variants (bench, issue 18). The same three indexes on PostgreSQL.
 */
export function listedWithoutOwnerIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const column of ['vendor_id', 'vendor_category_id', 'store_category_id']) {
        const name = `products_listed_no_${column.replace(/_id$/, '')}_idx`;
        await sql`create index ${sql.id(name)} on products (id) where ${sql.ref(column)} is null and parent_id is null`.execute(db);
      }
    },
  };
}
