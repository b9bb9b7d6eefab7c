import { sql } from 'kysely';

/** The columns the product search reads (the SQLite trigram table of 0004 indexes the same five). */
export const SEARCHED_COLUMNS = ['name', 'sku', 'mfn', 'gtin', 'brand'] as const;

/**
 * The text PostgreSQL's trigram index covers (migration 0004), and the search must use the very
 * same expression for the planner to pick that index: the five columns joined by spaces, lower
 * case. `table` qualifies the columns in a query ('p'); the index names them bare. The SKU is never
 * NULL; the others are read as '' when they are.
 */
export function postgresSearchText(table?: string) {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  const parts = SEARCHED_COLUMNS.map((name) => (name === 'sku' ? column(name) : `coalesce(${column(name)}, '')`));
  return sql.raw(`lower(${parts.join(" || ' ' || ")})`);
}
