import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Variable products (issue 18). A product is 'simple', 'variable' (a parent, not sold itself) or
 * 'variation' (a row of products whose parent_id names its variable product). Variations live in
 * products so that SKU uniqueness, prices, stock, bulk edits and the import's upsert are the ones
 * every product has; the fields a variation always takes from its parent (name, texts, brand,
 * vendor, categories, visibility, SEO) stay empty on the variation's row and are read from the
 * parent, so there is no copy to go stale. A variation's values for the parent's 1–3 attributes are
 * option1..option3, as Shopify's CSV and API name them; a combination exists once per parent.
 *
 * The parent's attributes are product_attributes rows: a name and its ordered values (a JSON
 * array, always read and written whole with the attribute).
 *
 * A variable product is not sold itself: its stock is its variations' total and its list price the
 * lowest of theirs (variation_price_max the highest), kept by triggers in the same statement as any
 * change to a variation, whichever path writes it, so the list sorts and filters a parent by them.
 */
export const totals = (parent: string) => `update products set
    stock = (select coalesce(sum(v.stock), 0) from products v where v.parent_id = ${parent}),
    list_price = (select min(v.list_price) from products v where v.parent_id = ${parent}),
    variation_price_max = (select max(v.list_price) from products v where v.parent_id = ${parent}),
    variation_count = (select count(*) from products v where v.parent_id = ${parent})
  where id = ${parent}`;

const SQLITE_TOTALS = [
  `create trigger products_variation_totals_insert after insert on products when new.parent_id is not null begin ${totals('new.parent_id')}; end`,
  `create trigger products_variation_totals_delete after delete on products when old.parent_id is not null begin ${totals('old.parent_id')}; end`,
  `create trigger products_variation_totals_update after update of stock, list_price on products when new.parent_id is not null begin ${totals('new.parent_id')}; end`,
];

const POSTGRES_TOTALS = [
  `create function products_variation_totals() returns trigger language plpgsql as $$
  declare parent integer := case when tg_op = 'DELETE' then old.parent_id else new.parent_id end;
  begin
    ${totals('parent')};
    return null;
  end $$`,
  `create trigger products_variation_totals_insert after insert on products for each row when (new.parent_id is not null) execute function products_variation_totals()`,
  `create trigger products_variation_totals_delete after delete on products for each row when (old.parent_id is not null) execute function products_variation_totals()`,
  `create trigger products_variation_totals_update after update of stock, list_price on products for each row when (new.parent_id is not null) execute function products_variation_totals()`,
];
export function productVariantsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('products')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('simple').check(sql`kind in ('simple', 'variable', 'variation')`))
        .execute();
      await db.schema.alterTable('products').addColumn('parent_id', 'integer', (c) => c.references('products.id').onDelete('cascade')).execute();
      for (const column of ['option1', 'option2', 'option3']) await db.schema.alterTable('products').addColumn(column, 'text').execute();
      await db.schema.alterTable('products').addColumn('variation_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('products').addColumn('variation_price_max', 'double precision').execute();
      // A parent's variations, in id order; a parent is found from its variation by the primary key.
      await sql`create index products_parent_idx on products (parent_id, id) where parent_id is not null`.execute(db);
      // One variation per combination of values under a parent (an attribute the parent lacks is '').
      await sql`create unique index products_variation_options_uq on products
        (parent_id, coalesce(option1, ''), coalesce(option2, ''), coalesce(option3, '')) where parent_id is not null`.execute(db);

      await db.schema
        .createTable('product_attributes')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 3`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value_list', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_attributes_pk', ['product_id', 'position'])
        .execute();
      for (const statement of dialect === 'postgres' ? POSTGRES_TOTALS : SQLITE_TOTALS) await sql.raw(statement).execute(db);
    },
  };
}
