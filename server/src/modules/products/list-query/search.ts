/**
 * The list's search box: the text anywhere in name, SKU, MFN, GTIN, brand or tags, ASCII case
 * folded; from three characters on (a trigram), also a product whose variation's SKU, MFN or GTIN
 * holds it. Each engine answers it through a narrow table of the listed products' search text,
 * kept by triggers: the FTS5 trigram table on SQLite (migration 0004; for two characters its
 * vocabulary and the column indexes, short-search.ts), `product_search` with its pg_trgm index on
 * PostgreSQL (migration 0035), and each engine's trigram index over the variations' codes.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import { postgresSearchText, SEARCHED_COLUMNS, searchedTags, VARIATION_CODE_COLUMNS } from '../../../db/product-search-text.js';
import { shortSearchCandidates, type ShortSearch } from './short-search.js';
import { escapeLike, ftsPhrase, like, MIN_TRIGRAM_QUERY } from './text-match.js';

const VARIATION_CODES = postgresSearchText('v', VARIATION_CODE_COLUMNS);

/**
 * What the search tables are asked for a search of three characters or more: an FTS5 phrase on
 * SQLite (a quoted phrase makes the trigram index match it as a substring of any column), a LIKE
 * pattern on PostgreSQL; undefined for a shorter search.
 */
export function searchTableKey(dialect: Dialect, search: string | undefined): string | undefined {
  const text = search?.trim() ?? '';
  if ([...text].length < MIN_TRIGRAM_QUERY) return undefined;
  return dialect === 'sqlite' ? ftsPhrase(text) : likePattern(text);
}

const likePattern = (text: string) => `%${escapeLike(text.trim().toLowerCase())}%`;

/** The listed products whose own text holds the search (the key of searchTableKey). */
export const ownMatches = (dialect: Dialect, key: string) =>
  dialect === 'sqlite'
    ? sql`select rowid as id from products_search where products_search match ${key}`
    : sql`select id from product_search where text like ${key} escape '\\'`;

/**
 * The products a search finds only through a variation whose SKU, MFN or GTIN holds the text:
 * none in a catalogue without variations, and then nothing is read but the index's empty answer.
 */
export const variationOnlyMatches = (dialect: Dialect, key: string) =>
  dialect === 'sqlite'
    ? sql`select distinct v.parent_id as id from variations_search s join products v on v.id = s.rowid
        where variations_search match ${key} and v.parent_id not in (${ownMatches(dialect, key)})`
    : sql`select distinct v.parent_id as id from products v
        where v.parent_id is not null and ${VARIATION_CODES} like ${key} escape '\\' and v.parent_id not in (${ownMatches(dialect, key)})`;

/** Every listed product a search of three characters or more finds, each once. */
export const searchIds = (dialect: Dialect, key: string) => sql`${ownMatches(dialect, key)} union all ${variationOnlyMatches(dialect, key)}`;

export function searchCondition(dialect: Dialect, search: string, short?: ShortSearch): Expression<SqlBool> {
  const text = search.trim();
  const key = searchTableKey(dialect, text);
  if (key) return sql<SqlBool>`p.id in (${searchIds(dialect, key)})`;
  const pattern = likePattern(text);
  // Shorter than a trigram: PostgreSQL reads the narrow table through (80 bytes a product, not 1 KB).
  if (dialect === 'postgres') return sql<SqlBool>`p.id in (${ownMatches(dialect, pattern)})`;
  // SQLite: the LIKE over the six columns, on the rows a two-character search finds through the
  // indexes or on all.
  const anyColumn = sql<SqlBool>`(${sql.join(
    SEARCHED_COLUMNS.map((c) => like(c === 'tags' ? sql.raw(searchedTags('p.tags')) : sql.ref(`p.${c}`), pattern)),
    sql` or `,
  )})`;
  if (!short) return anyColumn;
  const found = sql<SqlBool>`p.id in (${shortSearchCandidates(short)})`;
  return short.exact ? found : sql<SqlBool>`(${found} and ${anyColumn})`;
}
