import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { postgresHistoryDeleteFunction, sqliteHistoryDeleteTrigger } from './0023-product-history.js';

/**
 * WooCommerce's storefront settings of a variable product's attribute (issue 18), kept so that a
 * shop's file comes back out as it went in: `visible`, shown on the product page ('Attribute N
 * visible', 1 unless the shop hid it); `global`, one of the shop's global attributes ('Attribute N
 * global'); `default_value`, the value of the variation the product page preselects ('Attribute N
 * default'). Flags are integers 0/1 as products' published and featured are.
 *
 * A deleted product's last state (migration 0023's delete trigger) keeps them with each attribute,
 * so that bringing the product back brings them back (recreateAttributes).
 */
const SQLITE_ATTRIBUTES = `json((select json_group_array(json_object('name', name, 'values', json(value_list), 'visible', visible, 'global', "global", 'default_value', default_value))
  from (select name, value_list, visible, "global", default_value from product_attributes where product_id = old.id order by position)))`;
const POSTGRES_ATTRIBUTES = `(select coalesce(jsonb_agg(jsonb_build_object('name', name, 'values', value_list::jsonb, 'visible', visible, 'global', "global", 'default_value', default_value)
  order by position), '[]'::jsonb) from product_attributes where product_id = old.id)`;

export function attributeSettingsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('product_attributes').addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1).check(sql`visible in (0, 1)`)).execute();
      await db.schema.alterTable('product_attributes').addColumn('global', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"global" in (0, 1)`)).execute();
      await db.schema.alterTable('product_attributes').addColumn('default_value', 'text').execute();
      if (dialect === 'postgres') await sql.raw(postgresHistoryDeleteFunction(POSTGRES_ATTRIBUTES)).execute(db);
      else {
        await sql`drop trigger products_history_delete`.execute(db);
        await sql.raw(sqliteHistoryDeleteTrigger(SQLITE_ATTRIBUTES)).execute(db);
      }
    },
  };
}
