import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A stock or price filter matches a variable product when any of its variations matches
 * (list-query/conditions.ts: one EXISTS per variable product, over its variations). The variations'
 * index held (parent_id, list_price) only, so every other field's EXISTS read each variation's row:
 * 'stock > 10 and SKU starts with' at 1M products, 300k of them variations, took 1.25x / 1.32x
 * (p50 / p95) the simple-only catalogue's time. The index now holds every field such a filter reads
 * (VARIATION_LEVEL_FIELDS), so the EXISTS reads the index alone; list_price stays second, for the
 * parent's price range (migration 0019).
 */
export function variationFieldsIndexMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await sql`drop index products_parent_price_idx`.execute(db);
      const columns =
        dialect === 'postgres'
          ? sql`(parent_id, list_price) include (stock, market_price, vendor_cost, special_price)`
          : sql`(parent_id, list_price, stock, market_price, vendor_cost, special_price)`;
      await sql`create index products_parent_price_idx on products ${columns} where parent_id is not null`.execute(db);
    },
  };
}
