import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * A tag's key, by which a product's tags are unique and the list filters: the tag with ASCII
 * letters in lower case, as tagKey (shared/src/product-tags.ts) folds it in JavaScript. SQLite's
 * lower() folds exactly these (it has no Unicode case table); PostgreSQL's would fold more, so it
 * is spelled out there, and every engine and the server agree on which tags are the same.
 */
export const ASCII_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const ASCII_LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** The key of a text expression, as SQL of the dialect (for migrations, which take text). */
export const tagKeySql = (dialect: Dialect, expression: string) =>
  dialect === 'postgres' ? `translate(${expression}, '${ASCII_UPPER}', '${ASCII_LOWER}')` : `lower(${expression})`;

/** The same, over a query's expression. */
export const tagKeyOf = (dialect: Dialect, expression: RawBuilder<unknown>): RawBuilder<string> =>
  dialect === 'postgres' ? sql<string>`translate(${expression}, ${ASCII_UPPER}, ${ASCII_LOWER})` : sql<string>`lower(${expression})`;

/** The elements of a JSON array of text held in a text column or parameter, as rows of `value` (in order, `ord`). */
export const jsonTextElements = (dialect: Dialect, json: RawBuilder<unknown>) =>
  dialect === 'postgres'
    ? sql`(select value, ord from jsonb_array_elements_text(cast(${json} as jsonb)) with ordinality as e(value, ord))`
    : sql`(select value, key as ord from json_each(${json}))`;
