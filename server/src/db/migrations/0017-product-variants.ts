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
 */
export function productVariantsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('products')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('simple').check(sql`kind in ('simple', 'variable', 'variation')`))
        .execute();
      await db.schema.alterTable('products').addColumn('parent_id', 'integer', (c) => c.references('products.id').onDelete('cascade')).execute();
      for (const column of ['option1', 'option2', 'option3']) await db.schema.alterTable('products').addColumn(column, 'text').execute();
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
    },
  };
}
