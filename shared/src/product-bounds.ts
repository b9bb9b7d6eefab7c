/**
 * The largest value each number of a product may hold: every write path (the form, the API, bulk
 * edits and the import) checks against these, so nothing past them (1e288, Infinity) reaches the
 * database, where it would break the pages and exports that read it back. Money fits NUMERIC(10,2)
 * and is exact in a double; stock fits a 32-bit integer; weights and dimensions are generous for any
 * item a boat shop sells, in any unit the settings allow.
 */
export const MAX_MONEY = 99_999_999.99;
export const MAX_STOCK = 1_000_000_000;
export const MAX_MEASURE = 1_000_000;

/**
 * The longest description or short description, in characters, on every write path: a value far
 * past any real product text (5 MB came in through an import once) made the export run out of memory.
 */
export const MAX_DESCRIPTION_CHARS = 200_000;

export const NUMBER_BOUNDS = {
  list_price: MAX_MONEY,
  market_price: MAX_MONEY,
  vendor_cost: MAX_MONEY,
  special_price: MAX_MONEY,
  stock: MAX_STOCK,
  weight: MAX_MEASURE,
  length: MAX_MEASURE,
  width: MAX_MEASURE,
  height: MAX_MEASURE,
} as const;
export type BoundedField = keyof typeof NUMBER_BOUNDS;

export const boundText = (max: number) => max.toLocaleString('en-US', { maximumFractionDigits: 2 });
export const tooLarge = (label: string, max: number) => `${label} must be at most ${boundText(max)}`;
/** Stock, prices and sizes are never below 0: said as staff think of it (issue 24), not 'must be at least 0'. */
export const cannotBeNegative = (label: string) => `${label} cannot be negative`;
export const wholeNumber = (label: string) => `${label} must be a whole number`;
