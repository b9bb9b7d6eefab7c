import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * Every column of every product, its variant attributes (value lists compared as parsed JSON: the
 * engines spell a JSON array differently) and the counts categories and vendors keep: what an undo
 * must put back exactly. updated_at is left out only where asked: a product put back is written now.
 */
export async function snapshotCatalogue(db: Kysely<DB>, options: { withoutUpdatedAt?: boolean } = {}) {
  const products = (await db.selectFrom('products').selectAll().orderBy('id').execute()).map((p) => {
    if (!options.withoutUpdatedAt) return p;
    const { updated_at: _updatedAt, ...rest } = p;
    return rest;
  });
  const attributes = (await db.selectFrom('product_attributes').selectAll().orderBy('product_id').orderBy('position').execute()).map((a) => ({ ...a, value_list: JSON.parse(a.value_list) }));
  const categories = await db.selectFrom('categories').select(['id', 'direct_product_count']).orderBy('id').execute();
  const vendors = await db.selectFrom('vendors').select(['id', 'product_count', 'in_stock_count']).orderBy('id').execute();
  const tags = await db.selectFrom('product_tags').selectAll().orderBy('product_id').orderBy('tag').execute();
  return { products, attributes, categories, vendors, tags };
}
