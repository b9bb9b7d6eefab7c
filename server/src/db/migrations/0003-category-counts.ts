import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Each category keeps the number of products filed directly under it, maintained by triggers on
 * products, so the tree's counts (own + subcategories) are summed over 5,000 nodes in memory
 * instead of grouping a million products on every read. Triggers cover every write path at once:
 * the API, bulk edits, imports and foreign-key actions.
 */
const SQLITE_TRIGGERS = [
  sql`create trigger products_category_count_insert after insert on products begin
    update categories set direct_product_count = direct_product_count + 1 where id = new.vendor_category_id;
    update categories set direct_product_count = direct_product_count + 1 where id = new.store_category_id;
  end`,
  sql`create trigger products_category_count_delete after delete on products begin
    update categories set direct_product_count = direct_product_count - 1 where id = old.vendor_category_id;
    update categories set direct_product_count = direct_product_count - 1 where id = old.store_category_id;
  end`,
  sql`create trigger products_category_count_update after update of vendor_category_id, store_category_id on products
  when old.vendor_category_id is not new.vendor_category_id or old.store_category_id is not new.store_category_id begin
    update categories set direct_product_count = direct_product_count - 1
      where id = old.vendor_category_id and old.vendor_category_id is not new.vendor_category_id;
    update categories set direct_product_count = direct_product_count + 1
      where id = new.vendor_category_id and old.vendor_category_id is not new.vendor_category_id;
    update categories set direct_product_count = direct_product_count - 1
      where id = old.store_category_id and old.store_category_id is not new.store_category_id;
    update categories set direct_product_count = direct_product_count + 1
      where id = new.store_category_id and old.store_category_id is not new.store_category_id;
  end`,
];

const POSTGRES_TRIGGERS = [
  sql`create function products_category_count() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.vendor_category_id is distinct from new.vendor_category_id) then
      update categories set direct_product_count = direct_product_count - 1 where id = old.vendor_category_id;
    end if;
    if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.store_category_id is distinct from new.store_category_id) then
      update categories set direct_product_count = direct_product_count - 1 where id = old.store_category_id;
    end if;
    if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.vendor_category_id is distinct from new.vendor_category_id) then
      update categories set direct_product_count = direct_product_count + 1 where id = new.vendor_category_id;
    end if;
    if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.store_category_id is distinct from new.store_category_id) then
      update categories set direct_product_count = direct_product_count + 1 where id = new.store_category_id;
    end if;
    return null;
  end $$`,
  sql`create trigger products_category_count after insert or delete or update of vendor_category_id, store_category_id
    on products for each row execute function products_category_count()`,
];

export function categoryCountsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('categories')
        .addColumn('direct_product_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const statement of dialect === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await statement.execute(db);
      await sql`update categories set direct_product_count =
        (select count(*) from products where products.vendor_category_id = categories.id) +
        (select count(*) from products where products.store_category_id = categories.id)`.execute(db);
    },
  };
}
