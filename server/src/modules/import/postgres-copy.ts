import { once } from 'node:events';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
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

/**
 * A temporary table shaped like these columns of products, dropped at the end of the transaction:
 * typed as the products' own columns, so COPY reads each value as the column will store it, with
 * `import_ord` (the row's place in the batch, for ids in the file's order) and `import_dropped`
 * (the row's shape of dropped columns: one statement per shape, see byDroppedShape).
 */
export async function createStage(trx: Transaction<DB> | Kysely<DB>, table: string, columns: readonly string[]) {
  await sql`create temp table ${sql.id(table)} on commit drop as
    select ${sql.join(columns.map((c) => sql.ref(c)))}, 0 as import_ord, ''::text as import_dropped from products with no data`.execute(trx);
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
