import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * A list of ids as a set SQL reads (`x in ${idSet(...)}`), bound as one parameter: SQLite's limit
 * on bound variables (one per id answered 'too many SQL variables' above 32,766) is never reached.
 */
export const idSet = (dialect: Dialect, ids: readonly number[]): RawBuilder<number> =>
  dialect === 'sqlite' ? sql<number>`(select value from json_each(${JSON.stringify(ids)}))` : sql<number>`(select unnest(${[...ids]}::int[]))`;
