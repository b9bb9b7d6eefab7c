import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL: the per-row count trigger of 0003 updated the same category row once per product,
 * which made a bulk insert ten times slower. Statement-level triggers with transition tables
 * apply one grouped update per statement instead. SQLite keeps its row triggers: there an update
 * by primary key costs a few microseconds.
 */
const delta = (rows: string, sign: 1 | -1) =>
  `select vendor_category_id as id, ${sign} as n from ${rows} union all select store_category_id, ${sign} from ${rows}`;

const applyDelta = (parts: string) => `
  update categories c set direct_product_count = c.direct_product_count + d.n
  from (select id, sum(n) as n from (${parts}) x where id is not null group by id having sum(n) <> 0) d
  where c.id = d.id`;

const STATEMENTS = [
  sql`drop trigger if exists products_category_count on products`,
  sql`drop function if exists products_category_count()`,
  sql.raw(`create function products_category_count_insert() returns trigger language plpgsql as $$
    begin ${applyDelta(delta('new_rows', 1))}; return null; end $$`),
  sql.raw(`create function products_category_count_delete() returns trigger language plpgsql as $$
    begin ${applyDelta(delta('old_rows', -1))}; return null; end $$`),
  sql.raw(`create function products_category_count_update() returns trigger language plpgsql as $$
    begin ${applyDelta(`${delta('new_rows', 1)} union all ${delta('old_rows', -1)}`)}; return null; end $$`),
  sql`create trigger products_category_count_insert after insert on products
    referencing new table as new_rows for each statement execute function products_category_count_insert()`,
  sql`create trigger products_category_count_delete after delete on products
    referencing old table as old_rows for each statement execute function products_category_count_delete()`,
  sql`create trigger products_category_count_update after update on products
    referencing old table as old_rows new table as new_rows for each statement execute function products_category_count_update()`,
];

export function statementCountTriggersMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const statement of STATEMENTS) await statement.execute(db);
    },
  };
}
