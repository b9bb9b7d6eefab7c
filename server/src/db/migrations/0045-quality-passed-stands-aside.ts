import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { QUALITY_COLUMNS, QUALITY_PASSED_COLUMNS } from '../quality-sql.js';
import { UNLESS_STORE_CATEGORY_WRITE } from '../store-category-write.js';

/**
 * PostgreSQL: migration 0044's row trigger that keeps products.quality_passed stands aside for a
 * store-category write (store-category-write.ts), as products_quality does since migration 0041:
 * a category mapping's apply counts the check it makes pass itself, set-based, where the trigger
 * read the settings and both tables of the checks across rows once per product (6.9 s of an apply
 * to 100k products, EXPLAIN ANALYZE). Its function is migration 0044's, unchanged.
 *
 * SQLite: nothing to do. Its apply is a bulk write (sqlite-bulk-records.ts) that sets the rows'
 * value once after the write, and its trigger on quality_passed's own columns is already set aside
 * there with the other row triggers.
 */
export function qualityPassedStandsAsideMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`drop trigger products_quality_passed on products`.execute(db);
      await sql
        .raw(
          `create trigger products_quality_passed before insert or update of ${[...new Set([...QUALITY_COLUMNS, ...QUALITY_PASSED_COLUMNS])].join(', ')} on products
            for each row when (${UNLESS_STORE_CATEGORY_WRITE}) execute function products_quality_passed()`,
        )
        .execute(db);
    },
  };
}
