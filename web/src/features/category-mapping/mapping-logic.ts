import type { CategoryMappingResponse } from '@bosun/shared';
import { formatCount, plural } from '@bosun/shared';

export type MappingStatus = 'all' | 'unmapped' | 'mapped';

export const STATUS_CHOICES: Array<{ value: MappingStatus; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unmapped', label: 'Unmapped' },
  { value: 'mapped', label: 'Mapped' },
];

/** The share of products with a shop category, as staff read it: whole percent, never 100 while one is missing. */
export function shareText(withStore: number, products: number): string {
  if (!products) return '0%';
  const share = Math.floor((100 * withStore) / products);
  return `${withStore < products ? Math.min(share, 99) : share}%`;
}

export const mappingSummaryText = ({ categories, unmapped, products, with_store_category }: CategoryMappingResponse['summary']) =>
  // '280 of 280 vendor categories unmapped': 'vendor categories of 280 unmapped' read as nonsense (issue 24's walk).
  `${formatCount(unmapped)} of ${plural(categories, 'vendor category', 'vendor categories')} unmapped · ${shareText(with_store_category, products)} of ${plural(products, 'product')} ${products === 1 ? 'has' : 'have'} a shop category`;
