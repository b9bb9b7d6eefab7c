import { sql, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Dialect } from '../database.js';
import { editSqliteTableDefinition } from '../sqlite-table-edit.js';

/**
 * Migration 0021 made `stock` nullable (null: the quantity is not tracked). On SQLite its schema edit
 * took the column's `default 0` away with the NOT NULL, so a row written without a stock (an import
 * without a Stock column) stored null, 'not tracked', where PostgreSQL stored 0. The default comes back
 * by the same kind of edit (the rows do not change: a default applies to later inserts only); on
 * PostgreSQL it is set again so both engines say the same whatever a database went through.
 */
export function stockDefaultZeroMigration(dialect: Dialect, sqlite?: SQLite.Database) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`alter table products alter column stock set default 0`.execute(db);
        return;
      }
      if (!sqlite) throw new Error('migration 0043 needs the SQLite connection');
      editSqliteTableDefinition(sqlite, 'products', /"stock" integer(?=[,)])/, '"stock" integer default 0', '0043');
    },
  };
}
