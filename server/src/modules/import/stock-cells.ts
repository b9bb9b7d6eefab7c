import { resolveStock, type FieldMapping, type StockStatus } from '@bosun/shared';
import { CellProblem, readBackorders, readStockTracking } from './cell-values.js';

/** statusGiven: whether a cell gave the status (else it follows the quantity, and on an update the stored product: statusOverStored). */
export type StockCells = { stock: number | null; stock_status: StockStatus; statusGiven: boolean } | { column: string; value: string; reason: string };

/**
 * A row's stock and status from the columns a file has for them (issue 19), by the shared rule
 * (resolveStock): WooCommerce's 'In stock?' with an empty 'Stock' (the quantity is not tracked),
 * Shopify's inventory tracker (empty: not tracked) and policy (continue: a quantity at 0 or below
 * sells on backorder). A quantity the file gives is always kept, whatever the tracker says: nothing
 * a file holds is dropped. Undefined when the file maps none of these columns (nothing to write).
 */
export function createStockReader(headers: string[], mapping: FieldMapping, cell: (cells: string[], at: number) => string) {
  const at = (field: string) => (mapping[field] === undefined ? -1 : headers.indexOf(mapping[field]!));
  const trackingAt = at('stock_tracking');
  const backordersAt = at('backorders');
  if (at('stock') < 0 && at('stock_status') < 0 && trackingAt < 0 && backordersAt < 0) return undefined;
  const statusColumn = mapping.stock_status ?? mapping.backorders ?? mapping.stock ?? 'Stock status';

  /** quantity: the Stock cell read (null when empty; undefined when the file has no Stock column); status: the status cell read. */
  return (cells: string[], quantity: number | null | undefined, status: StockStatus | null): StockCells => {
    const tracked = trackingAt >= 0 ? readStockTracking(cell(cells, trackingAt)) : undefined;
    const sells = backordersAt >= 0 ? readBackorders(cell(cells, backordersAt)) : null;
    if (sells instanceof CellProblem) return { column: mapping.backorders!, value: cell(cells, backordersAt), reason: sells.reason };
    if (tracked instanceof CellProblem) return { column: mapping.stock_tracking!, value: cell(cells, trackingAt), reason: tracked.reason };
    // An empty quantity is 'not tracked' when the row says so (a status, or no tracker); else 0, as it always was.
    const untracked = quantity === null && (status !== null || tracked === false);
    const stock = quantity === null ? (untracked ? null : 0) : quantity;
    let given: StockStatus | undefined = status ?? undefined;
    // Shopify sells an untracked product always, and a tracked one at 0 or below on backorder when its policy continues.
    if (!given && untracked) given = 'in_stock';
    else if (!given && sells === true && stock !== undefined && stock !== null && stock <= 0) given = 'backorder';
    const resolved = resolveStock({ stock, stock_status: given });
    if (!resolved.ok) return { column: statusColumn, value: status ?? '', reason: resolved.message };
    return { ...resolved.value, statusGiven: given !== undefined };
  };
}
