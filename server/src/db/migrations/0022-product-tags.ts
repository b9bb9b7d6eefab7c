import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { postgresSearchText, searchedTags } from '../product-search-text.js';
import { tagKeySql } from '../product-tags.js';

/**
 * Product tags (issue 19). A product's tags are products.tags, a JSON array of text in the order
 * staff gave them (read and written whole, as images are), so a product reads, exports and imports
 * them with no join. product_tags holds each listed product's tag keys (tagKeySql) for the list's
 * tag filter: one seek of (tag, product_id) per tag asked for, on a million products too. It is kept
 * from products.tags by triggers in the same statement as any write, whichever path writes it (the
 * SQLite bulk import suspends them and does the same set-based, sqlite-bulk-products.ts).
 * Variations have no tags of their own (issue 18: they are the parent's).
 *
 * Search finds a product by its tags: the column joins the searched text (SQLite's trigram table
 * is built again with it, about 20 s at a million; PostgreSQL's trigram index likewise).
 */
const SEARCHED = 'name, sku, mfn, gtin, brand, tags';
/** A row's searched values; a product without tags has no tag text (searchedTags). */
const searchRow = (row: 'new' | 'old') => SEARCHED.split(', ').map((c) => (c === 'tags' ? searchedTags(`${row}.tags`) : `${row}.${c}`)).join(', ');

const SQLITE_SEARCH = [
  `drop table if exists products_search_vocab`,
  `drop trigger if exists products_search_insert`,
  `drop trigger if exists products_search_delete`,
  `drop trigger if exists products_search_update`,
  `drop table if exists products_search`,
  `drop view if exists listed_products`,
  `create view listed_products as select id, name, sku, mfn, gtin, brand, ${searchedTags('tags')} as tags from products where parent_id is null`,
  `create virtual table products_search using fts5(${SEARCHED}, content='listed_products', content_rowid='id', tokenize='trigram')`,
  `create trigger products_search_insert after insert on products when new.parent_id is null begin
    insert into products_search(rowid, ${SEARCHED}) values (new.id, ${searchRow('new')});
  end`,
  `create trigger products_search_delete after delete on products when old.parent_id is null begin
    insert into products_search(products_search, rowid, ${SEARCHED}) values ('delete', old.id, ${searchRow('old')});
  end`,
  `create trigger products_search_update after update of ${SEARCHED} on products when old.parent_id is null begin
    insert into products_search(products_search, rowid, ${SEARCHED}) values ('delete', old.id, ${searchRow('old')});
    insert into products_search(rowid, ${SEARCHED}) values (new.id, ${searchRow('new')});
  end`,
  `insert into products_search(products_search) values ('rebuild')`,
  `create virtual table products_search_vocab using fts5vocab(products_search, 'row')`,
];

/** The tag keys of a row's tags (SQLite). */
const sqliteKeys = (row: 'new') => `select ${row}.id, ${tagKeySql('sqlite', 'value')} from json_each(${row}.tags)`;
const SQLITE_TAGS = [
  `create trigger product_tags_insert after insert on products when new.tags <> '[]' and new.parent_id is null begin
    insert or ignore into product_tags (product_id, tag) ${sqliteKeys('new')};
  end`,
  `create trigger product_tags_update after update of tags on products when old.tags is not new.tags begin
    delete from product_tags where product_id = old.id;
    insert or ignore into product_tags (product_id, tag) ${sqliteKeys('new')} where new.parent_id is null;
  end`,
];

const postgresKeys = (rows: string) =>
  `select distinct r.id, ${tagKeySql('postgres', 't.value')} from ${rows} r cross join jsonb_array_elements_text(cast(r.tags as jsonb)) as t(value)
   where r.tags <> '[]' and r.parent_id is null`;
/**
 * Inserts: one statement over the inserted rows (an import's batch at once). Updates: per row and
 * only where the tags changed (PostgreSQL allows no column list on a trigger with transition
 * tables, and a price change of a million rows must not read their tags).
 */
const POSTGRES_TAGS = [
  `create function product_tags_insert() returns trigger language plpgsql as $$
    begin insert into product_tags (product_id, tag) ${postgresKeys('new_rows')} on conflict do nothing; return null; end $$`,
  `create trigger product_tags_insert after insert on products
    referencing new table as new_rows for each statement execute function product_tags_insert()`,
  `create function product_tags_update() returns trigger language plpgsql as $$
    begin
      delete from product_tags where product_id = old.id;
      if new.parent_id is null then
        insert into product_tags (product_id, tag)
          select distinct new.id, ${tagKeySql('postgres', 't.value')} from jsonb_array_elements_text(cast(new.tags as jsonb)) as t(value)
          on conflict do nothing;
      end if;
      return null;
    end $$`,
  `create trigger product_tags_update after update of tags on products
    for each row when (old.tags is distinct from new.tags) execute function product_tags_update()`,
];

export function productTagsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('products').addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]')).execute();
      await db.schema
        .createTable('product_tags')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('tag', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag'])
        .execute();
      await db.schema.createIndex('product_tags_tag_idx').on('product_tags').columns(['tag', 'product_id']).execute();
      if (dialect === 'postgres') {
        for (const statement of POSTGRES_TAGS) await sql.raw(statement).execute(db);
        await sql`drop index if exists products_search_trgm`.execute(db);
        await sql`create index products_search_trgm on products using gin ((${postgresSearchText()}) gin_trgm_ops)`.execute(db);
      } else {
        for (const statement of [...SQLITE_TAGS, ...SQLITE_SEARCH]) await sql.raw(statement).execute(db);
      }
    },
  };
}
