import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { categoryPathsOf, type CategoryResolver } from './category-resolver.js';
import { classifyBatch, type StoredSkus } from './import-rules.js';
import { existingSkusIn, rowValues, updateColumns, writeColumns, type ProductWriter, type TransactionStyle, type WriteOutcome, type WriterShape } from './product-writer.js';
import type { MappedRow } from './row-mapper.js';

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * PostgreSQL: multi-row upserts through the pool, savepoints for the row-by-row path. A batch's
 * missing categories are created (resolver.ensure) in the batch's transaction just before its rows,
 * and row by row in each row's savepoint, so that a rolled-back batch or row leaves none behind.
 */
export function createPostgresWriter(db: Kysely<DB>, shape: WriterShape, resolver: CategoryResolver): ProductWriter {
  const columns = writeColumns(shape);
  const updates = updateColumns(columns);
  const rowsPerStatement = Math.min(1000, Math.floor(60_000 / columns.length));
  const upsert = (executor: Kysely<DB>, items: MappedRow[], now: string) => {
    const rows = items.map((row) => {
      const values = rowValues(shape, row, resolver.resolve('vendor', row.categories.vendor), resolver.resolve('store', row.categories.store), now);
      return sql`(${sql.join(values)})`;
    });
    return sql`insert into products (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(rows)}
      on conflict (sku) do update set ${sql.join(updates.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}`.execute(executor);
  };
  // Other servers may insert between (and within) batches here, so the SKUs this import wrote are kept.
  const written = new Set<string>();
  const storedSkus = async (skus: string[]) => {
    const found: StoredSkus = { imported: new Set(), before: new Set() };
    for (const sku of await existingSkusIn(db, 'postgres', skus)) (written.has(sku) ? found.imported : found.before).add(sku);
    return found;
  };
  /** Classifies, then writes what is not skipped; counted by the classification. */
  const write = async (all: MappedRow[], style: TransactionStyle, updateMode: boolean): Promise<WriteOutcome> => {
    const classified = classifyBatch(all, await storedSkus(all.map((row) => row.sku)), updateMode);
    const items = classified.filter((c) => c.action !== 'skip').map((c) => c.row);
    const outcome = await writeRows(items, style);
    const failed = new Set(outcome.failed.map((f) => f.row));
    const tally: WriteOutcome = { created: 0, updated: 0, skipped: all.length - items.length, failed: outcome.failed };
    for (const { row, action } of classified) if (action !== 'skip' && !failed.has(row)) tally[action === 'create' ? 'created' : 'updated'] += 1;
    return tally;
  };
  const writeRows = async (items: MappedRow[], style: TransactionStyle): Promise<{ failed: WriteOutcome['failed'] }> => {
    const now = new Date().toISOString();
    if (style === 'batch') {
      let forgetCategories = () => {};
      try {
        await db.transaction().execute(async (trx) => {
          forgetCategories = await resolver.ensure(items.flatMap(categoryPathsOf), trx);
          // One statement cannot touch a SKU twice; the later row of a file wins, so keep the last.
          const lastBySku = [...new Map(items.map((row) => [row.sku, row])).values()];
          for (let i = 0; i < lastBySku.length; i += rowsPerStatement) await upsert(trx, lastBySku.slice(i, i + rowsPerStatement), now);
        });
        for (const row of items) written.add(row.sku);
        return { failed: [] };
      } catch {
        forgetCategories();
        // Retried row by row below.
      }
    }
    const failed: WriteOutcome['failed'] = [];
    await db.transaction().execute(async (trx) => {
      for (const row of items) {
        await sql`savepoint import_row`.execute(trx);
        let forgetCategories = () => {};
        try {
          // The row's new categories in its own savepoint: a row that fails leaves none behind.
          forgetCategories = await resolver.ensure(categoryPathsOf(row), trx);
          await upsert(trx, [row], now);
          await sql`release savepoint import_row`.execute(trx);
          written.add(row.sku);
        } catch (err) {
          await sql`rollback to savepoint import_row`.execute(trx);
          forgetCategories();
          failed.push({ row, reason: reasonOf(err) });
        }
      }
    });
    return { failed };
  };
  // One write at a time, in the order asked: a batch's classification must see the batches before it.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    write(rows, style, updateMode) {
      const done = queue.then(() => write(rows, style, updateMode));
      queue = done.catch(() => undefined);
      return done;
    },
    async close() {},
  };
}
