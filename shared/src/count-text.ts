/**
 * Counts as people read them, for every message that carries one, on the screen and from the
 * server: '20,000', '1 row' and '2 rows'. No imports: the import's worker threads load it by path.
 */

/** A count with thousands separators: 20000 is '20,000'. */
export const formatCount = (count: number) => count.toLocaleString('en-US');

/** The noun for a count: 'row' for 1, 'rows' otherwise (0 rows, 2 rows); `many` for nouns that do not take an s. */
export const pluralWord = (count: number, one: string, many = `${one}s`) => (count === 1 ? one : many);

/** A count and its noun: '1 row', '0 rows', '20,000 rows', '1 category' / '3 categories'. */
export const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${pluralWord(count, one, many)}`;

/** 'was' or 'were' after a count: '1 row was', '2 rows were'. */
export const wasWere = (count: number) => (count === 1 ? 'was' : 'were');
