import type { Kysely } from 'kysely';

/**
 * Categories in name order. The product list sorted by vendor or store category name walks the
 * categories in this order and each one's products through products_*_category_idx, stopping once
 * the page is full, instead of sorting a million joined rows.
 */
export const categoryNameIndexMigration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('categories_name_idx').on('categories').column('name').execute();
  },
};
