import { sql, type Expression, type SqlBool } from 'kysely';
import { tagKey, VARIATION_LEVEL_FIELDS, type ParsedFilter, type ProductFilterQuery } from '@bosun/shared';
import type { Dialect } from '../../../db/database.js';
import { hasProblemSql } from '../../quality/index.js';
import { advancedCondition } from './advanced-condition.js';
import type { ProductExpressions } from './columns.js';
import { searchCondition } from './search.js';
import type { ShortSearch } from './short-search.js';

/** The ids of these categories and of all their subcategories, through the materialised paths. */
export const categorySubtreeIds = (ids: number[]) =>
  sql<number>`select d.id from categories d join categories s on d.path like s.path || '%' where s.id in (${sql.join(ids)})`;

/** Products in any of the categories or their subcategories. */
function inCategorySubtrees(column: 'p.vendor_category_id' | 'p.store_category_id', ids: number[]) {
  return sql<SqlBool>`${sql.ref(column)} in (${categorySubtreeIds(ids)})`;
}

/** The keys product_tags holds for a filter's tags (tagKeySql's), each once. */
export const tagKeysOf = (tags: string[]) => [...new Set(tags.map(tagKey))];

/** Products with any of the tags: one seek of product_tags (tag, product_id) per tag, by the tags' keys. */
function withAnyTag(tags: string[]) {
  return sql<SqlBool>`p.id in (select product_id from product_tags where tag in (${sql.join(tagKeysOf(tags))}))`;
}

/** True when the search is the filter's only condition. */
export function onlySearch(filter: ProductFilterQuery): boolean {
  return (
    filter.vendor_id === undefined && filter.category_id === undefined && !filter.category_ids?.length &&
    !filter.vendor_category_ids?.length && !filter.store_category_ids?.length && filter.stock_status === undefined &&
    filter.published === undefined && !filter.tags?.length && !filter.advanced_filters?.length && filter.problem === undefined
  );
}

/** The columns the filter's conditions read, for the joins they need. */
export const filterColumns = (filter: ProductFilterQuery) => (filter.advanced_filters ?? []).map((f) => f.column);

/**
 * The rows the list shows: products, never a variation on a row of its own (its parent stands for
 * it); the list's indexes hold only these rows (product-sort-indexes.ts).
 */
export const listedOnly = sql<SqlBool>`p.parent_id is null`;

/**
 * A filter on stock or a price (VARIATION_LEVEL_FIELDS) matches a variable product when any of its
 * variations matches (the product's own stock and price are their total and lowest).
 */
function anyVariationCondition(f: ParsedFilter, dialect: Dialect): Expression<SqlBool> {
  return sql<SqlBool>`((p.kind <> 'variable' and ${advancedCondition(f, dialect)})
    or (p.kind = 'variable' and exists (select 1 from products v where v.parent_id = p.id and ${advancedCondition(f, dialect, 'v')})))`;
}

export const isVariationLevel = (column: string) => (VARIATION_LEVEL_FIELDS as readonly string[]).includes(column);

export interface ConditionOptions {
  /** The index road of a two-character search (SQLite). */
  short?: ShortSearch;
  /**
   * Whether any product has variations: only then does a stock or price filter look at them, so a
   * catalogue of simple products keeps the plain condition and its covering indexes.
   */
  variations?: boolean;
}

/** Every condition of the list's filters, to be joined with AND. */
export function filterConditions(eb: ProductExpressions, filter: ProductFilterQuery, dialect: Dialect, { short, variations = true }: ConditionOptions = {}): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.search) conditions.push(searchCondition(dialect, filter.search, short));
  if (filter.vendor_id !== undefined) conditions.push(eb('p.vendor_id', '=', filter.vendor_id));
  const anyCategory = [...(filter.category_ids ?? []), ...(filter.category_id ? [filter.category_id] : [])];
  if (anyCategory.length) {
    conditions.push(sql<SqlBool>`(${inCategorySubtrees('p.vendor_category_id', anyCategory)} or ${inCategorySubtrees('p.store_category_id', anyCategory)})`);
  }
  if (filter.vendor_category_ids?.length) conditions.push(inCategorySubtrees('p.vendor_category_id', filter.vendor_category_ids));
  if (filter.store_category_ids?.length) conditions.push(inCategorySubtrees('p.store_category_id', filter.store_category_ids));
  // The status column, not the quantity (issue 19): an untracked product may be in stock; a variable product's status is its variations' (migration 0021).
  if (filter.stock_status !== undefined) conditions.push(eb('p.stock_status', '=', filter.stock_status));
  if (filter.published !== undefined) conditions.push(eb('p.published', '=', filter.published ? 1 : 0));
  if (filter.tags?.length) conditions.push(withAnyTag(filter.tags));
  if (filter.problem !== undefined) conditions.push(hasProblemSql(filter.problem));
  for (const row of filter.advanced_filters ?? []) {
    conditions.push(variations && isVariationLevel(row.column) ? anyVariationCondition(row, dialect) : advancedCondition(row, dialect));
  }
  return conditions;
}
