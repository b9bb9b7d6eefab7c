import { CompiledQuery, sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * The database's plan of a statement, as text, to tell whether an index serves it. PostgreSQL is
 * told to avoid scanning a table and sorting wherever it can (test tables are small, and a scan
 * would be cheaper there): it scans or sorts only when no index can serve. SQLite's plan says
 * 'SCAN' for a table read whole and 'USE TEMP B-TREE' for a sort.
 */
export async function queryPlan(database: Database, query: CompiledQuery): Promise<string> {
  if (database.dialect === 'sqlite') {
    const plan = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return plan.rows.map((r) => r.detail).join('\n');
  }
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
