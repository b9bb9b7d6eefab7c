import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL: a transaction-local setting turned on around one statement that changes only the
 * shop category of products (and updated_at), and writes the 'no shop category' quality bit, the
 * checks passed and the history entries of its rows itself, set-based: a category mapping's apply.
 * The row quality triggers, one call per row (products_quality, migration 0041; products_quality_passed,
 * migration 0045), and the statement triggers over the transition tables that read none of those
 * columns stand aside for it: on 100k products they were 6.5 s (quality) and 4.5 s (history) of
 * the statement's 24 s, the join of each other one about 0.2 s, and products_quality_passed 6.9 s.
 * The category counts' trigger still runs. Turned off again right after the statement.
 *
 * The recount of every product's checks passed when checks are switched (quality.repository.ts)
 * is such a write too: it changes only quality_passed, which no trigger reads, and with them its
 * history trigger alone joined 100k changed rows' transition tables for minutes.
 *
 * The PostgreSQL import turns it on around its INSERT of new products, which writes their quality
 * bits, GTIN keys and checks passed itself (postgres-copy.ts, insertNewFromStage): of these
 * triggers an INSERT fires only the two row quality triggers.
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

/** Runs one statement as a store-category write (the setting on around it, inside the caller's transaction). */
export async function asStoreCategoryWrite<T>(trx: Kysely<any>, statement: () => Promise<T>): Promise<T> {
  await sql`select set_config(${STORE_CATEGORY_WRITE}, 'on', true)`.execute(trx);
  const result = await statement();
  await sql`select set_config(${STORE_CATEGORY_WRITE}, '', true)`.execute(trx);
  return result;
}
