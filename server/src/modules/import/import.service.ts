import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  formatRowError,
  IMPORT_MESSAGES,
  restoreFormula,
  type ImportProfileRules,
  type MissingProductsOutcome,
  type BadOptionalValues,
  type FieldMapping,
  type ImportCompleteEvent,
  type ImportEvent,
  type ImportMode,
  type ImportRowError,
} from '@bosun/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Dialect } from '../../db/database.js';
import type { FixedFormat } from './csv-format.js';
import type { DB } from '../../db/types.js';
import { dropProductSortIndexes, ensureProductSortIndexes } from '../../db/product-sort-indexes.js';
import { PARENT_TOTAL_COLUMNS } from '../../db/sqlite-bulk-products.js';
import { collectGarbage } from '../../lib/collect-garbage.js';
import { getSettings } from '../settings/index.js';
import { CategoryResolver } from './category-resolver.js';
import { countUploadRows, openImportFile, type OpenedCsv } from './import-file.js';
import { withImportLock } from './import-lock.js';
import { ImportVendors } from './import-vendors.js';
import { applyMissingProductRule } from './missing-products.js';
import { PriceRuler } from './price-ruler.js';
import type { ImportRules } from './import-rules.js';
import { createPostgresWriter } from './postgres-writer.js';
import { updateColumns, updateOnlyColumns, type ProductWriter, type TransactionStyle, type WriterShape } from './product-writer.js';
import { createSqliteWriter } from './sqlite-writer.js';
import { createRowMapper, type MappedRow } from './row-mapper.js';
import { readShopifyProducts } from './shopify-rows.js';
import { VariantPlanner } from './variant-planner.js';

export interface ImportDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Readonly<Config>;
  /** Where the raw errors of rows the database refused go (their row errors say it in our words). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface ImportFile {
  path: string;
  utf8Valid: boolean;
  /** An Excel workbook, read from `sheet` (else its first sheet). */
  workbook?: boolean;
  sheet?: string;
  /** The file as openImportFile opened and checked it (the route does, before it answers). */
  csv?: OpenedCsv;
}

/**
 * Rows per transaction; batchChars also ends a batch once its cells hold that much text, so that
 * wide rows (long descriptions) do not multiply the memory a batch holds: one batch is mapped
 * while the one before is being written. Smaller ultra-fast batches cost throughput (every batch pays
 * a commit, an FTS flush and the trigger swap): 2 M characters (2,000 of the bench's 1 KB rows)
 * measured 7.5-7.8k rows/s against 9.7-11.4k for 5,000 rows, for ~90 MB less peak RSS.
 */
const MODE_PLAN: Record<ImportMode, { batchRows: number; batchChars?: number; style: TransactionStyle }> = {
  'ultra-fast': { batchRows: 5_000, batchChars: 6_000_000, style: 'batch' },
  lightning: { batchRows: 1_000, style: 'batch' },
  // Every row has its own savepoint (PostgreSQL: once the batch written whole fails, see TransactionStyle); the transaction around them only sets how often a commit is paid.
  standard: { batchRows: 2_000, batchChars: 2_000_000, style: 'per-row' },
};
/** Above this many rows (and a quarter of the catalogue), an import rebuilds the sort indexes instead of updating them. */
const INDEX_REBUILD_MIN_ROWS = 20_000;
/**
 * The columns an import that creates no product writes, for setting aside only their indexes; undefined
 * when it may create products (a new row goes into every index) and on PostgreSQL, where an update
 * that changes one indexed column adds an entry to every index of the table (no HOT update) anyway.
 */
