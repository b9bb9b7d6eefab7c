import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import { SEARCHED_COLUMNS } from '../../../db/product-search-text.js';
import type { DB } from '../../../db/types.js';

/**
 * A two-character search on SQLite through the trigram table, which holds no two-character terms
 * but does hold every place two characters occur in a value of three or more: inside a trigram
 * that starts with them ('qt?') or, at a value's end, one that ends with them ('?qt'). The first
 * kind is one range of the table's vocabulary. For the second, the characters that start a term
 * are read from the vocabulary once (kept until any connection writes to the database) and each
 * '?qt' is looked up. A value of exactly two characters holds no trigram: those are found through
 * the column indexes (and a partial index on short GTINs).
 *
 * The tokenizer folds case as LIKE does for ASCII letters, and folds exactly two other characters
 * to ASCII: the Kelvin sign to 'k' and the long s to 's' (every code point was checked; a test
 * keeps it so). For printable ASCII text without k or s the rows found are then exactly the LIKE's;
 * otherwise they are a superset and the same LIKE as before decides. (Not covered: a value with a
 * NUL character inside, which LIKE reads only up to the NUL and the tokenizer reads across.)
 */
export interface ShortSearch {
  /** The trigram terms holding the text, as an FTS5 query ('' when none exists). */
  match: string;
  /** The text in every ASCII case, for the two-character values. */
  variants: string[];
  /** True when the rows found are exactly the LIKE's, with no LIKE to apply. */
  exact: boolean;
}

interface Alphabet {
  stamp: string;
  firsts: string[];
}
const alphabets = new WeakMap<Kysely<DB>, Alphabet>();

/** The next code point after c, skipping the surrogate range. */
const nextChar = (c: string) => {
  const cp = c.codePointAt(0)! + 1;
  return cp > 0x10ffff ? undefined : String.fromCodePoint(cp === 0xd800 ? 0xe000 : cp);
};

/** Any commit by another connection changes data_version; one by this connection changes total_changes(). */
async function writeStamp(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ v: number; c: number }>`select (select data_version from pragma_data_version) as v, total_changes() as c`.execute(db);
  return `${rows[0]!.v}:${rows[0]!.c}`;
}

/** Every character that starts a term of the trigram table: one seek per character. */
async function termFirstCharacters(db: Kysely<DB>): Promise<string[]> {
  const stamp = await writeStamp(db);
  const cached = alphabets.get(db);
  if (cached?.stamp === stamp) return cached.firsts;
  const firsts: string[] = [];
  let from: string | undefined = '';
  while (from !== undefined) {
    const { rows } = await sql<{ term: string }>`select term from products_search_vocab where term >= ${from} limit 1`.execute(db);
    if (!rows.length) break;
    const first = String.fromCodePoint(rows[0]!.term.codePointAt(0)!);
    firsts.push(first);
    from = nextChar(first);
  }
  alphabets.set(db, { stamp, firsts });
  return firsts;
}

function caseVariants(text: string): string[] {
  let variants = [''];
  for (const c of text) {
    const cases = c.toLowerCase() === c.toUpperCase() ? [c] : [c.toLowerCase(), c.toUpperCase()];
    variants = variants.flatMap((v) => cases.map((k) => v + k));
  }
  return variants;
}

/** The index route for a search of two printable ASCII characters on SQLite, else undefined (the LIKE scan). */
export async function shortSearchFor(db: Kysely<DB>, dialect: Dialect, search: string | undefined): Promise<ShortSearch | undefined> {
  const text = (search ?? '').trim().toLowerCase();
  if (dialect !== 'sqlite' || !/^[\x20-\x7e]{2}$/.test(text)) return undefined;
  const after = nextChar(text[1]!)!;
  const starting = await sql<{ term: string }>`select term from products_search_vocab where term >= ${text} and term < ${text[0]! + after}`.execute(db);
  const firsts = await termFirstCharacters(db);
  const ending = firsts.length
    ? await sql<{ term: string }>`select term from products_search_vocab where term in (${sql.join(firsts.map((c) => c + text))})`.execute(db)
    : { rows: [] };
  const terms = [...new Set([...starting.rows, ...ending.rows].map((r) => r.term))];
  return { match: terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR '), variants: caseVariants(text), exact: !/[ks]/.test(text) };
}

/** The ids the short search finds (a superset of the LIKE's), as a subquery. */
export function shortSearchCandidates(search: ShortSearch) {
  const values = sql.join(search.variants);
  // One select per column, each on that column's index of listed products (parent_id is null: the
  // list's indexes are partial, product-sort-indexes.ts); the GTIN's short-value index, then the row.
  // Tags are JSON text ('["ab"]'), never two characters: a two-character tag is in the trigram table.
  const twoCharacterValues = sql.join(
    SEARCHED_COLUMNS.filter((c) => c !== 'tags').map((c) =>
      c === 'gtin'
        ? sql`select id from products where length(gtin) < 3 and gtin in (${values}) and parent_id is null`
        : sql`select id from products where ${sql.ref(c)} in (${values}) and parent_id is null`,
    ),
    sql` union `,
  );
  return search.match
    ? sql`select rowid from products_search where products_search match ${search.match} union ${twoCharacterValues}`
    : twoCharacterValues;
}
