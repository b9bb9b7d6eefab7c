import { sql, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Dialect } from '../database.js';
import { ensureProductSortIndexesAsOf } from '../product-sort-indexes.js';
import { editSqliteTableDefinition } from '../sqlite-table-edit.js';
import { parentStockStatus, parentStockTotal } from '../variation-stock-sql.js';

/**
 * Stock status apart from the quantity (issue 19). `stock_status` is 'in_stock', 'out_of_stock' or
 * 'backorder'; `stock` becomes nullable, null meaning the quantity is not tracked (WooCommerce's
 * 'Manage stock?' off, Shopify without an inventory tracker). Existing rows take the status their
 * quantity implied (stock > 0: in stock).
 *
 * A variable product's stock is the sum of its variations' tracked quantities (null when none is
 * tracked) and its status is in_stock when any variation is in stock, else backorder when any is on
 * backorder, else out_of_stock (shared/src/stock-status.ts parentStockStatus): the triggers of
 * migrations 0017/0019 keep both, on both engines. The status is three index probes on
 * (parent_id, stock_status), never a scan of the parent's variations. The vendors' in-stock counts
 * (0007) count the status, not stock > 0.
 */

/** Migration 0017's whole recount, with the status and the untracked quantities. */
export const totals = (parent: string) => `update products set
    stock = ${parentStockTotal(parent)},
    stock_status = ${parentStockStatus(parent)},
    list_price = (select min(v.list_price) from products v where v.parent_id = ${parent}),
    variation_price_max = (select max(v.list_price) from products v where v.parent_id = ${parent}),
    variation_count = (select count(*) from products v where v.parent_id = ${parent})
  where id = ${parent}`;

const priceRange = (parent: string) => `
    list_price = (select min(v.list_price) from products v where v.parent_id = ${parent}),
    variation_price_max = (select max(v.list_price) from products v where v.parent_id = ${parent})`;

/** A variation's stock moved within its parent: by the difference while both are tracked, counted whole when tracking starts or ends. */
const movedStock = (parent: string) => `stock = case
      when old.stock is null and new.stock is null then stock
      when old.stock is not null and new.stock is not null then stock + new.stock - old.stock
      else ${parentStockTotal(parent)} end`;
const movedStatus = (parent: string, distinct: string) =>
  `stock_status = case when old.stock_status ${distinct} new.stock_status then ${parentStockStatus(parent)} else stock_status end`;

const CHANGED = (distinct: string) =>
  `new.parent_id is not null and (old.parent_id ${distinct} new.parent_id or old.stock ${distinct} new.stock
    or old.stock_status ${distinct} new.stock_status or old.list_price ${distinct} new.list_price)`;

const IN_STOCK = (row: string) => `(${row}.stock_status = 'in_stock')`;

const SQLITE = [
  // Vendor counts (0007): in stock is the status.
  `drop trigger vendors_count_product_insert`,
  `create trigger vendors_count_product_insert after insert on products when new.vendor_id is not null begin
    update vendors set product_count = product_count + 1, in_stock_count = in_stock_count + ${IN_STOCK('new')} where id = new.vendor_id;
  end`,
  `drop trigger vendors_count_product_delete`,
  `create trigger vendors_count_product_delete after delete on products when old.vendor_id is not null begin
    update vendors set product_count = product_count - 1, in_stock_count = in_stock_count - ${IN_STOCK('old')} where id = old.vendor_id;
  end`,
  `drop trigger vendors_count_product_update`,
  `create trigger vendors_count_product_update after update of vendor_id, stock_status on products
  when old.vendor_id is not new.vendor_id or ${IN_STOCK('old')} <> ${IN_STOCK('new')} begin
    update vendors set product_count = product_count - 1, in_stock_count = in_stock_count - ${IN_STOCK('old')} where id = old.vendor_id;
    update vendors set product_count = product_count + 1, in_stock_count = in_stock_count + ${IN_STOCK('new')} where id = new.vendor_id;
  end`,
  // Variation totals (0017, 0019). An insert can only raise the parent's status; the first variation replaces the stock the product had while simple.
  `drop trigger products_variation_totals_insert`,
  `create trigger products_variation_totals_insert after insert on products when new.parent_id is not null begin
    update products set
      stock = case when variation_count = 0 then new.stock when new.stock is null then stock else coalesce(stock, 0) + new.stock end,
      stock_status = case when variation_count = 0 or new.stock_status = 'in_stock' or (new.stock_status = 'backorder' and stock_status = 'out_of_stock')
        then new.stock_status else stock_status end,
      variation_count = variation_count + 1, ${priceRange('new.parent_id')}
      where id = new.parent_id;
  end`,
  `drop trigger products_variation_totals_delete`,
  `create trigger products_variation_totals_delete after delete on products when old.parent_id is not null begin ${totals('old.parent_id')}; end`,
  `drop trigger products_variation_totals_update`,
  `create trigger products_variation_totals_update after update of stock, stock_status, list_price, parent_id on products when ${CHANGED('is not')} begin
    update products set ${movedStock('new.parent_id')}, ${movedStatus('new.parent_id', 'is not')}, ${priceRange('new.parent_id')}
      where id = new.parent_id and old.parent_id is new.parent_id;
    ${totals('new.parent_id')} and old.parent_id is not new.parent_id;
    ${totals('old.parent_id')} and old.parent_id is not new.parent_id;
  end`,
];