function indexedWrites(dialect: Dialect, shape: WriterShape, rules: ImportRules): string[] | undefined {
  if (dialect !== 'sqlite' || rules.createNew || !shape.updateOnly) return undefined;
  return [...updateColumns(shape.columns, shape.updateOnly), ...PARENT_TOTAL_COLUMNS, ...(shape.storeCategoryFromMapping ? ['store_category_id'] : [])];
}
/**
 * Garbage the import may leave on the heap before it collects it. A batch's rows outlive a few
 * young-generation collections (they wait for the write before them), so V8 promotes them and lets
 * the old generation grow to about three times what is live: 200+ MB of dead rows on a long import
 * (peak server RSS 500 MB at 250k rows and at 1M; 273 MB at 250k with this budget, which collects
 * about once per ultra-fast batch while the writer works, at no measurable cost in rows/s).
 * Only where node runs with --expose-gc (collectGarbage).
 */
const HEAP_GARBAGE_BUDGET = 48 * 1024 * 1024;
/**
 * Batches asked of the writer before the oldest must be done: the writer never waits for the next
 * batch to be classified, resolved and sent. Each one ahead holds a batch more in memory.
 */
const WRITES_AHEAD = 2;
const COMPLETE_ERRORS = 1_000;
const ERROR_ROWS = 10_000;
/** Raw errors of refused rows logged per run: enough to diagnose, without a line per row of a file that fails throughout. */
const LOGGED_ROW_CAUSES = 20;

