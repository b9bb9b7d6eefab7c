import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The listed products without a shop category, by vendor category: what a category mapping reaches
 * with apply 'missing' (category-mapping.repository.ts) and what its preview counts before saving.
 * The vendor category index alone made both look up every product of the mapped categories to
 * read its shop category: 1.5-1.9 s of reads for 100k products on SQLite before the write began
 * (bench --only mapping, load 2-15; 0.24 s with this index at load 14). Partial, so a
 * mapped catalogue keeps it small, and a product leaves it when it gets a shop category. A variation
 * has no categories of its own (its parent's are read), so it is never in it. Both engines.
 */
export function unmappedByVendorCategoryIndexMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await sql`create index products_unmapped_by_vendor_category_idx on products (vendor_category_id, id) where store_category_id is null and parent_id is null`.execute(db);
    },
  };
}
