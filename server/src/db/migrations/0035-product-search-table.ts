import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { postgresSearchTextSql } from '../product-search-text.js';

/**
 * The search text of each listed product in a narrow table of its own on PostgreSQL (issue 21),
 * as SQLite's FTS5 table holds it (migration 0004): `product_search (id, text)` with the pg_trgm
 * index, in place of the trigram index over an expression of `products`.
 *
 * Why: a search matching 32k of a million products rechecked each match on its 1 KB row, reading
 * 230 MB (a bitmap heap scan of products, 280 ms), then probed products again for each id (160
 * ms); the text alone is about 80 bytes a row. And every non-HOT update of a product (a bulk edit
 * of prices changes indexed columns) re-inserted all the trigrams of its unchanged text into the
 * GIN index; now only a change of the text itself writes to it.
 *
 * Statement-level triggers over the transition tables keep it, one set-based statement per
 * statement on products, in the same transaction: inserted listed rows are added, an update writes
 * only the rows whose text changed (or that became or stopped being listed), deleted rows go.
 */
const TEXT = (row: string) => postgresSearchTextSql(row);

const POSTGRES = [
  `create table product_search (id integer primary key, text text not null)`,
  `insert into product_search (id, text) select p.id, ${TEXT('p')} from products p where p.parent_id is null`,
  `create index product_search_trgm on product_search using gin (text gin_trgm_ops)`,
  `drop index if exists products_search_trgm`,
  `create function product_search_inserted() returns trigger language plpgsql as $$ begin
    insert into product_search (id, text) select n.id, ${TEXT('n')} from new_rows n where n.parent_id is null;
    return null; end $$`,
  `create function product_search_updated() returns trigger language plpgsql as $$ begin
    delete from product_search s using new_rows n where s.id = n.id and n.parent_id is not null;
    insert into product_search (id, text)
      select n.id, ${TEXT('n')} from old_rows o join new_rows n on n.id = o.id
      where n.parent_id is null and (o.parent_id is not null or ${TEXT('o')} is distinct from ${TEXT('n')})
      on conflict (id) do update set text = excluded.text;
    return null; end $$`,
  `create function product_search_deleted() returns trigger language plpgsql as $$ begin
    delete from product_search s using old_rows o where s.id = o.id;
    return null; end $$`,
  `create trigger product_search_insert after insert on products referencing new table as new_rows for each statement execute function product_search_inserted()`,
  // Every update statement (a trigger with transition tables cannot name columns): a bulk edit of
  // 100k prices pays one join of its rows and writes nothing here.
  `create trigger product_search_update after update on products referencing old table as old_rows new table as new_rows for each statement execute function product_search_updated()`,
  `create trigger product_search_delete after delete on products referencing old table as old_rows for each statement execute function product_search_deleted()`,
];

export function productSearchTableMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') for (const statement of POSTGRES) await sql.raw(statement).execute(db);
    },
  };
}
