import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { totals } from './0017-product-variants.js';

/**
 * A parent's totals kept at the cost of one variation, not of all of them (issue 18). Migration
 * 0017's update trigger summed the stock and took the price range of every variation of the parent
 * for each variation a statement changed: saving 500 rows of a 2,048-variation product read a
 * million rows (seconds). Now the trigger runs only when a variation's stock, list price or parent
 * really changes; a stock change moves the parent's total by the difference (an insert adds its stock
 * and one to the count, on SQLite; the first replaces the stock the product had while simple); the price range comes
 * from an index on (parent_id, list_price) in two lookups. A variation moved to another parent
 * recounts both parents whole, as an insert and a delete do. On PostgreSQL each of those parent
 * updates writes a new version of the parent's wide row and all its indexes (about 1 ms): a save or a
 * generation of many variations of one parent sets bosun.variation_totals_deferred for its
 * statements and then counts the parent's totals once (recountVariationTotals).
 */
// The whole recount, as migration 0017 writes it, for inserts, deletes and a variation moved to another parent.

const priceRange = (parent: string) => `
    list_price = (select min(v.list_price) from products v where v.parent_id = ${parent}),
    variation_price_max = (select max(v.list_price) from products v where v.parent_id = ${parent})`;

const CHANGED = (distinct: string) =>
  `new.parent_id is not null and (old.parent_id ${distinct} new.parent_id or old.stock ${distinct} new.stock or old.list_price ${distinct} new.list_price)`;

const SQLITE = [
  `drop trigger products_variation_totals_insert`,
  `create trigger products_variation_totals_insert after insert on products when new.parent_id is not null begin
    update products set stock = case when variation_count = 0 then 0 else stock end + new.stock, variation_count = variation_count + 1, ${priceRange('new.parent_id')}
      where id = new.parent_id;
  end`,
  `drop trigger products_variation_totals_update`,
  `create trigger products_variation_totals_update after update of stock, list_price, parent_id on products when ${CHANGED('is not')} begin
    update products set stock = stock + new.stock - old.stock, ${priceRange('new.parent_id')}
      where id = new.parent_id and old.parent_id is new.parent_id;
    ${totals('new.parent_id')} and old.parent_id is not new.parent_id;
    ${totals('old.parent_id')} and old.parent_id is not new.parent_id;
  end`,
];

const POSTGRES = [
  // Inserts and deletes keep counting whole (migration 0017), but wait while a many-row write defers them.
  `create or replace function products_variation_totals() returns trigger language plpgsql as $$
  declare parent integer := case when tg_op = 'DELETE' then old.parent_id else new.parent_id end;
  begin
    if current_setting('bosun.variation_totals_deferred', true) = 'on' then return null; end if;
    ${totals('parent')};
    return null;
  end $$`,
  `drop trigger products_variation_totals_update on products`,
  `create function products_variation_update_totals() returns trigger language plpgsql as $$
  begin
    -- A save of many variations of one parent counts its totals once, after its statement (writeVariations).
    if current_setting('bosun.variation_totals_deferred', true) = 'on' then return null; end if;
    if old.parent_id is not distinct from new.parent_id then
      update products set stock = stock + new.stock - old.stock, ${priceRange('new.parent_id')} where id = new.parent_id;
    else
      ${totals('new.parent_id')};
      if old.parent_id is not null then ${totals('old.parent_id')}; end if;
    end if;
    return null;
  end $$`,
  `create trigger products_variation_totals_update after update of stock, list_price, parent_id on products for each row
    when (${CHANGED('is distinct from')}) execute function products_variation_update_totals()`,
];

export function variationTotalsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await sql`create index products_parent_price_idx on products (parent_id, list_price) where parent_id is not null`.execute(db);
      for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
    },
  };
}
