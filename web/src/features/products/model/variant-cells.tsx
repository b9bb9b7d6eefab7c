import type { Product } from '@bosun/shared';
import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import { formatCurrency } from '../../../lib/format';
import { variationsPath } from './list-rows';
import classes from './variant-cells.module.css';

/** 'matches variation ROPE-10-50 (10 mm / 50 m)': why a search listed this product. */
export function matchedVariationText(match: NonNullable<Product['matched_variation']>) {
  return `matches variation ${match.sku}${match.values.length ? ` (${match.values.join(' / ')})` : ''}`;
}

/**
 * The name column: a variable product's name carries its variation count (a link to its
 * variations), and the variation a search found it through; a variation's name is indented under
 * its parent's.
 */
export function NameCell({ product }: { product: Product }) {
  if (product.kind === 'variation') {
    return (
      <span className={`${classes.ellipsis} ${classes.variationName}`} title={product.name}>
        {product.name}
      </span>
    );
  }
  const match = product.matched_variation;
  return (
    <span className={classes.name}>
      <span className={classes.nameLine}>
        <span className={classes.ellipsis} title={product.name}>
          {product.name || '—'}
        </span>
        {product.kind === 'variable' && (
          <Badge
            component={Link}
            to={variationsPath(product.id)}
            size="xs"
            variant="light"
            color="grape"
            className={classes.count}
            title={`Open the variations of ${product.name}`}
          >
            {product.variation_count} {product.variation_count === 1 ? 'variation' : 'variations'}
          </Badge>
        )}
      </span>
      {match && (
        <span className={`${classes.ellipsis} ${classes.matched}`} title={matchedVariationText(match)}>
          {matchedVariationText(match)}
        </span>
      )}
    </span>
  );
}

/** A variable product's list price is its variations' range: '$19.90 – $34.50', one price when they agree. */
export function listPriceText(product: Product): string {
  const max = product.variation_price_max;
  if (product.kind !== 'variable' || max === null || product.list_price === null || max === product.list_price) return formatCurrency(product.list_price);
  return `${formatCurrency(product.list_price)} – ${formatCurrency(max)}`;
}

/** Market price, vendor cost and special price of a variable product are each variation's own. */
export const SET_ON_VARIATIONS = 'Set on the variations';