/** Every row of the products table, variations included: what the sort indexes hold. */
async function countProductRows(db: Kysely<DB>) {
  const { n } = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The catalogue as the dashboard counts it: products (simple and variable, parent_id null) and,
 * apart, the variations under them. Counting every row said 'Products in catalogue: 17,006' where
 * the dashboard said 5,000 products and 12,003 variations (issue 24).
 */
async function countCatalogue(db: Kysely<DB>) {
  const count = (parent: 'is' | 'is not') =>
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', parent, null)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [products, variations] = await Promise.all([count('is'), count('is not')]);
  return { totalProducts: products, totalVariations: variations };
}

function createWriter(deps: ImportDeps, shape: WriterShape, resolver: CategoryResolver, vendors: ImportVendors): ProductWriter {
  return deps.config.database.kind === 'sqlite' ? createSqliteWriter(deps.config.database.file, shape, resolver, vendors) : createPostgresWriter(deps.config.database.url, shape, resolver, vendors);
}

export interface ImportRunRequest {
  mapping: FieldMapping;
  updateMode: boolean;
  vendorId: number;
  mode: ImportMode;
  moveVendors?: boolean;
  createVendors?: boolean;
  badOptionalValues?: BadOptionalValues;
  changeId?: number;
  /** A profile's rules (issue 22); absent: every mapped field is written, new products are created, empty cells clear. */
  rules?: ImportProfileRules;
  /** The file is the vendor's full list: the rules' missing-product action applies, within its limit unless confirmMissing. */
  fullList?: boolean;
  confirmMissing?: boolean;
  /** The encoding and delimiter the run's profile fixes (issue 22). */
  fileFormat?: FixedFormat;
}

/** Whether the run ends with the missing-product rule (it only looks at the file's SKUs then). */
export const appliesMissingRule = (request: Pick<ImportRunRequest, 'rules' | 'fullList'>) => Boolean(request.fullList && request.rules && request.rules.missing.action !== 'leave');

/**
 * Writes every valid row in the mode's batches, reporting progress at least every 250 ms through
 * emit. A batch is written whole or retried row by row; a row is either written or reported.
 * Goes on to the end when the client goes away (emit then writes nowhere): staff expect an
 * import they started to finish, and its outcome is recorded (recorded-import.ts).
 */
export async function runImport(
  deps: ImportDeps,
  file: ImportFile,
  request: ImportRunRequest,
  emit: (event: ImportEvent) => void,
): Promise<ImportCompleteEvent> {
  const started = performance.now();
  const opened = file.csv ?? (await openImportFile({ format: request.fileFormat, ...file }, request.mapping, request.rules?.createNew !== false));
  try {
    return await importOpened(deps, file, request, emit, opened, started);
  } finally {
    // A workbook holds its archive open and its shared strings in a file of their own: the groups let
    // both go when they end or are left, this when the run stops before it reads them (the progress
    // event, the import lock or the run's settings failing).
    opened.close?.();
  }
}

async function importOpened(
  deps: ImportDeps,
  file: ImportFile,
  request: ImportRunRequest,
  emit: (event: ImportEvent) => void,
  opened: OpenedCsv,
  started: number,
): Promise<ImportCompleteEvent> {
  const { csv, mapping, recordsRead } = readShopifyProducts(opened, request.mapping);
  // Counting the rows of a large file takes a moment; the client shows 'Preparing import...' meanwhile.
  emit({ type: 'progress', total: 0, current: 0, imported: 0, updated: 0, skipped: 0, errors: 0, processingRate: 0, currentProduct: '' });
  const total = await countUploadRows(file.path, opened);
  const counts = { current: 0, imported: 0, updated: 0, skipped: 0, errors: 0 };
  /** The file's rows as read (a workbook's total above is counted over its XML: a row of blank text counts there, not here). */
  let recordsSeen = 0;
  let unreadRecords = 0;
  let currentProduct = '';
  const rate = () => Math.round(counts.current / Math.max(0.001, (performance.now() - started) / 1000));
  const progress = (extra: Partial<ImportEvent> = {}) =>
    emit({ type: 'progress', total, ...counts, processingRate: rate(), currentProduct, ...extra } as ImportEvent);
  progress();

  const errorMessages: string[] = [];
  const errorRows: ImportCompleteEvent['errorRows'] = [];
  const skippedRows: NonNullable<ImportCompleteEvent['skippedRows']> = [];
  const rules: ImportRules = { updateMode: request.updateMode, moveVendors: request.moveVendors ?? false, createNew: request.rules?.createNew ?? true };
  // Every SKU the file names, written or not (a row that failed still names its product): what a full list does not name is missing.
  const named = appliesMissingRule(request) ? new Set<string>() : undefined;
  const skuAt = named ? csv.headers.indexOf(mapping.sku ?? '') : -1;
  let missing: MissingProductsOutcome | undefined;
  let ruler: PriceRuler | undefined;
  const report = (error: ImportRowError, cells: string[]) => {
    counts.errors += 1;
    if (errorMessages.length < COMPLETE_ERRORS) errorMessages.push(formatRowError(error));
    // The file's own cells: a Shopify file's rows carry Bosun's columns after them (shopify-rows.ts).
    if (errorRows.length < ERROR_ROWS) errorRows.push({ row: error.row, cells: cells.slice(0, opened.headers.length), reason: formatRowError(error) });
  };
  // The warnings of the rows written, capped as the errors are; the file's cells keep what was dropped.
  let causesLogged = 0;
  let warningCount = 0;
  const warningMessages: string[] = [];
  const warningRows: ImportCompleteEvent['warningRows'] = [];
  const reportWarnings = (row: MappedRow) => {
    const messages = row.warnings!.map((w) => formatRowError({ ...w, row: row.row }));
    warningCount += messages.length;
    for (const message of messages) if (warningMessages.length < COMPLETE_ERRORS) warningMessages.push(message);
    if (warningRows.length < ERROR_ROWS) warningRows.push({ row: row.row, cells: row.cells.slice(0, opened.headers.length), reasons: messages });
  };

  await withImportLock(deps.db, deps.dialect, () => progress({ waiting: true, message: IMPORT_MESSAGES.waiting }), async () => {
    const priceRules = request.rules?.priceRules ?? undefined;
    const mapper = createRowMapper(csv.headers, mapping, await getSettings(deps.db), { badOptionalValues: request.badOptionalValues ?? 'warn', emptyCells: request.rules?.emptyCells, listPrice: priceRules !== undefined });
    const vendors = await ImportVendors.load(deps.db, csv.headers, mapping, request.vendorId, request.createVendors ?? false);
    const resolver = await CategoryResolver.load(deps.db, vendors.byColumn ? 'all' : [request.vendorId]);
    ruler = priceRules ? await PriceRuler.load(deps.db, priceRules, resolver, mapper.columns, mapping.list_price) : undefined;
    const shape: WriterShape = { columns: mapper.columns, vendorId: request.vendorId, changeId: request.changeId ?? null, writesVendorCategory: mapper.writesVendorCategory, writesStoreCategory: mapper.writesStoreCategory, updateOnly: updateOnlyColumns(mapper.columns, request.rules?.updateFields, mapping.name !== undefined), storeCategoryFromMapping: mapper.writesVendorCategory && resolver.hasMappings };
    const writer = createWriter(deps, shape, resolver, vendors);
    const plan = MODE_PLAN[request.mode];
    let lastProgress = performance.now();
    let batch: MappedRow[] = [];
    const rebuildIndexes = total >= INDEX_REBUILD_MIN_ROWS && total >= (await countProductRows(deps.db)) / 4;
    if (rebuildIndexes) await dropProductSortIndexes(deps.db, deps.dialect, indexedWrites(deps.dialect, shape, rules));
    let pendingErrors = 0;
    let batchChars = 0;
    // The upload's buffers (the whole file went through them) are garbage by now: collected first, as an export does.
    collectGarbage();
    const heapLimit = process.memoryUsage().heapUsed + HEAP_GARBAGE_BUDGET;

    /**
     * The writes of the batches before run while the next one is read and mapped (on SQLite in the
     * writer's worker thread, which classifies a batch, creates its new categories and writes it
     * in one go), one after the other:
     * up to WRITES_AHEAD are asked for before the oldest must be done, so the writer finds the next
     * batch waiting when it finishes one. Each write counts its own outcome when it is done.
     */
    const writes: Array<Promise<void>> = [];
    let writeFailure: { error: unknown } | undefined;
    const settle = async (pending = 0) => {
      while (writes.length > pending) await writes.shift();
      if (writeFailure) throw writeFailure.error;
    };
    let phaseMessage: string | undefined;
    const tick = () => {
      if (performance.now() - lastProgress < 200) return;
      progress(phaseMessage ? { message: phaseMessage } : {});
      lastProgress = performance.now();
    };
    // Progress at least every 250 ms, also while a batch or an index is being written.
    const ticker = setInterval(tick, 50);

    const post = (rows: MappedRow[], errorsBefore: number) => {
      writes.push(
        writer.write(rows, plan.style, rules).then(
          (outcome) => {
            counts.imported += outcome.created;
            counts.updated += outcome.updated;
            counts.skipped += outcome.skipped;
            for (const { row, reason } of outcome.skippedRows) {
              if (skippedRows.length < ERROR_ROWS) skippedRows.push({ row: row.row, cells: row.cells.slice(0, opened.headers.length), reason: formatRowError({ row: row.row, column: '', value: row.sku, reason }) });
            }
            for (const { row, reason, cause } of outcome.failed) {
              report({ row: row.row, column: '', value: row.sku, reason }, row.cells);
              if (cause !== undefined && causesLogged++ < LOGGED_ROW_CAUSES) deps.log?.warn({ row: row.row, sku: row.sku, cause }, 'import row refused by the database');
            }
            if (rows.some((row) => row.warnings)) {
              const notWritten = new Set([...outcome.failed, ...outcome.skippedRows].map((f) => f.row));
              for (const row of rows) if (row.warnings && !notWritten.has(row)) reportWarnings(row);
            }
            counts.current += rows.length + errorsBefore;
            currentProduct = rows.at(-1)?.name ?? currentProduct;
          },
          (error: unknown) => {
            writeFailure = { error };
          },
        ),
      );
    };

    // Ties variation rows to their parents; those whose parent comes later wait for it.
    const planner = mapper.readsVariants ? new VariantPlanner(deps.db, deps.dialect) : undefined;
    const flush = async (last = false) => {
      let rows = batch;
      batch = [];
      if (planner) {
        const planned = await planner.plan(rows);
        const finished = last ? planner.finish() : { ready: [], errors: [] };
        rows = [...planned.ready, ...finished.ready];
        for (const { error, row } of [...planned.errors, ...finished.errors]) {
          report(error, row.cells);
          pendingErrors += 1;
        }
      }
      if (ruler) await ruler.price(deps.db, deps.dialect, rows);
      const errorsBefore = pendingErrors;
      pendingErrors = 0;
      await settle(WRITES_AHEAD - 1);
      post(rows, errorsBefore);
      tick();
      if (process.memoryUsage().heapUsed > heapLimit) collectGarbage();
      // Lets SSE progress and other requests through between batches.
      await yieldToEventLoop();
    };

    try {
      for await (const { records, firstRow, rows, unread } of csv.groups) {
        if (unread) {
          // A record the reader could not take (too long, a quote left open) is the row's error.
          report(unread, []);
          pendingErrors += 1;
          unreadRecords += 1;
        }
        recordsSeen += records.length;
        for (let i = 0; i < records.length; i++) {
          const cells = records[i]!;
          const mapped = mapper.map(cells, rows?.[i] ?? firstRow + i);
          if (named) {
            const sku = restoreFormula((cells[skuAt] ?? '').trim());
            if (sku) named.add(sku);
            if (mapped.ok) named.add(mapped.row.sku);
          }
          const rowVendor = mapped.ok ? vendors.ofRow(cells, mapped.row.row) : undefined;
          if (rowVendor && 'error' in rowVendor) {
            report(rowVendor.error, cells);
            pendingErrors += 1;
          } else if (mapped.ok) {
            // A vendor to create has a provisional id: the writer creates it with the first row it writes for it.
            mapped.row.vendorId = (rowVendor as { vendorId: number | null }).vendorId ?? request.vendorId;
            batch.push(mapped.row);
            if (plan.batchChars) for (const c of cells) batchChars += c.length;
          } else {
            report(mapped.error, cells);
            pendingErrors += 1;
          }
          if (batch.length >= plan.batchRows || batchChars >= (plan.batchChars ?? Infinity)) {
            batchChars = 0;
            await flush();
          }
        }
      }
      await flush(true);
      await settle();
    } finally {
      await Promise.all(writes);
      try {
        await writer.close();
        if (rebuildIndexes) {
          const file = deps.config.database.kind === 'sqlite' ? deps.config.database.file : undefined;
          await ensureProductSortIndexes(deps.db, deps.dialect, file, (done, of) => {
            phaseMessage = `Rebuilding the list indexes (${done} of ${of})...`;
            progress({ message: phaseMessage });
            lastProgress = performance.now();
          });
        }
      } finally {
        clearInterval(ticker);
      }
    }
    if (named) {
      progress({ message: IMPORT_MESSAGES.applyingMissingRule });
      missing = await applyMissingProductRule(deps.db, deps.dialect, { vendorId: request.vendorId, named, rule: request.rules!.missing, confirmed: request.confirmMissing ?? false, changeId: request.changeId ?? null });
    }
  });

  const processingTime = Math.round(performance.now() - started);
  // A Shopify product's rows are one record here: its rows are counted by readShopifyProducts.
  const rowsRead = (recordsRead ? recordsRead() : recordsSeen) + unreadRecords;
  const complete: ImportCompleteEvent = {
    type: 'complete',
    total: opened.workbook ? rowsRead : total,
    imported: counts.imported,
    updated: counts.updated,
    skipped: counts.skipped,
    errors: errorMessages,
    errorCount: counts.errors,
    errorRows,
    skippedRows,
    warningCount,
    warnings: warningMessages,
    warningRows,
    headers: opened.headers,
    message: IMPORT_MESSAGES.complete({ ...counts, warnings: warningCount }),
    ...(await countCatalogue(deps.db)),
    processingRate: Math.round(total / Math.max(0.001, processingTime / 1000)),
    processingTime,
    ...(missing ? { missing } : {}),
    ...(ruler ? { pricedByRules: ruler.priced } : {}),
  };
  return complete;
}

