import { STOCK_STATUS_LABELS, type Product } from '@bosun/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { formatNumber } from '../model/cell-format';

const COLOR = { in_stock: 'teal', out_of_stock: 'red', backorder: 'yellow' } as const;

/**
 * The stock badge (SPEC §4, issue 19): the status, not the quantity, decides its colour; a tracked
 * product in stock shows its quantity, an untracked one 'In stock' with no number, and 'Backorder'
 * and 'Out of stock' say so.
 */
export function StockBadge({ product, withWords, ...props }: { product: Pick<Product, 'stock' | 'stock_status'>; withWords?: boolean } & BadgeProps) {
  const { stock, stock_status: status } = product;
  const text =
    status === 'in_stock' && stock !== null ? (withWords ? `${formatNumber(stock)} in stock` : formatNumber(stock)) : STOCK_STATUS_LABELS[status];
  return (
    <Badge variant="light" color={COLOR[status]} {...props}>
      {text}
    </Badge>
  );
}
