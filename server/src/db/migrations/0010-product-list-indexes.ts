import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Indexes of the product list that are not per-product sort indexes (those are in
 * product-sort-indexes.ts, dropped and rebuilt around a bulk import).
 */
export function productListIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      // Categories in name order. The list sorted by vendor or store category name walks the
      // categories in this order and each one's products through products_*_category_idx, stopping
      // once the page is full, instead of sorting a million joined rows.
      await db.schema.createIndex('categories_name_idx').on('categories').column('name').execute();
      if (dialect !== 'sqlite') return;
      // The trigram table's vocabulary (no data of its own): a two-character search finds the
      // trigrams that hold its text here (modules/products/list-query/short-search.ts).
      await sql`create virtual table products_search_vocab using fts5vocab(products_search, 'row')`.execute(db);
      // The few GTINs of under three characters (no trigram holds them; the other searched columns
      // have indexes of their own). Rows with longer or no GTIN are not in it, so it costs no write.
      await sql`create index products_gtin_short_idx on products (gtin) where length(gtin) < 3`.execute(db);
    },
  };
}
