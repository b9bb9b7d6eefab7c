import type { Product } from '@bosun/shared';
import { Badge, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
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
        <Badge
          component={Link}
          to={variationsPath(product.id)}
          size="xs"
          variant="light"
          color="grape"
          className={classes.count}
          title={`Open the variations of ${product.name}`}
        >
          {plural(product.variation_count, 'variation')}
        </Badge>
        {match && (
          <span className={`${classes.ellipsis} ${classes.matched}`} title={matchedVariationText(match)}>
            {matchedVariationText(match)}
          </span>
        )}
      </span>
    </span>
  );
}

/**
 * A name cut to its lines with an ellipsis; while it is cut, hovering it shows the whole name in a
 * tooltip (not the browser's own title, which is slow and unstyled). The text itself is whole in
 * the page, so a screen reader reads all of it.
 */
export function ClampedName({ name, lines }: { name: string; lines: 1 | 2 }) {
  const [cut, setCut] = useState(false);
  return (
    <Tooltip label={name} opened={cut} multiline maw={420} position="bottom-start" withinPortal>
      <span
        className={lines === 2 ? classes.twoLines : classes.ellipsis}
        onMouseEnter={(event) => {
          const text = event.currentTarget;
          setCut(text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1);
        }}
        onMouseLeave={() => setCut(false)}
      >
        {name || '—'}
      </span>
    </Tooltip>
  );
}

/**
 * 'Rope — 10 mm / 50 m', indented under the parent's row. In a narrow column the parent's name
 * gives way first, down to nothing: the values are what tells the variations apart.
 */
function VariationName({ parent, values }: { parent: string; values: readonly string[] }) {
  return (
    <span className={`${classes.nameLine} ${classes.variationName}`} title={variationName(parent, values)}>
      <span className={`${classes.ellipsis} ${classes.parentPart}`}>{values.length > 0 ? `${parent} —` : parent}</span>
      {/* Not drawn between flex items, but read: the text is 'Rope — 10 mm / 50 m'. */}
      {values.length > 0 && ' '}
      {values.length > 0 && <span className={`${classes.ellipsis} ${classes.valuesPart}`}>{values.join(' / ')}</span>}
    </span>
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
