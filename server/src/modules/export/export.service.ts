import { Readable } from 'node:stream';
import { csvLine, UTF8_BOM, type ExportQuery } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { findCategoryNames } from '../products/products.repository.js';
import { categoryIdsInPaths } from '../products/product-mapper.js';
import { getSettings } from '../settings/settings.service.js';
import { exportColumns } from './export-layouts.js';
import { findExportChunk } from './export.repository.js';

const CHUNK_ROWS = 2_000;

/**
 * The CSV as a stream: a chunk of rows is read only when the client has taken the previous one
 * (Readable.from pulls on demand), so memory stays flat for a million rows and a slow download
 * never buffers the catalogue.
 */
export async function exportProductsCsv(db: Kysely<DB>, dialect: Dialect, query: ExportQuery): Promise<Readable> {
  const columns = exportColumns(query.mode, await getSettings(db));
  async function* lines() {
    yield UTF8_BOM + csvLine(columns.map((c) => c.header));
    let afterId = 0;
    for (;;) {
      const rows = await findExportChunk(db, dialect, query, afterId, CHUNK_ROWS);
      if (!rows.length) return;
      const names = await findCategoryNames(db, categoryIdsInPaths(rows));
      let text = '';
      for (const row of rows) text += csvLine(columns.map((c) => c.cell(row, names)));
      yield text;
      afterId = rows.at(-1)!.id;
      if (rows.length < CHUNK_ROWS) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
