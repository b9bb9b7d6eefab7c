import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Each vendor keeps its product, in-stock and category counts, maintained by triggers (row
 * triggers on SQLite, statement triggers with transition tables on PostgreSQL, as for the category
 * counts), so the vendor list and the dashboard read 500 rows instead of grouping a million.
 */
const SQLITE: RawBuilder<unknown>[] = [
  sql`create trigger vendors_count_product_insert after insert on products when new.vendor_id is not null begin
    update vendors set product_count = product_count + 1, in_stock_count = in_stock_count + (new.stock > 0) where id = new.vendor_id;
  end`,
  sql`create trigger vendors_count_product_delete after delete on products when old.vendor_id is not null begin
    update vendors set product_count = product_count - 1, in_stock_count = in_stock_count - (old.stock > 0) where id = old.vendor_id;
  end`,
  sql`create trigger vendors_count_product_update after update of vendor_id, stock on products
  when old.vendor_id is not new.vendor_id or (old.stock > 0) <> (new.stock > 0) begin
    update vendors set product_count = product_count - 1, in_stock_count = in_stock_count - (old.stock > 0) where id = old.vendor_id;
    update vendors set product_count = product_count + 1, in_stock_count = in_stock_count + (new.stock > 0) where id = new.vendor_id;
  end`,
  sql`create trigger vendors_count_category_insert after insert on categories when new.vendor_id is not null begin
    update vendors set category_count = category_count + 1 where id = new.vendor_id;
  end`,
  sql`create trigger vendors_count_category_delete after delete on categories when old.vendor_id is not null begin
    update vendors set category_count = category_count - 1 where id = old.vendor_id;
  end`,
  sql`create trigger vendors_count_category_update after update of vendor_id on categories when old.vendor_id is not new.vendor_id begin
    update vendors set category_count = category_count - 1 where id = old.vendor_id;
    update vendors set category_count = category_count + 1 where id = new.vendor_id;
  end`,
];

const productDelta = (rows: string, sign: 1 | -1) =>
  `select vendor_id as id, ${sign} as n, ${sign} * (case when stock > 0 then 1 else 0 end) as s from ${rows}`;
const applyProductDelta = (parts: string) => `
  update vendors v set product_count = v.product_count + d.n, in_stock_count = v.in_stock_count + d.s
  from (select id, sum(n) as n, sum(s) as s from (${parts}) x where id is not null group by id) d
  where v.id = d.id and (d.n <> 0 or d.s <> 0)`;
const categoryDelta = (rows: string, sign: 1 | -1) => `select vendor_id as id, ${sign} as n from ${rows}`;
const applyCategoryDelta = (parts: string) => `
  update vendors v set category_count = v.category_count + d.n
  from (select id, sum(n) as n from (${parts}) x where id is not null group by id having sum(n) <> 0) d
  where v.id = d.id`;

const fn = (name: string, body: string) =>
  sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`);
const trigger = (name: string, event: 'insert' | 'delete' | 'update', table: string, referencing: string) =>
  sql.raw(`create trigger ${name} after ${event} on ${table} referencing ${referencing} for each statement execute function ${name}()`);

const POSTGRES: RawBuilder<unknown>[] = [
  fn('vendors_count_product_insert', applyProductDelta(productDelta('new_rows', 1))),
  fn('vendors_count_product_delete', applyProductDelta(productDelta('old_rows', -1))),
  fn('vendors_count_product_update', applyProductDelta(`${productDelta('new_rows', 1)} union all ${productDelta('old_rows', -1)}`)),
  fn('vendors_count_category_insert', applyCategoryDelta(categoryDelta('new_rows', 1))),
  fn('vendors_count_category_delete', applyCategoryDelta(categoryDelta('old_rows', -1))),
  fn('vendors_count_category_update', applyCategoryDelta(`${categoryDelta('new_rows', 1)} union all ${categoryDelta('old_rows', -1)}`)),
  trigger('vendors_count_product_insert', 'insert', 'products', 'new table as new_rows'),
  trigger('vendors_count_product_delete', 'delete', 'products', 'old table as old_rows'),
  trigger('vendors_count_product_update', 'update', 'products', 'old table as old_rows new table as new_rows'),
  trigger('vendors_count_category_insert', 'insert', 'categories', 'new table as new_rows'),
  trigger('vendors_count_category_delete', 'delete', 'categories', 'old table as old_rows'),
  trigger('vendors_count_category_update', 'update', 'categories', 'old table as old_rows new table as new_rows'),
];

export function vendorCountsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      for (const column of ['product_count', 'in_stock_count', 'category_count']) {
        await db.schema.alterTable('vendors').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
      }
      for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await statement.execute(db);
      await sql`update vendors set
        product_count = (select count(*) from products p where p.vendor_id = vendors.id),
        in_stock_count = (select count(*) from products p where p.vendor_id = vendors.id and p.stock > 0),
        category_count = (select count(*) from categories c where c.vendor_id = vendors.id)`.execute(db);
      await db.schema.createIndex('vendors_product_count_idx').on('vendors').column('product_count').execute();
    },
  };
}
