import type { Variation } from '@bosun/shared';
import { cellError, type CellDraft, type GridField, type RowEdits, type RowMessages } from '../model/variation-grid';

export interface GridColumn {
  field: GridField;
  label: string;
  width: number;
  numeric?: boolean;
  /** What a number cell takes: whole numbers for stock, cents for money. */
  inputMode?: 'decimal' | 'numeric';
}

export const SELECT_WIDTH = 40;
export const VALUE_WIDTH = 110;
export const PROBLEMS_WIDTH = 280;

/** The grid's editable columns, in the order shown. */
export const GRID_COLUMNS: readonly GridColumn[] = [
  { field: 'sku', label: 'SKU', width: 240 },
  { field: 'gtin', label: 'GTIN', width: 150 },
  { field: 'list_price', label: 'List price', width: 100, numeric: true, inputMode: 'decimal' },
  { field: 'market_price', label: 'Market price', width: 110, numeric: true, inputMode: 'decimal' },
  { field: 'vendor_cost', label: 'Vendor cost', width: 105, numeric: true, inputMode: 'decimal' },
  { field: 'special_price', label: 'Special price', width: 110, numeric: true, inputMode: 'decimal' },
  { field: 'stock', label: 'Stock', width: 80, numeric: true, inputMode: 'numeric' },
  // in_stock, out_of_stock or backorder; with an empty Stock the quantity is not tracked.
  { field: 'stock_status', label: 'Stock status', width: 120 },
  { field: 'weight', label: 'Weight', width: 105, numeric: true, inputMode: 'decimal' },
  { field: 'enabled', label: 'Enabled', width: 80 },
];

export const columnLabel = (field: GridField) => GRID_COLUMNS.find((c) => c.field === field)?.label ?? field;

/** Everything wrong with a row, for its Problems cell: cells typed wrong, then what the server refused. */
export function problemText(_variation: Variation, edits: RowEdits | undefined, messages: RowMessages | undefined): string {
  const parts: string[] = [];
  for (const [field, draft] of Object.entries(edits ?? {}) as [GridField, CellDraft][]) {
    const message = cellError(field, draft);
    if (message) parts.push(`${columnLabel(field)}: ${message}`);
  }
  for (const [field, message] of Object.entries(messages ?? {}) as [GridField | 'row', string][]) {
    const text = field === 'row' ? message : `${columnLabel(field)}: ${message}`;
    if (!parts.includes(text)) parts.push(text);
  }
  return parts.join(' · ');
}
