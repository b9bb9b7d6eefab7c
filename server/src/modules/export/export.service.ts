import { Readable } from 'node:stream';
import { UTF8_BOM, type ExportQuery } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { DatabaseTarget } from '../../config.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { getSettings } from '../settings/index.js';
import { createExportLookups, csvHeader, csvLayout, EXPORT_FIELDS, type ExportRow } from './export-layouts.js';
import { exportLookupQueries, exportShareQuery, findExportChunk, findExportLookups, findMaxProductId } from './export.repository.js';
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

/**
 * The CSV of the matching products, read only as fast as the client takes it, so memory stays
 * flat for a million rows. A SQLite file is written by worker threads (sqlite-export.ts);
 * PostgreSQL is read in keyset chunks on this thread (the database does the work there).
 */
export async function exportProductsCsv(db: Kysely<DB>, dialect: Dialect, database: DatabaseTarget, query: ExportQuery): Promise<ExportAnswer> {
  const settings = await getSettings(db);
  const units = { weight_unit: settings.weight_unit, dimension_unit: settings.dimension_unit };
  const head = UTF8_BOM + csvHeader(query.mode, units);
  if (database.kind === 'sqlite' && database.file !== ':memory:') {
    const lookups = exportLookupQueries(db);
    const maxId = await findMaxProductId(db);
    return {
      kind: 'sqlite-workers',
      plan: {
        head,
        file: database.file,
        mode: query.mode,
        units,
        rows: (share) => exportShareQuery(db, dialect, query, share),
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
  const layout = csvLayout(query.mode, units, createExportLookups(vendors, categories));
  async function* chunks() {
    yield head;
    let afterId = 0;
    let limit = FIRST_CHUNK_ROWS;
    for (;;) {
      const found = await findExportChunk(db, dialect, query, afterId, limit);
      if (!found.length) return;
      // The chunk's CSV text sizes the next chunk: no second pass over the rows.
      let chars = 0;
      for (const text of layout.texts(found.map((row): ExportRow => EXPORT_FIELDS.map((field) => row[field])))) {
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
