import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A version number for the category tree's text: everything GET /api/categories shows of a
 * category except its product counts (names, types, parents, vendors and their names, levels,
 * status, timestamps). Triggers bump it in the same transaction as any such change, whoever makes
 * it (the API, an import creating categories, a vendor rename, a cascading delete). A server may
 * then keep the rendered tree and reuse it while the version it reads, in the same statement as the
 * fresh counts, is unchanged: every server sees every change at once, and nothing is ever stale.
 * Product writes only change direct_product_count, which is read fresh on every request and is
 * deliberately not among the watched columns (imports update it for every batch).
 */
const WATCHED_CATEGORY_COLUMNS = 'name, type, parent_id, vendor_id, level, path, status, created_at, updated_at';
const BUMP = `update change_versions set version = version + 1 where name = 'category_tree'`;

const SQLITE = [
  sql.raw(`create trigger categories_tree_version_insert after insert on categories begin ${BUMP}; end`),
  sql.raw(`create trigger categories_tree_version_delete after delete on categories begin ${BUMP}; end`),
  sql.raw(`create trigger categories_tree_version_update after update of ${WATCHED_CATEGORY_COLUMNS} on categories begin ${BUMP}; end`),
  sql.raw(`create trigger vendors_tree_version_update after update of name on vendors begin ${BUMP}; end`),
];

// Statement-level on PostgreSQL: one bump per statement, however many rows it touched.
const POSTGRES = [
  sql.raw(`create function bump_category_tree_version() returns trigger language plpgsql as $$ begin ${BUMP}; return null; end $$`),
  sql.raw(`create trigger categories_tree_version after insert or delete or update of ${WATCHED_CATEGORY_COLUMNS} on categories
    for each statement execute function bump_category_tree_version()`),
  sql.raw(`create trigger vendors_tree_version after update of name on vendors for each statement execute function bump_category_tree_version()`),
];

export function categoryTreeVersionMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('change_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('change_versions').values({ name: 'category_tree', version: 1 }).execute();
      for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await statement.execute(db);
    },
  };
}
