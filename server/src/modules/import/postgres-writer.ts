import { sql, type Kysely } from 'kysely';
import { bindChange } from '../../db/change-context.js';
import type { DB } from '../../db/types.js';
import { categoryPathsOf, type CategoryResolver } from './category-resolver.js';
import { assignmentsKeeping, byDroppedShape, classifyBatch, droppedKey, followStoredStatus, kindConflict, parentVendorReason, rowWriteFailure, takesOwnerless, type ImportRules, type StoredProduct, type StoredSkus } from './import-rules.js';
import type { ImportVendors } from './import-vendors.js';
import { copyRows, createStage, insertNewFromStage, openImportConnection, unstagedQualityColumns, type ImportConnection } from './postgres-copy.js';
import { upsertVariations, writeImportedAttributes } from './postgres-variant-writes.js';
import { ownerlessWarning, rowValues, storedProductsIn, vendorOf, writeColumns, writerAssignments, type ProductWriter, type TransactionStyle, type WriteOutcome, type WriterShape } from './product-writer.js';
import type { MappedRow } from './row-mapper.js';

const STAGE = 'import_stage';

/**
 * What one write transaction created for its rows: the vendors (provisional id -> id, see
 * ImportVendors), the rows given those ids, the categories (resolver.ensure's forget). A row's
 * savepoint that rolls back takes back what was created since its mark; the whole transaction
 * rolling back takes back everything.
 */
function transactionCreations() {
  const vendorIds = new Map<number, number>();
  const log: Array<() => void> = [];
  return {
    vendorIds,
    vendor(provisional: number, id: number) {
      vendorIds.set(provisional, id);
      log.push(() => vendorIds.delete(provisional));
    },
    row(row: MappedRow, vendorId: number) {
      const provisional = row.vendorId;
      row.vendorId = vendorId;
      log.push(() => (row.vendorId = provisional));
    },
    categories(forget: () => void) {
      log.push(forget);
    },
    mark: () => log.length,
    undo(mark = 0) {
      for (const undo of log.splice(mark).reverse()) undo();
    },
  };
}
type Creations = ReturnType<typeof transactionCreations>;

/**
 * PostgreSQL, on a connection of the import's own (postgres-copy.ts): a batch's products go in
 * through COPY into a staging table and one upsert from there; the row-by-row path writes each row
 * with its own statement in its own savepoint. The vendors still to be created that the rows
 * written name (ImportVendors) and their missing categories (resolver.ensure) are created in the
 * batch's transaction just before its rows, and row by row in each row's savepoint, so that a
 * rolled-back batch or row leaves none behind.
 */
