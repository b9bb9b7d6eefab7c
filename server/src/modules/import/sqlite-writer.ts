import { startWorker } from '../../lib/start-worker.js';
import { lockWaiters } from '../../db/sqlite-busy-wait.js';
import { workerRpc } from '../../db/sqlite-worker-client.js';
import type { CategoryResolver, MissingLevels } from './category-resolver.js';
import type { ImportVendors } from './import-vendors.js';
import { ownerlessWarning, rowValues, variantWriteOf, vendorOf, writeColumns, writerAssignments, type ProductWriter, type WriterShape } from './product-writer.js';
import type { WriterOperations, WriterWorkerData } from './sqlite-writer-worker.js';

/**
 * SQLite: a worker thread with its own connection (sqlite-writer-worker.ts), so that
 * the rows are written on the second core while this thread reads and maps the next batch, and the
 * event loop never waits on the database. The worker answers in the order it is asked, and
 * classifies each batch's rows itself inside the write transaction. There, one prepared INSERT
 * (or upsert for a SKU already stored) per row, the product triggers set aside for the batch and applied set-based,
 * better-sqlite3 transactions (a nested one is a savepoint). Only the mapped columns change on an
 * existing SKU.
 * A path this thread's resolver does not know yet is sent as its missing levels: the worker
 * creates them in the same transaction as the rows that need them (a rolled-back batch leaves no
 * category behind) and tells the resolver what it created. So with a vendor still to be created
 * (a row's provisional vendor id, ImportVendors): the worker creates it with the first row it
 * writes for it, and tells `vendors`.
 */
export function createSqliteWriter(file: string, shape: WriterShape, resolver: CategoryResolver, vendors: ImportVendors): ProductWriter {
  const columns = writeColumns(shape);
  const at = { vendor: columns.indexOf('vendor_category_id'), store: columns.indexOf('store_category_id') };
  const workerData: WriterWorkerData = { file, columns, assignments: writerAssignments(shape), updateOnly: shape.updateOnly ?? null, lockWaiters, changeId: shape.changeId };
  const worker = workerRpc<WriterOperations>(startWorker(new URL('./sqlite-writer-worker.ts', import.meta.url), { workerData }));
  return {
    async write(rows, style, rules) {
      const now = new Date().toISOString();
      // A vendor an earlier write created is the row's from now on (ImportVendors.settled).
      for (const row of rows) if (row.vendorId !== undefined) row.vendorId = vendors.settled(row.vendorId)!;
      const newVendors = vendors.toCreate(rows.map((row) => vendorOf(shape, row)));
      const newPaths: MissingLevels[] = [];
      /** By the path's vendor (null: the store tree), then the path array. */
      const pathIndex = new Map<number | null, Map<readonly string[], number>>();
      /** [row, value index, index in newPaths]: values the worker fills with the id of a path it creates. */
      const pathRefs: Array<[number, number, number]> = [];
      const idOf = (type: 'vendor' | 'store', path: readonly string[] | undefined, rowIndex: number, vendorId: number | null) => {
        if (!path?.length) return null;
        const id = resolver.peek(type, path, vendorId);
        if (id !== undefined) return id;
        const owner = type === 'vendor' ? vendorId : null;
        let indexes = pathIndex.get(owner);
        if (!indexes) pathIndex.set(owner, (indexes = new Map()));
        let index = indexes.get(path);
        if (index === undefined) {
          index = newPaths.push(resolver.missingLevels(type, path, owner)) - 1;
          indexes.set(path, index);
        }
        pathRefs.push([rowIndex, at[type], index]);
        return null;
      };
      const values = rows.map((row, i) => {
        const vendorId = vendorOf(shape, row);
        const mapped = resolver.storeCategoryFromMapping(row.categories, vendorId);
        return rowValues(shape, row, idOf('vendor', row.categories.vendor, i, vendorId), mapped === undefined ? idOf('store', row.categories.store, i, null) : mapped, now);
      });
      const outcome = await worker.call('write', {
        rows: values,
        ...(rows.some((row) => row.variant) ? { variants: rows.map(variantWriteOf) } : {}),
        ...(rows.some((row) => row.dropped) ? { dropped: rows.map((row) => row.dropped ?? null) } : {}),
        ...(rows.some((row) => row.statusFollows) ? { statusFollows: rows.flatMap((row, i) => (row.statusFollows ? [i] : [])) } : {}),
        perRow: style === 'per-row',
        rules,
        newPaths,
        pathRefs,
        ...(newVendors.length ? { newVendors } : {}),
        now,
      });
      resolver.learn(outcome.categories);
      vendors.learnCreated(outcome.vendors);
      for (const i of outcome.claimed) {
        const row = rows[i]!;
        (row.warnings ??= []).push(ownerlessWarning(row.row, row.sku, vendors.nameOf(vendorOf(shape, row)!)));
      }
      return {
        created: outcome.created,
        updated: outcome.updated,
        skipped: outcome.skipped,
        skippedRows: outcome.skippedRows.map(([i, reason]) => ({ row: rows[i]!, reason })),
        failed: outcome.failed.map(([i, reason, cause]) => ({ row: rows[i]!, reason, ...(cause === undefined ? {} : { cause }) })),
      };
    },
    async close() {
      try {
        await worker.call('close', {});
      } finally {
        await worker.terminate();
      }
    },
  };
}

