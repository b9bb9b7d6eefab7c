import { z } from 'zod';
import { STOCK_STATUSES } from './stock-rule.js';

// The rule itself has no zod (the import's worker threads load it by path); the schema is here.
export * from './stock-rule.js';
export const stockStatusSchema = z.enum(STOCK_STATUSES, "Stock status must be 'in_stock', 'out_of_stock' or 'backorder'");
