import { Readable } from 'node:stream';
import { shopExportUnits, UTF8_BOM, type ExportQuery } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { DatabaseTarget } from '../../config.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { getSettings } from '../settings/index.js';
import { createExportLookups, csvHeader, csvLayout, EXPORT_FIELDS, type CsvLayout, type ExportRow, type LayoutOptions } from './export-layouts.js';
import { isVariantBatch, VARIATION_EXTRA_FIELDS, variantBatches, withVariations } from './export-variants.js';
import {
  exportLookupQueries,
  exportShareQuery,
  exportVariantQueries,
  findExportAttributeCount,
  findExportAttributes,
  findExportChunk,
  findExportLookups,
  findExportVariations,
  findMaxProductId,
} from './export.repository.js';
import type { SqliteExportPlan } from './sqlite-export.js';

/** Rows read at a time from PostgreSQL: at most this many... */
const CHUNK_ROWS = 2_000;
/** ...and after the first chunk, about this many characters of text, so long values come in smaller chunks. */
const CHUNK_CHARS = 8 * 1024 * 1024;
/** The first chunk, before the rows' sizes are known: 200 rows of 200,000-character descriptions are 40 million characters. */
const FIRST_CHUNK_ROWS = 200;
/** Ids per block a SQLite export worker formats at a time (sqlite-export.ts). */
const BLOCK_IDS = 2_000;
const WORKER_BUFFER_BYTES = 1024 * 1024;
const WORKER_BUFFERS = 3;

export type ExportAnswer = { kind: 'stream'; stream: Readable } | { kind: 'sqlite-workers'; plan: SqliteExportPlan };

/** What a layout's header depends on, for this export (the CSV's and the workbook's). */
export async function exportLayoutOptions(db: Kysely<DB>, dialect: Dialect, query: ExportQuery): Promise<LayoutOptions> {
  const settings = await getSettings(db);
  const units = { weight_unit: settings.weight_unit, dimension_unit: settings.dimension_unit };
  // The target store's units, when staff name them; the shop's otherwise.
  const shopUnits = shopExportUnits(units);
  const fileUnits = { weight_unit: query.weight_unit ?? shopUnits.weight_unit, dimension_unit: query.dimension_unit ?? shopUnits.dimension_unit };
  // Read before the header, which has one set of attribute columns per attribute.
  return { units, fileUnits, attributes: await findExportAttributeCount(db, dialect, query) };
}

/**
 * The CSV of the matching products, read only as fast as the client takes it, so memory stays
 * flat for a million rows. A SQLite file is written by worker threads (sqlite-export.ts);
 * PostgreSQL is read in keyset chunks on this thread (the database does the work there). The
 * listed products are read, each variable one followed by its variations (export-variants.ts).
 */
export async function exportProductsCsv(db: Kysely<DB>, dialect: Dialect, database: DatabaseTarget, query: ExportQuery): Promise<ExportAnswer> {
  const options = await exportLayoutOptions(db, dialect, query);
  const head = UTF8_BOM + csvHeader(query.mode, options);
  if (database.kind === 'sqlite' && database.file !== ':memory:') {
    const lookups = exportLookupQueries(db);
    const maxId = await findMaxProductId(db);
    return {
      kind: 'sqlite-workers',
      plan: {
        head,
        file: database.file,
        mode: query.mode,
        layout: options,
        rows: (share) => exportShareQuery(db, dialect, query, share),
        variants: options.attributes ? exportVariantQueries(db) : null,
        vendors: lookups.vendors.compile(),
        categories: lookups.categories.compile(),
        blockIds: BLOCK_IDS,
        lastBlock: maxId === null ? -1 : Math.ceil(maxId / BLOCK_IDS) - 1,
        bufferBytes: WORKER_BUFFER_BYTES,
        buffers: WORKER_BUFFERS,
      },
    };
  }
  const { vendors, categories } = await findExportLookups(db);
  const layout = csvLayout(query.mode, options, createExportLookups(vendors, categories));
  const texts = options.attributes ? (rows: ExportRow[]) => textsWithVariations(db, layout, rows) : (rows: ExportRow[]) => layout.texts(rows);
  async function* chunks() {
    yield head;
    let afterId = 0;
    let limit = FIRST_CHUNK_ROWS;
    for (;;) {
      const found = await findExportChunk(db, dialect, query, afterId, limit);
      if (!found.length) return;
      // The chunk's CSV text sizes the next chunk: no second pass over the rows.
      let chars = 0;
      for await (const text of texts(found.map((row): ExportRow => EXPORT_FIELDS.map((field) => row[field])))) {
        chars += text.length;
        yield text;
      }
      afterId = found.at(-1)!.id;
      if (found.length < limit) return;
      limit = Math.max(1, Math.min(CHUNK_ROWS, Math.floor((CHUNK_CHARS * found.length) / Math.max(chars, 1))));
    }
  }
  return { kind: 'stream', stream: Readable.from(chunks(), { objectMode: false }) };
}

const VARIATION_FIELDS = [...EXPORT_FIELDS, ...VARIATION_EXTRA_FIELDS] as const;

/**
 * A chunk's rows with each variable product's variations after it: the rows before a batch of
 * parents as they are, then the batch with its variations and attributes, read with one query each.
 */
export async function* rowsWithVariations(db: Kysely<DB>, rows: ExportRow[]): AsyncGenerator<Iterable<ExportRow>> {
  let plain: ExportRow[] = [];
  for (const item of variantBatches(rows)) {
    if (!isVariantBatch(item)) {
      plain.push(item);
      continue;
    }
    if (plain.length) yield plain;
    plain = [];
    const [variations, attributes] = await Promise.all([findExportVariations(db, item.parentIds), findExportAttributes(db, item.parentIds)]);
    yield withVariations(item, variations.map((row): ExportRow => VARIATION_FIELDS.map((field) => row[field])), attributes);
  }
  if (plain.length) yield plain;
}

/** A chunk's CSV text, variations after their parents (rowsWithVariations). */
async function* textsWithVariations(db: Kysely<DB>, layout: CsvLayout, rows: ExportRow[]): AsyncGenerator<string> {
  for await (const batch of rowsWithVariations(db, rows)) yield* layout.texts(batch);
}
