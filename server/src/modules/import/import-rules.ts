/**
 * The import's rules that every writer applies the same way: the PostgreSQL writer and the dry run
 * on the main thread, the SQLite writer in its worker thread (sqlite-writer-worker.ts) inside its
 * write transaction. Pure, with nothing to load: a worker thread imports this file.
 */

export type WriteAction = 'create' | 'update' | 'skip';

/** Whether a row's SKU is stored: written by this import (earlier, or earlier in the batch), or there before it. */
export type StoredBy = 'import' | 'before';

/**
 * What the import does with a row: a SKU this import already wrote is updated whatever the update
 * mode (a later row of the same file wins), one that was there before is updated or skipped by
 * the mode, a new one is created.
 */
export function writeAction(stored: StoredBy | undefined, updateMode: boolean): WriteAction {
  if (stored === 'import') return 'update';
  if (stored === 'before') return updateMode ? 'update' : 'skip';
  return 'create';
}

/** Which of the SKUs asked about are stored: written earlier by this import, or there before it. */
export interface StoredSkus {
  imported: Set<string>;
  before: Set<string>;
}

/** A batch classified by writeAction before it is written: a repeat inside the batch updates the first. */
export function classifyBatch<T extends { sku: string }>(rows: T[], stored: StoredSkus, updateMode: boolean) {
  const inBatch = new Set<string>();
  return rows.map((row) => {
    const by: StoredBy | undefined = inBatch.has(row.sku) || stored.imported.has(row.sku) ? 'import' : stored.before.has(row.sku) ? 'before' : undefined;
    const action = writeAction(by, updateMode);
    if (action !== 'skip') inBatch.add(row.sku);
    return { row, action };
  });
}

/**
 * How an import finds a category of one tree: under its parent (0: the root), by its match key,
 * its tidied name in lower case (see categoryMatchKey in category-resolver.ts), so a name is reused
 * under the same parent whatever its case.
 */
export const categoryNodeKey = (parentId: number | null, matchKey: string) => `${parentId ?? 0}|${matchKey}`;
