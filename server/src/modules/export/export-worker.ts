/**
 * One of the worker threads that write a SQLite export (sqlite-export.ts). Products are cut
 * into blocks of ids (1-2000, 2001-4000, ...); worker w of n takes blocks w, w + n, w + 2n, ...
 * On its own read-only connection, in one read transaction (one statement for a filtered export,
 * so a search or category filter is worked out once; one id range per block for the whole
 * catalogue, see exportShareQuery), it formats its rows and encodes them straight
 * into byte buffers it hands to the main thread, which writes them to the response in block
 * order and hands each buffer back once the socket has taken it. The buffers go round and
 * round: memory stays flat however large the catalogue, and a slow download holds the workers
 * back instead of filling memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ExportMode } from '@bosun/shared';
import { createExportLookups, csvLayout, type ExportRow, type LayoutOptions } from './export-layouts.js';
import { isVariantBatch, variantBatches, withVariations, type ExportAttributeRow } from './export-variants.js';
import type { ExportShareQuery } from './export.repository.js';

export interface CompiledQuery {
  sql: string;
  parameters: readonly unknown[];
}

export interface ExportWorkerData {
  file: string;
  mode: ExportMode;
  layout: LayoutOptions;
  /** This worker's products (exportShareQuery with its BlockShare), in id order. */
  rows: ExportShareQuery;
  /** A batch of parents' variations and attributes (exportVariantQueries); null when no exported product has variants. */
  variants: { variations: CompiledQuery; attributes: CompiledQuery } | null;
  vendors: CompiledQuery;
  categories: CompiledQuery;
  blockIds: number;
  lastBlock: number;
  worker: number;
  workers: number;
  bufferBytes: number;
  buffers: number;
}

/** Bytes of block `block`; `last` closes the block. The buffer is transferred and comes back as ReturnedBuffer. */
export interface ExportDataMessage {
  block: number;
  buffer: ArrayBuffer;
  length: number;
  last: boolean;
}
export interface ReturnedBuffer {
  buffer: ArrayBuffer;
}

/** The worker's rows in id order: one statement, or one run of it per block of ids (exportShareQuery). */
function* shareRows(db: Database.Database, data: ExportWorkerData): Generator<ExportRow> {
  const statement = db.prepare(data.rows.sql).raw(true);
  const parameters = data.rows.parameters as unknown[];
  if (!data.rows.perBlock) {
    yield* statement.iterate(...parameters) as IterableIterator<ExportRow>;
    return;
  }
  const filters = parameters.slice(0, -2);
  for (let block = data.worker; block <= data.lastBlock; block += data.workers) {
    yield* statement.iterate(...filters, block * data.blockIds + 1, (block + 1) * data.blockIds) as IterableIterator<ExportRow>;
  }
}

/**
 * The rows with each variable product's variations after it (export-variants.ts): two statements
 * per batch of parents. Without variants, the rows themselves: no generator between them and the layout.
 */
function withVariants(db: Database.Database, data: ExportWorkerData, rows: Iterable<ExportRow>): Iterable<ExportRow> {
  if (!data.variants) return rows;
  const variations = db.prepare(data.variants.variations.sql).raw(true);
  const attributes = db.prepare(data.variants.attributes.sql);
  return (function* () {
    for (const item of variantBatches(rows)) {
      if (!isVariantBatch(item)) {
        yield item;
        continue;
      }
      const ids = JSON.stringify(item.parentIds);
      yield* withVariations(item, variations.iterate(ids) as IterableIterator<ExportRow>, attributes.all(ids) as ExportAttributeRow[]);
    }
  })();
}

async function run(port: NonNullable<typeof parentPort>, data: ExportWorkerData) {
  const db = new Database(data.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  // A single pass over the table reuses no page: a small page cache (better-sqlite3's default is
  // 16 MB per connection) keeps each worker's memory to a few megabytes.
  db.pragma('cache_size = -1024');
  const all = <T>(q: CompiledQuery) => db.prepare(q.sql).all(...(q.parameters as unknown[])) as T[];
  // One read transaction: the lookups and every block come from the same snapshot.
  db.exec('begin');
  const layout = csvLayout(data.mode, data.layout, createExportLookups(all(data.vendors), all(data.categories)));
  const rows = shareRows(db, data);

  const free = Array.from({ length: data.buffers }, () => new ArrayBuffer(data.bufferBytes));
  let wakeUp: (() => void) | undefined;
  port.on('message', (message: ReturnedBuffer) => {
    free.push(message.buffer);
    wakeUp?.();
  });
  async function takeBuffer() {
    while (!free.length) await new Promise<void>((resolve) => (wakeUp = resolve));
    wakeUp = undefined;
    return new Uint8Array(free.pop()!);
  }

  const encoder = new TextEncoder();
  let out = await takeBuffer();
  let used = 0;
  const send = (block: number, last: boolean) => {
    port.postMessage({ block, buffer: out.buffer as ArrayBuffer, length: used, last } satisfies ExportDataMessage, [out.buffer as ArrayBuffer]);
    used = 0;
  };
  // Text goes into the buffer as soon as it is made, so the strings of a row die young (cheap to collect).
  async function write(block: number, text: string) {
    for (;;) {
      const { read, written } = encoder.encodeInto(text, out.subarray(used));
      used += written;
      if (read === text.length) return;
      text = text.slice(read);
      send(block, false);
      out = await takeBuffer();
    }
  }

  const blockOf = (id: number) => Math.floor((id - 1) / data.blockIds);
  // Rows are read one ahead: the first row of the next block waits for its block.
  let next = rows.next();
  function* rowsOf(block: number): Generator<ExportRow> {
    while (!next.done && blockOf(next.value[0] as number) === block) {
      yield next.value;
      next = rows.next();
    }
  }
  // Every block of this worker is closed, those without a matching row empty.
  for (let block = data.worker; block <= data.lastBlock; block += data.workers) {
    // A block's variations come with their parent, whichever block their own ids are in.
    for (const text of layout.texts(withVariants(db, data, rowsOf(block)))) await write(block, text);
    send(block, true);
    out = await takeBuffer();
  }
  db.exec('commit');
  db.close();
}

// A failure is an unhandled rejection, which ends the thread with an 'error' event on the main side.
if (parentPort) void run(parentPort, workerData as ExportWorkerData).then(() => parentPort!.close());
