/**
 * The product columns the change history records (migration 0023), and how each is cast back
 * from the JSON a history entry holds. Imports nothing: the SQLite import worker's bundle reads it.
 *
 * Left out: the id and the timestamps (every write moves updated_at; a change that moves nothing
 * else is no change), and the totals the database keeps itself (variation_count,
 * variation_price_max, and a variable product's stock, stock status and lowest price, which are
 * its variations': DERIVED_ON_VARIABLE).
 */
export type HistoryColumnType = 'text' | 'integer' | 'real';

export const HISTORY_COLUMNS = {
  sku: 'text',
  mfn: 'text',
  gtin: 'text',
  name: 'text',
  short_description: 'text',
  description: 'text',
  brand: 'text',
  stock: 'integer',
  stock_status: 'text',
  list_price: 'real',
  market_price: 'real',
  vendor_cost: 'real',
  special_price: 'real',
  weight: 'real',
  length: 'real',
  width: 'real',
  height: 'real',
  vendor_id: 'integer',
  vendor_category_id: 'integer',
  store_category_id: 'integer',
  google_category: 'text',
  published: 'integer',
  featured: 'integer',
  visibility: 'text',
  images: 'text',
  image_url: 'text',
  meta_title: 'text',
  meta_description: 'text',
  meta_keywords: 'text',
  kind: 'text',
  parent_id: 'integer',
  option1: 'text',
  option2: 'text',
  option3: 'text',
  tags: 'text',
} as const satisfies Record<string, HistoryColumnType>;

export type HistoryColumn = keyof typeof HISTORY_COLUMNS;
export const HISTORY_COLUMN_NAMES = Object.keys(HISTORY_COLUMNS) as HistoryColumn[];

/** A variable product's columns that are its variations' totals: kept by triggers, not changed by anyone. */
export const DERIVED_ON_VARIABLE: readonly HistoryColumn[] = ['stock', 'stock_status', 'list_price'];

/** Also kept in a deleted product's last state, to bring it back as it was. */
export const RESTORED_ONLY_COLUMNS = { id: 'integer', created_at: 'text', updated_at: 'text' } as const satisfies Record<string, HistoryColumnType>;
