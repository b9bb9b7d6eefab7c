import type { ExpressionBuilder, Kysely } from 'kysely';
import type { FilterColumn, SortColumn } from '@bosun/shared';
import type { DB } from '../../../db/types.js';

/** The query shape every product read shares: products p, with v, vc and sc joined when needed. */
export type ProductQueryDB = DB & {
  p: DB['products'];
  v: DB['vendors'];
  vc: DB['categories'];
  sc: DB['categories'];
};
export type ProductExpressions = ExpressionBuilder<ProductQueryDB, 'p' | 'v' | 'vc' | 'sc'>;

/** Allow-listed column -> SQL reference. Client text never becomes an identifier. */
export const COLUMN_SQL: Record<FilterColumn, string> = {
  id: 'p.id', sku: 'p.sku', name: 'p.name', brand: 'p.brand', mfn: 'p.mfn', gtin: 'p.gtin',
  short_description: 'p.short_description', description: 'p.description', stock: 'p.stock',
  list_price: 'p.list_price', market_price: 'p.market_price', vendor_cost: 'p.vendor_cost', special_price: 'p.special_price',
  weight: 'p.weight', length: 'p.length', width: 'p.width', height: 'p.height',
  vendor_name: 'v.name', vendor_category_name: 'vc.name', store_category_name: 'sc.name',
  google_category: 'p.google_category', published: 'p.published', featured: 'p.featured', visibility: 'p.visibility',
  image_url: 'p.image_url', meta_title: 'p.meta_title', meta_description: 'p.meta_description', meta_keywords: 'p.meta_keywords',
  created_at: 'p.created_at', updated_at: 'p.updated_at',
};

/**
 * Sort -> SQL reference: the columns', and completeness, the checks passed that triggers keep in a
 * column of its own (migration 0044), so that products_quality_passed_idx orders it.
 */
export const SORT_SQL: Record<SortColumn, string> = { ...COLUMN_SQL, completeness: 'p.quality_passed' };

/** The columns that are a joined table's name: that table and the product column that points at it. */
export const JOINED_NAMES: Partial<Record<SortColumn, { table: 'vendors' | 'categories'; key: 'vendor_id' | 'vendor_category_id' | 'store_category_id' }>> = {
  vendor_name: { table: 'vendors', key: 'vendor_id' },
  vendor_category_name: { table: 'categories', key: 'vendor_category_id' },
  store_category_name: { table: 'categories', key: 'store_category_id' },
};
export type JoinedName = NonNullable<(typeof JOINED_NAMES)[SortColumn]>;

/** Which joined tables the columns need. */
function joinsFor(columns: Iterable<string>): Set<'v' | 'vc' | 'sc'> {
  const joins = new Set<'v' | 'vc' | 'sc'>();
  for (const column of columns) {
    const ref = COLUMN_SQL[column as FilterColumn];
    if (ref?.startsWith('v.')) joins.add('v');
    if (ref?.startsWith('vc.')) joins.add('vc');
    if (ref?.startsWith('sc.')) joins.add('sc');
  }
  return joins;
}

/**
 * products p with only the tables the named columns need joined (a filter's or a sort's), so a
 * count or an id walk never joins what it does not read.
 */
export function productsJoinedFor(db: Kysely<DB>, columns: Iterable<string>) {
  const joins = joinsFor(columns);
  let query = (db as unknown as Kysely<ProductQueryDB>).selectFrom('products as p');
  if (joins.has('v')) query = query.leftJoin('vendors as v', 'v.id', 'p.vendor_id') as typeof query;
  if (joins.has('vc')) query = query.leftJoin('categories as vc', 'vc.id', 'p.vendor_category_id') as typeof query;
  if (joins.has('sc')) query = query.leftJoin('categories as sc', 'sc.id', 'p.store_category_id') as typeof query;
  return query;
}
