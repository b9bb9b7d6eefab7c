import { formatCount } from './count-text.js';

/**
 * A product's stock status is kept apart from its quantity (issue 19): WooCommerce and Shopify
 * shops sell products whose quantity nobody counts ('Manage stock?' off, no inventory tracker),
 * and sell on backorder. `stock` null means the quantity is not tracked. No zod here: the import's
 * worker threads load this rule by path (stock-status.ts adds the schema).
 */
export const STOCK_STATUSES = ['in_stock', 'out_of_stock', 'backorder'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  backorder: 'Backorder',
};

export const STOCK_MESSAGES = {
  // The status by its label, as the form's select shows it, not its code name (issue 24).
  contradiction: (stock: number) => `Stock status cannot be 'Out of stock' with a stock of ${formatCount(stock)}`,
} as const;

export interface StockFields {
  stock: number | null;
  stock_status: StockStatus;
}

/** What a write sends: a key left out is not given; stock null is 'not tracked' only beside a status. */
export interface StockInput {
  stock?: number | null;
  stock_status?: StockStatus;
}

export type StockResolution = { ok: true; value: StockFields } | { ok: false; field: 'stock_status'; message: string };

/** The status a tracked quantity implies when no status is given. */
export const statusOfQuantity = (stock: number): StockStatus => (stock > 0 ? 'in_stock' : 'out_of_stock');

/**
 * The one rule for stock and status, used by the product form, the API, the import and the bulk
 * edit. With a quantity and no status, the status follows the quantity (a backorder product stays on
 * backorder while its quantity is at most 0: backorder is the shop's choice, not a count). A status
 * given is kept, except that out_of_stock with a positive quantity is a contradiction, the error of
 * the field stock_status. No quantity and no status on create is the form's default (0, out of
 * stock); stock null without a status means 0 as it always did; a status without a quantity on
 * create means the quantity is not tracked. `current` is the product's present stock on an update.
 */
export function resolveStock(input: StockInput, current?: StockFields): StockResolution {
  const status = input.stock_status;
  let stock: number | null;
  if (input.stock === undefined) stock = current ? current.stock : status !== undefined ? null : 0;
  else if (input.stock === null) stock = status !== undefined ? null : 0;
  else stock = input.stock;

  let resolved: StockStatus;
  if (status !== undefined) resolved = status;
  else if (stock === null) resolved = current?.stock_status ?? 'in_stock';
  else if (input.stock === undefined && current) resolved = current.stock_status;
  else if (current?.stock_status === 'backorder' && stock <= 0) resolved = 'backorder';
  else resolved = statusOfQuantity(stock);

  if (resolved === 'out_of_stock' && stock !== null && stock > 0) {
    return { ok: false, field: 'stock_status', message: STOCK_MESSAGES.contradiction(stock) };
  }
  return { ok: true, value: { stock, stock_status: resolved } };
}

/**
 * A variable product's status from its variations' (issue 19): in stock when any is, else on
 * backorder when any is, else out of stock. The triggers of migration 0021 keep the same rule.
 */
export function parentStockStatus(variations: ReadonlyArray<{ stock_status: StockStatus }>): StockStatus {
  if (variations.some((v) => v.stock_status === 'in_stock')) return 'in_stock';
  if (variations.some((v) => v.stock_status === 'backorder')) return 'backorder';
  return 'out_of_stock';
}
