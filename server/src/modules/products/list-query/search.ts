/**
 * The list's search box: the text anywhere in name, SKU, MFN, GTIN or brand, ASCII case folded.
 * Each engine answers it through its own index: the pg_trgm index over one expression on
 * PostgreSQL, the FTS5 trigram table on SQLite for three characters or more, and for two the
 * table's vocabulary and the column indexes (short-search.ts).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import { postgresSearchText, SEARCHED_COLUMNS } from '../../../db/product-search-text.js';
import { shortSearchCandidates, type ShortSearch } from './short-search.js';
import { escapeLike, ftsPhrase, like, MIN_TRIGRAM_QUERY } from './text-match.js';

const SEARCH_TEXT = postgresSearchText('p');

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
  if (dialect === 'postgres') return sql<SqlBool>`${SEARCH_TEXT} like ${pattern} escape '\\'`;
  const phrase = sqliteSearchPhrase(dialect, text);
  if (phrase) return sql<SqlBool>`p.id in (select rowid from products_search where products_search match ${phrase})`;
  // Shorter than a trigram: the LIKE over the five columns, on the rows a two-character search
  // finds through the indexes or on all.
  const anyColumn = sql<SqlBool>`(${sql.join(
    SEARCHED_COLUMNS.map((c) => like(sql.ref(`p.${c}`), pattern)),
    sql` or `,
  )})`;
  if (!short) return anyColumn;
  const found = sql<SqlBool>`p.id in (${shortSearchCandidates(short)})`;
  return short.exact ? found : sql<SqlBool>`(${found} and ${anyColumn})`;
}
