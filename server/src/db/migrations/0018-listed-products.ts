import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { postgresSearchText, VARIATION_CODE_COLUMNS } from '../product-search-text.js';
import { dropProductSortIndexes, ensureProductSortIndexesAsOf } from '../product-sort-indexes.js';

/**
 * The list shows products, not variations (issue 18), and its indexes hold only what it shows:
 * - the sort and filter indexes become partial, over the listed rows (parent_id is null);
 * - SQLite's trigram table indexes the listed rows only (its content is a view of them), so a
 *   search alone is still counted and paged from the table without reading a product row;
 * - the products without a vendor or category, listed ones only, for the name sorts' NULL run
 *   (variations have none of their own: without these the run would walk past every variation).
 * And a search finds a variation by its own codes (SKU, MFN, GTIN) and shows its parent: a trigram
 * table of the variations' codes on SQLite, a partial pg_trgm index over them on PostgreSQL.
 * Rebuilding the trigram table reads every product once (about 20 s at a million on this machine).
 */
const SQLITE_SEARCH = [
  sql`drop table if exists products_search_vocab`,
  sql`drop trigger if exists products_search_insert`,
  sql`drop trigger if exists products_search_delete`,
  sql`drop trigger if exists products_search_update`,
  sql`drop table if exists products_search`,
  sql`create view listed_products as select id, name, sku, mfn, gtin, brand from products where parent_id is null`,
  sql`create virtual table products_search using fts5(name, sku, mfn, gtin, brand, content='listed_products', content_rowid='id', tokenize='trigram')`,
  sql`create trigger products_search_insert after insert on products when new.parent_id is null begin
    insert into products_search(rowid, name, sku, mfn, gtin, brand) values (new.id, new.name, new.sku, new.mfn, new.gtin, new.brand);
  end`,
  sql`create trigger products_search_delete after delete on products when old.parent_id is null begin
    insert into products_search(products_search, rowid, name, sku, mfn, gtin, brand) values ('delete', old.id, old.name, old.sku, old.mfn, old.gtin, old.brand);
  end`,
  sql`create trigger products_search_update after update of name, sku, mfn, gtin, brand on products when old.parent_id is null begin
    insert into products_search(products_search, rowid, name, sku, mfn, gtin, brand) values ('delete', old.id, old.name, old.sku, old.mfn, old.gtin, old.brand);
    insert into products_search(rowid, name, sku, mfn, gtin, brand) values (new.id, new.name, new.sku, new.mfn, new.gtin, new.brand);
  end`,
  sql`insert into products_search(products_search) values ('rebuild')`,
  sql`create virtual table products_search_vocab using fts5vocab(products_search, 'row')`,
  sql`create view variation_codes as select id, sku, mfn, gtin from products where parent_id is not null`,
  sql`create virtual table variations_search using fts5(sku, mfn, gtin, content='variation_codes', content_rowid='id', tokenize='trigram')`,
  sql`create trigger variations_search_insert after insert on products when new.parent_id is not null begin
    insert into variations_search(rowid, sku, mfn, gtin) values (new.id, new.sku, new.mfn, new.gtin);
  end`,
  sql`create trigger variations_search_delete after delete on products when old.parent_id is not null begin
    insert into variations_search(variations_search, rowid, sku, mfn, gtin) values ('delete', old.id, old.sku, old.mfn, old.gtin);
  end`,
  sql`create trigger variations_search_update after update of sku, mfn, gtin on products when old.parent_id is not null begin
    insert into variations_search(variations_search, rowid, sku, mfn, gtin) values ('delete', old.id, old.sku, old.mfn, old.gtin);
    insert into variations_search(rowid, sku, mfn, gtin) values (new.id, new.sku, new.mfn, new.gtin);
  end`,
  sql`insert into variations_search(variations_search) values ('rebuild')`,
  sql`create index products_listed_no_vendor_idx on products (id, parent_id, vendor_id) where vendor_id is null and parent_id is null`,
  sql`create index products_listed_no_vendor_category_idx on products (id, parent_id, vendor_category_id) where vendor_category_id is null and parent_id is null`,
  sql`create index products_listed_no_store_category_idx on products (id, parent_id, store_category_id) where store_category_id is null and parent_id is null`,
];

export function listedProductsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await dropProductSortIndexes(db, dialect);
      await ensureProductSortIndexesAsOf(db, dialect, 18);
      if (dialect === 'sqlite') for (const statement of SQLITE_SEARCH) await statement.execute(db);
      else {
        const codes = postgresSearchText(undefined, VARIATION_CODE_COLUMNS);
        await sql`create index products_variation_codes_trgm on products using gin ((${codes}) gin_trgm_ops) where parent_id is not null`.execute(db);
      }
    },
  };
}
