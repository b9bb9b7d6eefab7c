import { sql, type Kysely } from 'kysely';

/**
 * Category mapping (issue 23): a vendor category mapped to one shop (store) category. Its products,
 * and those of its subcategories that have no mapping of their own, take that shop category when
 * they have none: applied to the stored products on request, and to every later import row and
 * product form that gives none.
 *
 * One row per mapped vendor category; both ends go with their category (ON DELETE CASCADE).
 * The partial index counts, per vendor, the listed products still without a shop category (the
 * dashboard's unmapped share and the mapping screen's summary) from the unmapped ones alone.
 */
export const categoryMappingsMigration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('category_mappings')
      .addColumn('vendor_category_id', 'integer', (c) => c.primaryKey().references('categories.id').onDelete('cascade'))
      .addColumn('store_category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('category_mappings_store_idx').on('category_mappings').column('store_category_id').execute();
    await db.schema
      .createIndex('products_vendor_without_store_idx')
      .on('products')
      .column('vendor_id')
      .where(sql.ref('store_category_id'), 'is', null)
      .where(sql.ref('parent_id'), 'is', null)
      .execute();
  },
};
