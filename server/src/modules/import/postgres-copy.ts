import { once } from 'node:events';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { gtinKeySql, QUALITY_COLUMNS, QUALITY_PASSED_COLUMNS, qualityPassedSql, qualityProblemsSql } from '../../db/quality-sql.js';
import { STORE_CATEGORY_WRITE } from '../../db/store-category-write.js';
import type { DB } from '../../db/types.js';
import type { ColumnValue } from './row-mapper.js';

/**
 * The PostgreSQL import's bulk path (issue 21): a batch's rows go to a temporary staging table
 * through COPY FROM STDIN, and one set-based statement writes them from there. A multi-row
 * INSERT ... VALUES binds every value as a parameter: for 5,000 rows of 30 columns the client
 * builds and the server parses and plans 150,000 of them, which cost more than writing the rows.
 */

/** A value in COPY's text format: \N for NULL; the backslash and the line and column separators escaped. */
export function copyText(value: ColumnValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

/** Text sent to the server per write: large enough that a write carries many rows, small enough to hold twice. */
const CHUNK_CHARS = 1 << 20;

/** Streams the rows into `table` (its columns in `columns` order) with COPY FROM STDIN on the connection of the running transaction. */
export async function copyRows(client: pg.ClientBase, table: string, columns: readonly string[], rows: Iterable<readonly ColumnValue[]>): Promise<void> {
  const names = columns.map((c) => `"${c}"`).join(', ');
  const stream = client.query(copyFrom(`copy ${table} (${names}) from stdin`));
  const finished = once(stream, 'finish');
  // A refused COPY (a value the column's type cannot take) ends the stream with an error: raised by `finished`.
  stream.on('error', () => {});
  let text = '';
  for (const row of rows) {
    text += row.map(copyText).join('\t') + '\n';
    if (text.length >= CHUNK_CHARS) {
      if (!stream.write(text)) await Promise.race([once(stream, 'drain'), finished]);
      text = '';
    }
  }
  stream.end(text);
  await finished;
}

type Executor = Transaction<DB> | Kysely<DB>;

/**
 * A temporary table shaped like these columns of products, dropped at the end of the transaction:
 * typed as the products' own columns, so COPY reads each value as the column will store it, with
 * `import_ord` (the row's place in the batch, for ids in the file's order), `import_dropped`
 * (the row's shape of dropped columns: one statement per shape, see byDroppedShape) and
 * `import_added` (NULL until insertNewFromStage inserts the row as a new product).
 */
export async function createStage(trx: Executor, table: string, columns: readonly string[]) {
  await sql`create temp table ${sql.id(table)} on commit drop as
    select ${sql.join(columns.map((c) => sql.ref(c)))}, 0 as import_ord, ''::text as import_dropped, null::boolean as import_added from products with no data`.execute(trx);
}

/** What insertNewFromStage computes itself, from the row's other columns. */
const COMPUTED = ['quality_problems', 'gtin_key'];

/**
 * The columns the quality checks and the checks passed read (QUALITY_COLUMNS,
 * QUALITY_PASSED_COLUMNS) that a stage of these columns lacks, each as the value a new product
 * takes for it: the column's default in the products table (NULL without one), typed. Read from
 * the catalogue, so that the schema stays the one place that says them.
 */
export async function unstagedQualityColumns(trx: Executor, columns: readonly string[]): Promise<string[]> {
  const missing = [...new Set([...QUALITY_COLUMNS, ...QUALITY_PASSED_COLUMNS])].filter((c) => !columns.includes(c) && !COMPUTED.includes(c));
  if (!missing.length) return [];
  const { rows } = await sql<{ name: string; type: string; fallback: string | null }>`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      pg_get_expr(d.adbin, d.adrelid) as fallback
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = 'products'::regclass and a.attname = any(${missing}) and not a.attisdropped`.execute(trx);
  return rows.map((r) => `cast(${r.fallback ?? 'null'} as ${r.type}) as "${r.name}"`);
}

/**
 * Inserts the staged rows of one shape of dropped columns (import_dropped = shapeKey) whose SKU
 * is not stored, in the batch's order, and marks them in the stage (import_added); answers how
 * many. The row triggers that write a product's quality bits and GTIN key (products_quality) and
 * its checks passed (products_quality_passed) ran their checks through the executor once per row:
 * they cost about half of a batch's insert (7-12 s of 14-29 s for 20k rows, EXPLAIN ANALYZE).
 * They stand aside for this one statement, as for a store-category write (store-category-write.ts;
 * an INSERT fires no other trigger that reads the setting), and the statement writes all three
 * itself by the same SQL (quality-sql.ts), over the values each row is inserted with: its staged
 * ones, and for the columns it does not stage (`unstaged`, unstagedQualityColumns) the table's
 * defaults. The checks passed read the GTIN counts as they are before the statement, as the row
 * trigger did; the GTIN counts' trigger then gives those of a key now held twice their value again.
 * A new product has no variations yet, so a variable one has none of their bits (productProblemsSql).
 * A SKU another server inserts meanwhile is left to the upsert that follows (on conflict do nothing).
 */
export async function insertNewFromStage(trx: Executor, table: string, columns: readonly string[], shapeKey: string, unstaged: readonly string[]): Promise<number> {
  const columnList = sql.join(columns.map((c) => sql.ref(c)));
  const gtinKey = columns.includes('gtin') ? gtinKeySql('postgres', 's.gtin') : 'cast(null as text)';
  const computed = sql.raw([...unstaged, `${gtinKey} as gtin_key`].join(', '));
  // OFFSET 0 keeps each subquery whole: the key is computed once a row, not once per use in the
  // checks, and the bits once, not once per use in the checks passed.
  const keyed = sql`(select s.*, ${computed} from ${sql.id(table)} s
    where s.import_dropped = ${shapeKey} and not exists (select 1 from products p where p.sku = s.sku) offset 0) q`;
  const source = sql`(select q.*, ${sql.raw(qualityProblemsSql('postgres', 'q.', 'q.gtin_key'))} as quality_problems from ${keyed} offset 0) r`;
  await sql`select set_config(${STORE_CATEGORY_WRITE}, 'on', true)`.execute(trx);
  const result = await sql`with added as (
      insert into products (${columnList}, gtin_key, quality_problems, quality_passed)
      select ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}, r.gtin_key, r.quality_problems, ${sql.raw(qualityPassedSql('r.'))}
      from ${source}
      order by r.import_ord
      on conflict (sku) do nothing returning sku)
    update ${sql.id(table)} s set import_added = true from added where s.sku = added.sku`.execute(trx);
  await sql`select set_config(${STORE_CATEGORY_WRITE}, '', true)`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** The import's own connection, with a Kysely over it: COPY needs the client of the transaction the writer's other statements run in. */
export interface ImportConnection {
  client: pg.Client;
  db: Kysely<DB>;
  close(): Promise<void>;
}

export async function openImportConnection(url: string): Promise<ImportConnection> {
  const client = new pg.Client({ connectionString: url, application_name: 'bosun import' });
  // A connection the server ends while idle must not end the process: the next statement fails instead.
  client.on('error', (error) => console.error(`PostgreSQL closed the import's connection: ${error.message}`));
  await client.connect();
  // Kysely asks its pool for a connection per query or transaction: this one hands out the same client every time.
  const pool = { connect: async () => Object.assign(client, { release: () => {} }), end: async () => {} };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    client,
    db,
    async close() {
      await db.destroy();
      await client.end().catch(() => {});
    },
  };
}
