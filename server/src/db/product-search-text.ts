import { sql } from 'kysely';

/** The columns the product search reads (the SQLite trigram table of 0022 indexes the same six; tags is their JSON text). */
export const SEARCHED_COLUMNS = ['name', 'sku', 'mfn', 'gtin', 'brand', 'tags'] as const;
/**
 * The tags as search reads them: their JSON text, and none at all for a product without tags (so
 * that a search for '[' or '[]' does not find every product).
 */
export const searchedTags = (column: string) => `nullif(${column}, '[]')`;

/** The five columns migration 0004 indexed, before tags (0022): what it builds, on a new database too. */
export const SEARCHED_COLUMNS_0004 = ['name', 'sku', 'mfn', 'gtin', 'brand'] as const;
/** A variation's own codes, by which a search finds it and shows its parent (migration 0018). */
export const VARIATION_CODE_COLUMNS = ['sku', 'mfn', 'gtin'] as const;

/**
 * The text PostgreSQL's trigram index covers (migration 0004), and the search must use the very
 * same expression for the planner to pick that index: the five columns joined by spaces, lower
 * case. `table` qualifies the columns in a query ('p'); the index names them bare. The SKU is never
 * NULL; the others are read as '' when they are. The variations' codes have such an index too.
 */
export function postgresSearchText(table?: string, columns: readonly string[] = SEARCHED_COLUMNS) {
  return sql.raw(postgresSearchTextSql(table, columns));
}

/** postgresSearchText as SQL text, for the trigger functions of migration 0035. */
export function postgresSearchTextSql(table?: string, columns: readonly string[] = SEARCHED_COLUMNS) {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  const parts = columns.map((name) => (name === 'sku' ? column(name) : `coalesce(${name === 'tags' ? searchedTags(column(name)) : column(name)}, '')`));
  return `lower(${parts.join(" || ' ' || ")})`;
}
