/**
 * PostgreSQL: a transaction-local setting turned on around one statement that changes only the
 * shop category of products (and updated_at), and writes the 'no shop category' quality bit and
 * the history entries of its rows itself, set-based: a category mapping's apply. The row quality
 * trigger, one call per row, and the statement triggers over the transition tables that read none
 * of those columns stand aside for it (migration 0041): on 100k products they were 6.5 s (quality)
 * and 4.5 s (history) of the statement's 24 s, the join of each other one about 0.2 s. The
 * category counts' trigger still runs. Turned off again right after the statement.
 * The PostgreSQL import turns it on around its INSERT of new products too, which writes their
 * quality bits and GTIN keys itself (postgres-copy.ts, insertNewFromStage): of these triggers an
 * INSERT fires only the row quality trigger, and the one UPDATE of products its triggers can make
 * (a GTIN held twice now: the products holding it get their quality_passed again) writes no
 * column the others read.
 */
export const STORE_CATEGORY_WRITE = 'bosun.store_category_write';

/** The triggers' WHEN: run unless a store-category write is on. */
export const UNLESS_STORE_CATEGORY_WRITE = `coalesce(current_setting('${STORE_CATEGORY_WRITE}', true), '') <> 'on'`;

/** The statement triggers on products that stand aside (products_quality, the row trigger, is made in migration 0041 itself). */
export const STATEMENT_TRIGGERS_STANDING_ASIDE = [
  'products_history_update',
  'listed_counts_update',
  'product_search_update',
  'gtin_counts_update',
  'vendors_count_product_update',
  'products_quality_parents_update',
];
