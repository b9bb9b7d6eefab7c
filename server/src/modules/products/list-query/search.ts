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
import { containsPattern, ftsPhrase, like, MIN_TRIGRAM_QUERY } from './text-match.js';

const VARIATION_CODES = postgresSearchText('v', VARIATION_CODE_COLUMNS);

/**
 * What the search tables are asked for a search: `match`, an FTS5 phrase on SQLite (a quoted phrase
 * makes the trigram index match it as a substring of any column) or a LIKE pattern on PostgreSQL;
 * `variations`, whether a variation's codes find their parent too (three characters or more).
 * Undefined where the tables cannot answer: SQLite below three characters (short-search.ts).
 */
export interface SearchTableQuery {
  match: string;
  variations: boolean;
}

export function searchTableQuery(dialect: Dialect, search: string | undefined): SearchTableQuery | undefined {
  const text = search?.trim() ?? '';
  const trigrams = [...text].length >= MIN_TRIGRAM_QUERY;
  if (dialect === 'sqlite') return trigrams ? { match: ftsPhrase(text), variations: true } : undefined;
  // PostgreSQL's narrow table answers any length: below a trigram by reading it through, 80 bytes a product.
  return text ? { match: containsPattern(text), variations: trigrams } : undefined;
}

/** The listed products whose own text holds the search. */
export const ownMatches = (dialect: Dialect, { match }: SearchTableQuery) =>
  dialect === 'sqlite'
    ? sql`select rowid as id from products_search where products_search match ${match}`
    : sql`select id from product_search where text like ${match} escape '\\'`;

/**
 * The products a search finds only through a variation whose SKU, MFN or GTIN holds the text:
 * none in a catalogue without variations, and then nothing is read but the index's empty answer;
 * none at all for a search shorter than a trigram.
 */
export const variationOnlyMatches = (dialect: Dialect, query: SearchTableQuery) => {
  const { match } = query;
  if (!query.variations) return sql`select null as id where false`;
  return dialect === 'sqlite'
    ? sql`select distinct v.parent_id as id from variations_search s join products v on v.id = s.rowid
        where variations_search match ${match} and v.parent_id not in (${ownMatches(dialect, query)})`
    : sql`select distinct v.parent_id as id from products v
        where v.parent_id is not null and ${VARIATION_CODES} like ${match} escape '\\' and v.parent_id not in (${ownMatches(dialect, query)})`;
};

/** Every listed product a search finds, each once. */
export const searchIds = (dialect: Dialect, query: SearchTableQuery) =>
  query.variations ? sql`${ownMatches(dialect, query)} union all ${variationOnlyMatches(dialect, query)}` : ownMatches(dialect, query);

export function searchCondition(dialect: Dialect, search: string, short?: ShortSearch): Expression<SqlBool> {
  const text = search.trim();
  const query = searchTableQuery(dialect, text);
  if (query) return sql<SqlBool>`p.id in (${searchIds(dialect, query)})`;
  // SQLite below a trigram: the LIKE over the six columns, on the rows a two-character search finds
  // through the indexes or on all.
  const pattern = containsPattern(text);
  const anyColumn = sql<SqlBool>`(${sql.join(
    SEARCHED_COLUMNS.map((c) => like(c === 'tags' ? sql.raw(searchedTags('p.tags')) : sql.ref(`p.${c}`), pattern)),
    sql` or `,
  )})`;
  if (!short) return anyColumn;
  const found = sql<SqlBool>`p.id in (${shortSearchCandidates(short)})`;
  return short.exact ? found : sql<SqlBool>`(${found} and ${anyColumn})`;
}
