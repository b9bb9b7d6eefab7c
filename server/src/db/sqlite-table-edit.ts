import type SQLite from 'better-sqlite3';

/**
 * SQLite has no ALTER COLUMN: dropping a NOT NULL or changing a column's default is the edit of the
 * table's definition that SQLite's own ALTER TABLE page describes (writable_schema, schema_version
 * + 1, integrity check), inside the migration's transaction. The stored rows do not change, so
 * nothing is copied; a rebuild of the table would need foreign keys off, which cannot happen inside
 * that transaction. `from` must match the table's definition exactly once, else the migration fails.
 */
export function editSqliteTableDefinition(sqlite: SQLite.Database, table: string, from: RegExp, to: string, migration: string) {
  const definition = sqlite.prepare(`select sql from sqlite_master where type = 'table' and name = ?`).pluck().get(table) as string;
  const matches = definition.match(new RegExp(from.source, `${from.flags.replace('g', '')}g`)) ?? [];
  if (matches.length !== 1) throw new Error(`migration ${migration}: the ${table} table does not define the column as expected`);
  const version = sqlite.pragma('schema_version', { simple: true }) as number;
  sqlite.unsafeMode(true);
  try {
    sqlite.pragma('writable_schema = ON');
    sqlite.prepare(`update sqlite_master set sql = ? where type = 'table' and name = ?`).run(definition.replace(from, to), table);
    sqlite.pragma(`schema_version = ${version + 1}`);
    sqlite.pragma('writable_schema = OFF');
  } finally {
    sqlite.unsafeMode(false);
  }
  const check = sqlite.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new Error(`migration ${migration}: quick_check after the schema edit said ${String(check)}`);
}
