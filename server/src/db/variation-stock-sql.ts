/**
 * A variable product's stock and status from its variations, as SQL (migration 0021's triggers and
 * the SQLite import's set-based path). Imports nothing: the import's worker thread loads it.
 */

/** A parent's stock: the sum of its variations' tracked quantities; null when none is tracked, 0 without variations. */
export const parentStockTotal = (parent: string) =>
  `(select case when count(v.id) = 0 then 0 else sum(v.stock) end from products v where v.parent_id = ${parent})`;

const hasVariationWith = (parent: string, status: string) =>
  `exists (select 1 from products v where v.parent_id = ${parent} and v.stock_status = '${status}')`;

/** A parent's status from its variations' (the SQL twin of parentStockStatus). */
export const parentStockStatus = (parent: string) =>
  `case when ${hasVariationWith(parent, 'in_stock')} then 'in_stock' when ${hasVariationWith(parent, 'backorder')} then 'backorder' else 'out_of_stock' end`;