export function createPostgresWriter(url: string, shape: WriterShape, resolver: CategoryResolver, vendors: ImportVendors): ProductWriter {
  const columns = writeColumns(shape);
  const assignments = writerAssignments(shape);
  const stockAt = { stock: columns.indexOf('stock'), status: columns.indexOf('stock_status') };
  const columnList = sql.join(columns.map((c) => sql.ref(c)));
  let opened: Promise<ImportConnection> | undefined;
  const connection = () => (opened ??= openImportConnection(url));
  const valuesOf = (row: MappedRow, now: string) => {
    const vendorId = vendorOf(shape, row);
    const mapped = resolver.storeCategoryFromMapping(row.categories, vendorId);
    return rowValues(shape, row, resolver.resolve('vendor', row.categories.vendor, vendorId), mapped === undefined ? resolver.resolve('store', row.categories.store) : mapped, now);
  };
  /** An update keeps the stored value of a row's dropped columns. */
  const onConflict = (dropped: string[]) => sql`on conflict (sku) do update set ${sql.raw(assignmentsKeeping(assignments, dropped).join(', '))}`;
  /** One row, with its own statement (the row-by-row path). */
  const upsertOne = async (executor: Kysely<DB>, row: MappedRow, now: string) => {
    await sql`insert into products (${columnList}) values (${sql.join(valuesOf(row, now))}) ${onConflict(row.dropped ?? [])}`.execute(executor);
  };
  let unstaged: Promise<string[]> | undefined;
  /**
   * A batch: COPY into the stage, then per shape of dropped columns, in the file's order (ids
   * follow it), the new SKUs (insertNewFromStage) and one upsert of the rest.
   */
  const upsertStaged = async (executor: Kysely<DB>, items: MappedRow[], now: string) => {
    const { client } = await connection();
    await createStage(executor, STAGE, columns);
    await copyRows(client, STAGE, [...columns, 'import_ord', 'import_dropped'], items.map((row, i) => [...valuesOf(row, now), i, droppedKey(row.dropped)]));
    for (const group of byDroppedShape(items, (row) => row.dropped)) {
      const shapeKey = droppedKey(group.dropped);
      // Read once per import; read again after a batch whose transaction it failed in.
      unstaged ??= unstagedQualityColumns(executor, columns).catch((error: unknown) => {
        unstaged = undefined;
        throw error;
      });
      const added = await insertNewFromStage(executor, STAGE, columns, shapeKey, await unstaged);
      if (added === group.items.length) continue;
      await sql`insert into products (${columnList}) select ${columnList} from ${sql.id(STAGE)} where import_dropped = ${shapeKey} and import_added is null
        order by import_ord ${onConflict(group.dropped)}`.execute(executor);
    }
  };
  /**
   * Gives the products about to be written their vendors, creating those still to be created,
   * then creates their missing categories (a variation's vendor and categories are its parent's).
   */
  const createWhatRowsNeed = async (trx: Kysely<DB>, products: MappedRow[], made: Creations) => {
    const wanted = vendors.toCreate(products.map((row) => row.vendorId ?? null)).filter(([provisional]) => !made.vendorIds.has(provisional));
    for (const [provisional, id] of await vendors.createIn(trx, wanted)) made.vendor(provisional, id);
    for (const row of products) if (row.vendorId !== undefined && row.vendorId < 0) made.row(row, made.vendorIds.get(row.vendorId)!);
    made.categories(await resolver.ensure(products.flatMap((row) => categoryPathsOf(row, vendorOf(shape, row))), trx));
  };
  /**
   * Products and parents first, then the variations, whose parents are stored by then whichever
   * came first. Answers the rows the variant rules refuse (kindConflict), left unwritten, and the
   * variations skipped because their parent belongs to another vendor (parentVendorReason).
   */
  const writeMixed = async (trx: Kysely<DB>, items: MappedRow[], stored: Map<string, StoredProduct>, now: string, rules: ImportRules, bulk: boolean, made: Creations) => {
    const refused: WriteOutcome['failed'] = [];
    const skipped: WriteOutcome['skippedRows'] = [];
    const allowed = (row: MappedRow, parentId?: number) => {
      const reason = kindConflict(row.sku, row.variant?.kind, stored.get(row.sku), parentId);
      if (reason) refused.push({ row, reason });
      return !reason;
    };
    const products = items.filter((row) => row.variant?.kind !== 'variation' && allowed(row));
    // One statement cannot touch a SKU twice; the later row of a file wins, so keep the last.
    const lastBySku = [...new Map(products.map((row) => [row.sku, row])).values()];
    await createWhatRowsNeed(trx, lastBySku, made);
    if (bulk && lastBySku.length) await upsertStaged(trx, lastBySku, now);
    else for (const row of lastBySku) await upsertOne(trx, row, now);
    await writeImportedAttributes(trx, lastBySku, stored);
    const variationRows = items.filter((row) => row.variant?.kind === 'variation');
    if (!variationRows.length) return { refused, skipped };
    const parentsHere = new Set(lastBySku.map((row) => row.sku));
    const parents = await storedProductsIn(trx, 'postgres', [...new Set(variationRows.map((row) => row.variation!.parentSku))]);
    const variations = variationRows.filter((row) => {
      const parent = parents.get(row.variation!.parentSku);
      if (parent?.kind === 'variable') {
        const parentSku = row.variation!.parentSku;
        const reason = parentVendorReason(parentSku, parentsHere.has(parentSku) || written.has(parentSku), vendors.owner(parent.vendorId), vendorOf(shape, row), rules);
        if (reason) skipped.push({ row, reason });
        return !reason && allowed(row, parent.id);
      }
      refused.push({ row, reason: `The parent ${row.variation!.parentSku} is not stored as a variable product (its own row has an error?)` });
      return false;
    });
    const parentIds = new Map([...parents].map(([sku, p]) => [sku, p.id]));
    await upsertVariations(trx, [...new Map(variations.map((row) => [row.sku, row])).values()], columns, parentIds, now, shape.updateOnly);
    return { refused, skipped };
  };
  // Other servers may insert between (and within) batches here, so the SKUs this import wrote are kept.
  const written = new Set<string>();
  /** Classifies, then writes what is not skipped; counted by the classification. */
  const write = async (all: MappedRow[], style: TransactionStyle, rules: ImportRules): Promise<WriteOutcome> => {
    const { db } = await connection();
    // A vendor an earlier write created is the row's from now on (ImportVendors.settled).
    for (const row of all) if (row.vendorId !== undefined) row.vendorId = vendors.settled(row.vendorId)!;
    const stored = await storedProductsIn(db, 'postgres', all.map((row) => row.sku));
    // Read with the batch's stored rows: no query of its own.
    for (const row of all) if (row.statusFollows) followStoredStatus(row.values, stockAt, row.dropped, stored.get(row.sku));
    const skus: StoredSkus = { imported: new Set(), before: new Set() };
    for (const sku of stored.keys()) (written.has(sku) ? skus.imported : skus.before).add(sku);
    const classified = classifyBatch(all, skus, rules, (sku) => vendors.owner(stored.get(sku)?.vendorId), (row) => vendorOf(shape, row));
    const items = classified.filter((c) => c.action !== 'skip').map((c) => c.row);
    const outcome = await writeRows(items, style, stored, rules);
    const notWritten = new Set([...outcome.failed, ...outcome.skipped].map((f) => f.row));
    const skippedRows = [...classified.flatMap((c) => (c.action === 'skip' ? [{ row: c.row, reason: c.reason! }] : [])), ...outcome.skipped];
    const tally: WriteOutcome = { created: 0, updated: 0, skipped: skippedRows.length, skippedRows, failed: outcome.failed };
    for (const { row, action, by } of classified) {
      if (action === 'skip' || notWritten.has(row)) continue;
      tally[action === 'create' ? 'created' : 'updated'] += 1;
      if (takesOwnerless(by, stored.get(row.sku), vendorOf(shape, row))) (row.warnings ??= []).push(ownerlessWarning(row.row, row.sku, vendors.nameOf(vendorOf(shape, row)!)));
    }
    return tally;
  };
  type Written = Pick<WriteOutcome, 'failed'> & { skipped: WriteOutcome['skippedRows'] };
  /**
   * Whether the batch is first written whole. A per-row (standard) batch is too when no SKU comes
   * twice in it: each of its rows then ends as it would in a savepoint of its own, as a batch that
   * fails is written again row by row, each row in its own savepoint. Row by row, every statement
   * runs each statement trigger of products once (history, counts, search, quality): about 28 ms
   * a row. A SKU that comes twice is written twice row by row, but once (its last row) whole.
   */
  const writtenWhole = (items: MappedRow[], style: TransactionStyle) => style === 'batch' || new Set(items.map((row) => row.sku)).size === items.length;
  const writeRows = async (items: MappedRow[], style: TransactionStyle, stored: Map<string, StoredProduct>, rules: ImportRules): Promise<Written> => {
    const { db } = await connection();
    const now = new Date().toISOString();
    if (writtenWhole(items, style)) {
      const made = transactionCreations();
      try {
        const { refused, skipped } = await db.transaction().execute(async (trx) => {
          await bindChange(trx, 'postgres', shape.changeId);
          return writeMixed(trx, items, stored, now, rules, true, made);
        });
        vendors.learnCreated([...made.vendorIds]);
        const unwritten = new Set([...refused, ...skipped].map((f) => f.row));
        for (const row of items) if (!unwritten.has(row)) written.add(row.sku);
        return { failed: refused, skipped };
      } catch {
        made.undo();
        // Retried row by row below.
      }
    }
    const failed: WriteOutcome['failed'] = [];
    const skipped: WriteOutcome['skippedRows'] = [];
    // Products and parents first, as writeMixed does: a variation may come before its parent in the file.
    const ordered = [...items.filter((row) => row.variant?.kind !== 'variation'), ...items.filter((row) => row.variant?.kind === 'variation')];
    const made = transactionCreations();
    try {
      await db.transaction().execute(async (trx) => {
        await bindChange(trx, 'postgres', shape.changeId);
        for (const row of ordered) {
          await sql`savepoint import_row`.execute(trx);
          const mark = made.mark();
          try {
            // The row's new vendor and categories in its own savepoint: a row that fails leaves none behind.
            const outcome = await writeMixed(trx, [row], stored, now, rules, false, made);
            await sql`release savepoint import_row`.execute(trx);
            failed.push(...outcome.refused);
            skipped.push(...outcome.skipped);
            if (!outcome.refused.length && !outcome.skipped.length) written.add(row.sku);
          } catch (err) {
            await sql`rollback to savepoint import_row`.execute(trx);
            made.undo(mark);
            failed.push({ row, ...rowWriteFailure(err, row.sku) });
          }
        }
      });
    } catch (error) {
      made.undo();
      throw error;
    }
    vendors.learnCreated([...made.vendorIds]);
    return { failed, skipped };
  };
  // One write at a time, in the order asked: a batch's classification must see the batches before it.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    write(rows, style, rules) {
      const done = queue.then(() => write(rows, style, rules));
      queue = done.catch(() => undefined);
      return done;
    },
    async close() {
      await queue;
      if (opened) await (await opened).close();
    },
  };
}
