import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../../config.js';
import type { Dialect } from '../database.js';
import { postgresSearchText, SEARCHED_COLUMNS_0004 } from '../product-search-text.js';

/**
 * Substring search over name, SKU, MFN, GTIN and brand through an index: an FTS5 trigram table
 * kept in step by triggers on SQLite, a pg_trgm GIN index over the same text on PostgreSQL.
 */
const SQLITE = [
  sql`create virtual table products_search using fts5(name, sku, mfn, gtin, brand, content='products', content_rowid='id', tokenize='trigram')`,
  sql`create trigger products_search_insert after insert on products begin
    insert into products_search(rowid, name, sku, mfn, gtin, brand) values (new.id, new.name, new.sku, new.mfn, new.gtin, new.brand);
  end`,
  sql`create trigger products_search_delete after delete on products begin
    insert into products_search(products_search, rowid, name, sku, mfn, gtin, brand) values ('delete', old.id, old.name, old.sku, old.mfn, old.gtin, old.brand);
  end`,
  sql`create trigger products_search_update after update of name, sku, mfn, gtin, brand on products begin
    insert into products_search(products_search, rowid, name, sku, mfn, gtin, brand) values ('delete', old.id, old.name, old.sku, old.mfn, old.gtin, old.brand);
    insert into products_search(rowid, name, sku, mfn, gtin, brand) values (new.id, new.name, new.sku, new.mfn, new.gtin, new.brand);
  end`,
  sql`insert into products_search(products_search) values ('rebuild')`,
];

/**
 * pg_trgm ships with PostgreSQL (its contrib package) and is a trusted extension: an owner of the
 * database, or a user with CREATE on it, may create it. Where it cannot be created, the server
 * does not start (search and 'contains' filters would scan every product) and says what to do.
 */
async function createTrigramExtension(db: Kysely<any>) {
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ConfigError(
      `Bosun needs the PostgreSQL extension pg_trgm (the index behind product search) and could not create it: ${reason}.\n` +
        'Have a database owner or superuser run CREATE EXTENSION pg_trgm; in this database (on Debian it comes with the postgresql package, ' +
        'elsewhere install postgresql-contrib), or grant CREATE on the database to the user in DATABASE_URL, then start Bosun again.',
    );
  }
}

const POSTGRES = [
  sql`create index products_search_trgm on products using gin ((${postgresSearchText(undefined, SEARCHED_COLUMNS_0004)}) gin_trgm_ops)`,
];

export function productSearchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await createTrigramExtension(db);
      for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await statement.execute(db);
    },
  };
}
