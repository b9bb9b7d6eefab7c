/**
 * The list's search box: the text anywhere in name, SKU, MFN, GTIN or brand, ASCII case folded;
 * from three characters on (a trigram), also a product whose variation's SKU, MFN or GTIN holds it.
 * Each engine answers it through its own index: the pg_trgm index over one expression on
 * PostgreSQL, the FTS5 trigram table on SQLite for three characters or more, and for two the
 * table's vocabulary and the column indexes (short-search.ts).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import { postgresSearchText, SEARCHED_COLUMNS, searchedTags, VARIATION_CODE_COLUMNS } from '../../../db/product-search-text.js';
import { shortSearchCandidates, type ShortSearch } from './short-search.js';
import { escapeLike, ftsPhrase, like, MIN_TRIGRAM_QUERY } from './text-match.js';

const SEARCH_TEXT = postgresSearchText('p');
const OTHER_SEARCH_TEXT = postgresSearchText('s');
const VARIATION_CODES = postgresSearchText('v', VARIATION_CODE_COLUMNS);

/** The listed products whose own five columns hold a trigram search's text (SQLite), in id order. */
export const sqliteOwnMatches = (phrase: string) => sql`select rowid as id from products_search where products_search match ${phrase}`;

/**
 * The products a trigram search finds only through a variation whose SKU, MFN or GTIN holds the
 * text (SQLite): none in a catalogue without variations, and then nothing is read but the table's
 * empty answer.
 */
export const sqliteVariationOnlyMatches = (phrase: string) =>
  sql`select distinct v.parent_id as id from variations_search s join products v on v.id = s.rowid
    where variations_search match ${phrase} and v.parent_id not in (${sqliteOwnMatches(phrase)})`;

/** Every listed product a trigram search finds (SQLite), each once. */
export const sqliteSearchIds = (phrase: string) => sql`${sqliteOwnMatches(phrase)} union all ${sqliteVariationOnlyMatches(phrase)}`;

/** The FTS5 query for a search the trigram table answers on SQLite (three characters or more), else undefined. */
export function sqliteSearchPhrase(dialect: Dialect, search: string | undefined): string | undefined {
  const text = search?.trim() ?? '';
  if (dialect !== 'sqlite' || text.length < MIN_TRIGRAM_QUERY) return undefined;
  // A quoted phrase makes the trigram index match the text as a substring of any column.
  return ftsPhrase(text);
}

export function searchCondition(dialect: Dialect, search: string, short?: ShortSearch): Expression<SqlBool> {
  const text = search.trim();
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  if (dialect === 'postgres') {
    if ([...text].length < MIN_TRIGRAM_QUERY) return sql<SqlBool>`${SEARCH_TEXT} like ${pattern} escape '\\'`;
    // Two index scans (the products' text, the variations' codes) joined as one set of ids: an OR
    // of the two conditions would read every product instead.
    return sql<SqlBool>`p.id in (select s.id from products s where ${OTHER_SEARCH_TEXT} like ${pattern} escape '\\'
      union select v.parent_id from products v where v.parent_id is not null and ${VARIATION_CODES} like ${pattern} escape '\\')`;
  }
  const phrase = sqliteSearchPhrase(dialect, text);
  if (phrase) return sql<SqlBool>`p.id in (${sqliteSearchIds(phrase)})`;
  // Shorter than a trigram: the LIKE over the five columns, on the rows a two-character search
  // finds through the indexes or on all.
  const anyColumn = sql<SqlBool>`(${sql.join(
    SEARCHED_COLUMNS.map((c) => like(c === 'tags' ? sql.raw(searchedTags('p.tags')) : sql.ref(`p.${c}`), pattern)),
    sql` or `,
  )})`;
  if (!short) return anyColumn;
  const found = sql<SqlBool>`p.id in (${shortSearchCandidates(short)})`;
  return short.exact ? found : sql<SqlBool>`(${found} and ${anyColumn})`;
}
