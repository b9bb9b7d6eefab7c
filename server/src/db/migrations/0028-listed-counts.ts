import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The list's total (issue 21) on PostgreSQL, counted as products change instead of on every page:
 * counting a million listed products read a whole index, 100-140 ms a page, more than the rest
 * of the page. One row per count the list asks most: all listed products, and by each value of
 * published and of stock_status (the filters staff switch on the whole catalogue). Statement-level
 * triggers over the transition tables keep them, one grouped upsert per statement, in the same
 * transaction as the change. SQLite counts these from its indexes in a few milliseconds, and needs none.
 */
const LISTED_KEYS = `(values ('all'), ('published:' || r.published), ('stock_status:' || r.stock_status)) k(key)`;

/** The counts' change for a transition table's listed rows, `sign` 1 or -1. */
const delta = (rows: string, sign: 1 | -1) => `select k.key, ${sign} * count(*) as n from ${rows} r cross join lateral ${LISTED_KEYS} where r.parent_id is null group by k.key`;

const UPSERT = (deltas: string) => `insert into listed_product_counts (key, n) select key, sum(n) from (${deltas}) d group by key having sum(n) <> 0
  on conflict (key) do update set n = listed_product_counts.n + excluded.n`;

/** The updated rows whose counted columns changed, as they were ('o') or are ('n'). */
const changed = (side: 'o' | 'n') => `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
  where o.published is distinct from n.published or o.stock_status is distinct from n.stock_status or o.parent_id is distinct from n.parent_id)`;

const POSTGRES = [
  `create table listed_product_counts (key text primary key, n bigint not null)`,
  `insert into listed_product_counts (key, n) select k.key, count(*) from products r cross join lateral ${LISTED_KEYS} where r.parent_id is null group by k.key`,
  `create function listed_counts_insert() returns trigger language plpgsql as $$ begin ${UPSERT(delta('new_rows', 1))}; return null; end $$`,
  `create function listed_counts_delete() returns trigger language plpgsql as $$ begin ${UPSERT(delta('old_rows', -1))}; return null; end $$`,
  `create function listed_counts_update() returns trigger language plpgsql as $$ begin ${UPSERT(`${delta(changed('n'), 1)} union all ${delta(changed('o'), -1)}`)}; return null; end $$`,
  `create trigger listed_counts_insert after insert on products referencing new table as new_rows for each statement execute function listed_counts_insert()`,
  `create trigger listed_counts_delete after delete on products referencing old table as old_rows for each statement execute function listed_counts_delete()`,
  // Every update statement (a trigger with transition tables cannot name columns): only the rows
  // whose counted columns changed are counted; a bulk edit of 100k prices pays one join of its rows.
  `create trigger listed_counts_update after update on products referencing old table as old_rows new table as new_rows for each statement execute function listed_counts_update()`,
];

export function listedCountsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') for (const statement of POSTGRES) await sql.raw(statement).execute(db);
    },
  };
}
