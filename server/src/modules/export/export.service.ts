import { Readable } from 'node:stream';
import { UTF8_BOM, type ExportQuery } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { DatabaseTarget } from '../../config.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { getSettings } from '../settings/settings.service.js';
import { createExportLookups, csvHeader, csvLayout, EXPORT_FIELDS, type ExportRow } from './export-layouts.js';
import { exportLookupQueries, exportShareQuery, findExportChunk, findExportLookups, findMaxProductId } from './export.repository.js';
import type { SqliteExportPlan } from './sqlite-export.js';

const CHUNK_ROWS = 2_000;
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
    for (;;) {
      const rows = await findExportChunk(db, dialect, query, afterId, CHUNK_ROWS);
      if (!rows.length) return;
      yield layout.lines(rows.map((row): ExportRow => EXPORT_FIELDS.map((field) => row[field])));
      afterId = rows.at(-1)!.id;
      if (rows.length < CHUNK_ROWS) return;
    }
  }
  return { kind: 'stream', stream: Readable.from(chunks(), { objectMode: false }) };
}