const IN_STOCK_CASE = `(case when stock_status = 'in_stock' then 1 else 0 end)`;
const productDelta = (rows: string, sign: 1 | -1) => `select vendor_id as id, ${sign} as n, ${sign} * ${IN_STOCK_CASE} as s from ${rows}`;
const applyProductDelta = (parts: string) => `
  update vendors v set product_count = v.product_count + d.n, in_stock_count = v.in_stock_count + d.s
  from (select id, sum(n) as n, sum(s) as s from (${parts}) x where id is not null group by id) d
  where v.id = d.id and (d.n <> 0 or d.s <> 0)`;
const fn = (name: string, body: string) =>
  `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`;

const POSTGRES = [
  fn('vendors_count_product_insert', applyProductDelta(productDelta('new_rows', 1))),
  fn('vendors_count_product_delete', applyProductDelta(productDelta('old_rows', -1))),
  fn('vendors_count_product_update', applyProductDelta(`${productDelta('new_rows', 1)} union all ${productDelta('old_rows', -1)}`)),
  `create or replace function products_variation_totals() returns trigger language plpgsql as $$
  declare parent integer := case when tg_op = 'DELETE' then old.parent_id else new.parent_id end;
  begin
    if current_setting('bosun.variation_totals_deferred', true) = 'on' then return null; end if;
    ${totals('parent')};
    return null;
  end $$`,
  `create or replace function products_variation_update_totals() returns trigger language plpgsql as $$
  begin
    -- A save of many variations of one parent counts its totals once, after its statement (writeVariations).
    if current_setting('bosun.variation_totals_deferred', true) = 'on' then return null; end if;
    if old.parent_id is not distinct from new.parent_id then
      update products set ${movedStock('new.parent_id')}, ${movedStatus('new.parent_id', 'is distinct from')}, ${priceRange('new.parent_id')}
        where id = new.parent_id;
    else
      ${totals('new.parent_id')};
      if old.parent_id is not null then ${totals('old.parent_id')}; end if;
    end if;
    return null;
  end $$`,
  `drop trigger products_variation_totals_update on products`,
  `create trigger products_variation_totals_update after update of stock, stock_status, list_price, parent_id on products for each row
    when (${CHANGED('is distinct from')}) execute function products_variation_update_totals()`,
];

export function stockStatusMigration(dialect: Dialect, sqlite?: SQLite.Database) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('products')
        .addColumn('stock_status', 'text', (c) =>
          c.notNull().defaultTo('out_of_stock').check(sql`stock_status in ('in_stock', 'out_of_stock', 'backorder')`),
        )
        .execute();
      await sql`update products set stock_status = 'in_stock' where stock > 0`.execute(db);
      if (dialect === 'postgres') await sql`alter table products alter column stock drop not null`.execute(db);
      else {
        if (!sqlite) throw new Error('migration 0021 needs the SQLite connection');
        editSqliteTableDefinition(sqlite, 'products', /"stock" integer default 0 not null/i, '"stock" integer', '0021');
      }
      // A parent's status in three index probes, whatever its number of variations.
      await sql`create index products_parent_stock_status_idx on products (parent_id, stock_status) where parent_id is not null`.execute(db);
      for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
      // The list's stock_status filter index (product-sort-indexes.ts).
      await ensureProductSortIndexesAsOf(db, dialect, 21);
    },
  };
}
