import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { totals } from './0021-stock-status.js';
import { postgresHistoryDeleteFunction, sqliteHistoryDeleteTrigger } from './0023-product-history.js';

/**
 * Two leftovers of issue 18. First, WooCommerce's storefront settings of a variable product's
 * attribute, kept so that a shop's file comes back out as it went in: `visible`, shown on the
 * product page ('Attribute N visible', 1 unless the shop hid it); `global`, one of the shop's
 * global attributes ('Attribute N global'); `default_value`, the value of the variation the product
 * page preselects ('Attribute N default'). Flags are integers 0/1 as products' published and
 * featured are.
 *
 * A deleted product's last state (migration 0023's delete trigger) keeps them with each attribute,
 * so that bringing the product back brings them back (recreateAttributes).
 */
const SQLITE_ATTRIBUTES = `json((select json_group_array(json_object('name', name, 'values', json(value_list), 'visible', visible, 'global', "global", 'default_value', default_value))
  from (select name, value_list, visible, "global", default_value from product_attributes where product_id = old.id order by position)))`;
const POSTGRES_ATTRIBUTES = `(select coalesce(jsonb_agg(jsonb_build_object('name', name, 'values', value_list::jsonb, 'visible', visible, 'global', "global", 'default_value', default_value)
  order by position), '[]'::jsonb) from product_attributes where product_id = old.id)`;

/**
 * PostgreSQL's parent totals after inserting or deleting variations, once per statement: migration
 * 0021's row trigger counted the whole parent again for each variation a statement inserted, so an
 * import of a parent with 2,048 variations in one statement counted 2,048 parents of up to 2,048
 * rows and wrote the parent's wide row 2,048 times. Now each parent the statement's transition
 * table names is counted whole once (the same totals), after the statement. A many-row write that
 * defers the totals (bosun.variation_totals_deferred, writeVariations) still counts them itself.
 * SQLite's insert trigger adds one variation to the totals and costs little per row: unchanged.
 */
const statementTotals = (name: string, rows: 'new_rows' | 'old_rows') => `create function ${name}() returns trigger language plpgsql as $$
  begin
    if current_setting('bosun.variation_totals_deferred', true) = 'on' then return null; end if;
    ${totals('products.id')} and products.id in (select distinct r.parent_id from ${rows} r where r.parent_id is not null);
    return null;
  end $$`;

const POSTGRES_STATEMENT_TOTALS = [
  `drop trigger products_variation_totals_insert on products`,
  `drop trigger products_variation_totals_delete on products`,
  statementTotals('products_variation_totals_inserted', 'new_rows'),
  statementTotals('products_variation_totals_deleted', 'old_rows'),
  `create trigger products_variation_totals_insert after insert on products referencing new table as new_rows
    for each statement execute function products_variation_totals_inserted()`,
  `create trigger products_variation_totals_delete after delete on products referencing old table as old_rows
    for each statement execute function products_variation_totals_deleted()`,
  // The row function both triggers ran; the update trigger has its own (products_variation_update_totals).
  `drop function products_variation_totals()`,
];

export function attributeSettingsStatementTotalsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('product_attributes').addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1).check(sql`visible in (0, 1)`)).execute();
      await db.schema.alterTable('product_attributes').addColumn('global', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"global" in (0, 1)`)).execute();
      await db.schema.alterTable('product_attributes').addColumn('default_value', 'text').execute();
      if (dialect === 'postgres') {
        await sql.raw(postgresHistoryDeleteFunction(POSTGRES_ATTRIBUTES)).execute(db);
        for (const statement of POSTGRES_STATEMENT_TOTALS) await sql.raw(statement).execute(db);
      } else {
        await sql`drop trigger products_history_delete`.execute(db);
        await sql.raw(sqliteHistoryDeleteTrigger(SQLITE_ATTRIBUTES)).execute(db);
      }
    },
  };
}
