import type { Product } from '@bosun/shared';
import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import { Hint } from '../../../components/ui/hint';
import { TruncatedText } from '../../../components/ui/truncated-text';
import { formatCurrency, plural } from '../../../lib/format';
import { isVariationRow, variationName, variationsPath } from './list-rows';
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
  if (isVariationRow(product)) return <VariationName parent={product.parent_name} values={product.variation_values} />;
  const match = product.matched_variation;
  if (product.kind !== 'variable') return <ClampedName name={product.name} lines={2} />;
  // The name keeps the whole first line; the count and the matching variation share the second.
  return (
    <span className={classes.name}>
      <ClampedName name={product.name} lines={1} />
      <span className={classes.nameLine}>
        <Hint label="Open the variations">
          <Badge component={Link} to={variationsPath(product.id)} size="xs" variant="light" color="grape" className={classes.count}>
            {plural(product.variation_count, 'variation')}
          </Badge>
        </Hint>
        {match && (
          <TruncatedText className={classes.matched} full={matchedVariationText(match)}>
            {matchedVariationText(match)}
          </TruncatedText>
        )}
      </span>
    </span>
  );
}

/** A product's name, cut to its lines; the whole name in a tooltip while it is cut. */
function ClampedName({ name, lines }: { name: string; lines: 1 | 2 }) {
  return (
    <TruncatedText lines={lines} full={name}>
      {name || '—'}
    </TruncatedText>
  );
}

/**
 * 'Rope — 10 mm / 50 m', indented under the parent's row. In a narrow column the parent's name
 * gives way first, down to nothing: the values are what tells the variations apart.
 */
function VariationName({ parent, values }: { parent: string; values: readonly string[] }) {
  return (
    <TruncatedText lines={false} className={`${classes.nameLine} ${classes.variationName}`} full={variationName(parent, values)}>
      <span className={`${classes.ellipsis} ${classes.parentPart}`}>{values.length > 0 ? `${parent} —` : parent}</span>
      {/* Not drawn between flex items, but read: the text is 'Rope — 10 mm / 50 m'. */}
      {values.length > 0 && ' '}
      {values.length > 0 && <span className={`${classes.ellipsis} ${classes.valuesPart}`}>{values.join(' / ')}</span>}
    </TruncatedText>
  );
}

/** A variable product's list price is its variations' range: '$19.90 – $34.50', one price when they agree. */
export function listPriceText(product: Product, currency?: string): string {
  const max = product.variation_price_max;
  if (product.kind !== 'variable' || max === null || product.list_price === null || max === product.list_price) return formatCurrency(product.list_price, currency);
  return `${formatCurrency(product.list_price, currency)} – ${formatCurrency(max, currency)}`;
}

/** Market price, vendor cost and special price of a variable product are each variation's own. */
export const SET_ON_VARIATIONS = 'Set on the variations';
