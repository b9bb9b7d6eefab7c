import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FilterColumn, ParsedFilter, ProductFilterQuery } from '@bosun/shared';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { POSTGRES_SEARCH_TEXT } from '../../db/migrations/0004-product-search.js';
import { shortSearchCandidates, type ShortSearch } from './product-short-search.js';

/** The query shape every product read shares: products p, with v, vc and sc joined when needed. */
export type ProductQueryDB = DB & {
  p: DB['products'];
  v: DB['vendors'];
  vc: DB['categories'];
  sc: DB['categories'];
};
type EB = ExpressionBuilder<ProductQueryDB, 'p' | 'v' | 'vc' | 'sc'>;

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

/** Which joined tables a filter or sort needs, so the count query joins only those. */
export function joinsFor(columns: Iterable<string>): Set<'v' | 'vc' | 'sc'> {
  const joins = new Set<'v' | 'vc' | 'sc'>();
  for (const column of columns) {
    const ref = COLUMN_SQL[column as FilterColumn];
    if (ref?.startsWith('v.')) joins.add('v');
    if (ref?.startsWith('vc.')) joins.add('vc');
    if (ref?.startsWith('sc.')) joins.add('sc');
  }
  return joins;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (ref: Expression<unknown>, pattern: string) => sql<SqlBool>`lower(${ref}) like ${pattern.toLowerCase()} escape '\\'`;

/** The columns the FTS5 trigram table (0004) indexes, in its own column names. */
const TRIGRAM_COLUMNS = new Set<FilterColumn>(['name', 'sku', 'mfn', 'gtin', 'brand']);
const codePoints = (text: string) => [...text].length;
/** False for text with a lone surrogate (SQLite receives it as U+FFFD). */
const wellFormed = (text: string) => !/\p{Cs}/u.test(text);

/** An FTS5 phrase: the text as one quoted string (quotes doubled), matched as a substring by the trigram tokenizer. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * 'contains' on a column the trigram table indexes, through that index: the table's rows whose
 * column holds the text (a narrow set) and then the very same LIKE as without the index, so the
 * answer stays exactly the LIKE's. The index only ever finds more, never fewer: it folds case for
 * every letter, LIKE only for ASCII, and a character LIKE takes as itself is one the index takes
 * as itself too. Trigrams need three characters; shorter text keeps the plain LIKE.
 */
function sqliteTrigramContains(dialect: Dialect, column: FilterColumn, text: string): Expression<SqlBool> | undefined {
  const lowered = text.toLowerCase();
  if (dialect !== 'sqlite' || !TRIGRAM_COLUMNS.has(column) || codePoints(lowered) < MIN_TRIGRAM_QUERY || !wellFormed(lowered)) return undefined;
  const ref = sql.ref(COLUMN_SQL[column]);
  const query = `{${column}} : ${ftsPhrase(lowered)}`;
  return sql<SqlBool>`(p.id in (select rowid from products_search where products_search match ${query}) and ${like(ref, `%${escapeLike(lowered)}%`)})`;
}

/** The next string in code point order after every string that starts with prefix ('' for none). */
function afterPrefix(prefix: string): string {
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return '';
}

/**
 * The SKUs that 'start with' text as the LIKE reads it (lower(sku) like 'text%': lower and LIKE
 * fold ASCII letters only), as a range under SQLite's NOCASE collation (which folds ASCII letters
 * only): [text, the next string after every string starting with text).
 */
function skuPrefixRange(text: string): Expression<SqlBool> {
  const lowered = text.toLowerCase();
  const to = afterPrefix(lowered);
  return to === ''
    ? sql<SqlBool>`p.sku collate nocase >= ${lowered}`
    : sql<SqlBool>`(p.sku collate nocase >= ${lowered} and p.sku collate nocase < ${to})`;
}

/**
 * A SKU condition led by a range of the NOCASE SKU index (product-sort-indexes.ts): the range holds
 * every SKU the exact condition accepts, and the exact condition still decides.
 */
function withSkuIndex(dialect: Dialect, column: FilterColumn, text: string, range: () => Expression<SqlBool>, exact: Expression<SqlBool>): Expression<SqlBool> {
  // A lone surrogate reaches SQLite as U+FFFD: no range is worked out for such text.
  if (dialect !== 'sqlite' || column !== 'sku' || !wellFormed(text)) return exact;
  return sql<SqlBool>`(${range()} and ${exact})`;
}

/** Midnight of the server's local day, as the stored ISO UTC text. */
const localDayStart = (y: number, m: number, d: number) => new Date(y, m, d).toISOString();
function dayRange(isoDate: string): [string, string] {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return [localDayStart(y, m - 1, d), localDayStart(y, m - 1, d + 1)];
}

/** [from, to) of the relative date operators, in the server's time zone; weeks start on Monday. */
export function relativeRange(operator: string, now = new Date()): [string, string] {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  switch (operator) {
    case 'is_today':
      return [localDayStart(y, m, d), localDayStart(y, m, d + 1)];
    case 'is_yesterday':
      return [localDayStart(y, m, d - 1), localDayStart(y, m, d)];
    case 'is_this_week': {
      const monday = d - ((now.getDay() + 6) % 7);
      return [localDayStart(y, m, monday), localDayStart(y, m, monday + 7)];
    }
    case 'is_this_month':
      return [localDayStart(y, m, 1), localDayStart(y, m + 1, 1)];
    default:
      return [localDayStart(y, 0, 1), localDayStart(y + 1, 0, 1)];
  }
}

/**
 * One advanced-filter row as a condition. Negations (is_not, does_not_contain, not_between, ...)
 * also match products where the value is not set, as a person reading 'is not X' expects.
 */
export function advancedCondition(f: ParsedFilter, dialect: Dialect = 'sqlite'): Expression<SqlBool> {
  const ref = sql.ref(COLUMN_SQL[f.column]);
  const orNull = (cond: Expression<SqlBool>) => sql<SqlBool>`(${ref} is null or ${cond})`;
  const v = f.value;
  switch (f.operator) {
    case 'is_set':
      return sql<SqlBool>`${ref} is not null`;
    case 'is_not_set':
      return sql<SqlBool>`${ref} is null`;
  }
  if (f.type === 'text') {
    const text = String(v ?? '');
    switch (f.operator) {
      case 'is': case 'equal_to': {
        const lowered = text.toLowerCase();
        return withSkuIndex(dialect, f.column, text, () => sql<SqlBool>`p.sku collate nocase = ${lowered}`, sql<SqlBool>`lower(${ref}) = ${lowered}`);
      }
      case 'is_not': case 'not_equal_to': return orNull(sql<SqlBool>`lower(${ref}) <> ${text.toLowerCase()}`);
      case 'contains': return sqliteTrigramContains(dialect, f.column, text) ?? like(ref, `%${escapeLike(text)}%`);
      case 'does_not_contain': return orNull(sql<SqlBool>`not (${like(ref, `%${escapeLike(text)}%`)})`);
      case 'starts_with': return withSkuIndex(dialect, f.column, text, () => skuPrefixRange(text), like(ref, `${escapeLike(text)}%`));
      case 'ends_with': return like(ref, `%${escapeLike(text)}`);
      case 'is_empty': return sql<SqlBool>`${ref} = ''`;
      case 'is_not_empty': return sql<SqlBool>`${ref} <> ''`;
    }
  }
  if (f.type === 'number' || f.type === 'currency') {
    const [lo, hi] = [Math.min(Number(v), Number(f.value2 ?? v)), Math.max(Number(v), Number(f.value2 ?? v))];
    switch (f.operator) {
      case 'is': case 'equal_to': return sql<SqlBool>`${ref} = ${v}`;
      case 'is_not': case 'not_equal_to': return orNull(sql<SqlBool>`${ref} <> ${v}`);
      case 'greater_than': return sql<SqlBool>`${ref} > ${v}`;
      case 'less_than': return sql<SqlBool>`${ref} < ${v}`;
      case 'greater_than_or_equal': return sql<SqlBool>`${ref} >= ${v}`;
      case 'less_than_or_equal': return sql<SqlBool>`${ref} <= ${v}`;
      case 'between': return sql<SqlBool>`${ref} between ${lo} and ${hi}`;
      case 'not_between': return orNull(sql<SqlBool>`${ref} not between ${lo} and ${hi}`);
      case 'is_zero': return sql<SqlBool>`${ref} = 0`;
      case 'is_not_zero': return orNull(sql<SqlBool>`${ref} <> 0`);
      case 'is_positive': return sql<SqlBool>`${ref} > 0`;
      case 'is_negative': return sql<SqlBool>`${ref} < 0`;
    }
  }
  if (f.type === 'boolean') {
    // Booleans are stored as 0/1.
    const wanted = f.operator === 'is_true' ? 1 : f.operator === 'is_false' ? 0 : v ? 1 : 0;
    if (f.operator === 'is_not' || f.operator === 'not_equal_to') return orNull(sql<SqlBool>`${ref} <> ${wanted}`);
    return sql<SqlBool>`${ref} = ${wanted}`;
  }
  // Dates: stored as ISO UTC text, compared as text against local-day boundaries.
  const inRange = ([from, to]: [string, string]) => sql<SqlBool>`(${ref} >= ${from} and ${ref} < ${to})`;
  switch (f.operator) {
    case 'is_today': case 'is_yesterday': case 'is_this_week': case 'is_this_month': case 'is_this_year':
      return inRange(relativeRange(f.operator));
  }
  const [dayStart, dayEnd] = dayRange(String(v));
  switch (f.operator) {
    case 'is': case 'equal_to': return inRange([dayStart, dayEnd]);
    case 'is_not': case 'not_equal_to': return orNull(sql<SqlBool>`not ${inRange([dayStart, dayEnd])}`);
    case 'before': return sql<SqlBool>`${ref} < ${dayStart}`;
    case 'after': return sql<SqlBool>`${ref} >= ${dayEnd}`;
    case 'before_or_equal': return sql<SqlBool>`${ref} < ${dayEnd}`;
    case 'after_or_equal': return sql<SqlBool>`${ref} >= ${dayStart}`;
  }
  const [a, b] = [String(v), String(f.value2 ?? v)].sort() as [string, string];
  const range: [string, string] = [dayRange(a)[0], dayRange(b)[1]];
  return f.operator === 'between' ? inRange(range) : orNull(sql<SqlBool>`not ${inRange(range)}`);
}

/** Products in any of the categories or their subcategories, through the materialised paths. */
function inCategorySubtrees(column: 'p.vendor_category_id' | 'p.store_category_id', ids: number[]) {
  return sql<SqlBool>`${sql.ref(column)} in (
    select d.id from categories d join categories s on d.path like s.path || '%'
    where s.id in (${sql.join(ids)}))`;
}

const MIN_TRIGRAM_QUERY = 3;

/** The FTS5 query for a search the trigram table answers on SQLite (three characters or more), else undefined. */
export function sqliteSearchPhrase(dialect: Dialect, search: string | undefined): string | undefined {
  const text = search?.trim() ?? '';
  if (dialect !== 'sqlite' || text.length < MIN_TRIGRAM_QUERY) return undefined;
  // A quoted phrase makes the trigram index match the text as a substring of any column.
  return ftsPhrase(text);
}

function searchCondition(dialect: Dialect, search: string, short?: ShortSearch): Expression<SqlBool> {
  const text = search.trim();
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  if (dialect === 'postgres') return sql<SqlBool>`${POSTGRES_SEARCH_TEXT} like ${pattern} escape '\\'`;
  const phrase = sqliteSearchPhrase(dialect, text);
  if (phrase) return sql<SqlBool>`p.id in (select rowid from products_search where products_search match ${phrase})`;
  // Trigrams need three characters: a shorter query is the LIKE over the five columns, on the
  // rows a two-character search finds through the indexes (product-short-search.ts) or on all.
  const anyColumn = sql<SqlBool>`(${sql.join(
    ['p.name', 'p.sku', 'p.mfn', 'p.gtin', 'p.brand'].map((c) => like(sql.ref(c), pattern)),
    sql` or `,
  )})`;
  if (!short) return anyColumn;
  const found = sql<SqlBool>`p.id in (${shortSearchCandidates(short)})`;
  return short.exact ? found : sql<SqlBool>`(${found} and ${anyColumn})`;
}

/** True when the search is the filter's only condition. */
export function onlySearch(filter: ProductFilterQuery): boolean {
  return (
    filter.vendor_id === undefined && filter.category_id === undefined && !filter.category_ids?.length &&
    !filter.vendor_category_ids?.length && !filter.store_category_ids?.length && filter.stock_status === undefined &&
    filter.published === undefined && !filter.advanced_filters?.length
  );
}

/** Every condition of the list's filters, to be joined with AND. */
export function filterConditions(eb: EB, filter: ProductFilterQuery, dialect: Dialect, short?: ShortSearch): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.search) conditions.push(searchCondition(dialect, filter.search, short));
  if (filter.vendor_id !== undefined) conditions.push(eb('p.vendor_id', '=', filter.vendor_id));
  const anyCategory = [...(filter.category_ids ?? []), ...(filter.category_id ? [filter.category_id] : [])];
  if (anyCategory.length) {
    conditions.push(sql<SqlBool>`(${inCategorySubtrees('p.vendor_category_id', anyCategory)} or ${inCategorySubtrees('p.store_category_id', anyCategory)})`);
  }
  if (filter.vendor_category_ids?.length) conditions.push(inCategorySubtrees('p.vendor_category_id', filter.vendor_category_ids));
  if (filter.store_category_ids?.length) conditions.push(inCategorySubtrees('p.store_category_id', filter.store_category_ids));
  if (filter.stock_status === 'in_stock') conditions.push(eb('p.stock', '>', 0));
  if (filter.stock_status === 'out_of_stock') conditions.push(eb('p.stock', '<=', 0));
  if (filter.published !== undefined) conditions.push(eb('p.published', '=', filter.published ? 1 : 0));
  for (const row of filter.advanced_filters ?? []) conditions.push(advancedCondition(row, dialect));
  return conditions;
}
