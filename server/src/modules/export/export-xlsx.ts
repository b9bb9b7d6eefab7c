/**
 * The export as an Excel workbook (.xlsx): the same layouts, columns and values as the CSV export
 * (export-layouts.ts), streamed with exceljs's WorkbookWriter, a row committed (written out and
 * let go) as soon as it is made, so the workbook is never whole in memory. Both engines read the
 * products in keyset chunks on this thread, yielding between chunks.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportQuery } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { createExportLookups, csvLayout, EXPORT_FIELDS, layoutHeaders, layoutNumericColumns, type ExportRow } from './export-layouts.js';
import { findExportChunk, findExportLookups } from './export.repository.js';
import { exportLayoutOptions, rowsWithVariations } from './export.service.js';

/** Products read at a time. */
const CHUNK_ROWS = 1_000;
/**
 * Sheet bytes that may wait to be compressed and sent before the next chunk is made: the writer
 * waits neither for the compression nor for a slow client by itself (it hands every row to its
 * zip entry at once).
 */
const UNSENT_BYTES = 4 * 1024 * 1024;

/**
 * What exceljs's sheet stream holds (not in its types): its own buffers, and the stream it writes
 * them to, archiver's PassThrough before the compression. It writes every buffer to that
 * PassThrough at once, whatever write() answers, so the bytes the compression has not taken pile
 * up in the PassThrough's write queue. That PassThrough is readable-stream 2's, which has no
 * writableLength (Node's own streams have it): its state's length is read, as Node's own
 * writableLength reads it. Counting writableLength alone saw 0 there, and a 100k-row export held
 * 230 MB of queued sheet XML whenever the compression fell behind (the bench's, on two busy cores).
 */
interface SheetStream {
  buffers?: Array<{ length: number }>;
  pipes?: Array<{ _writableState?: { length?: number }; _readableState?: { length?: number } }>;
}
/** The sheet's XML written but not yet taken by the compression, which takes it as fast as the client reads. */
export const unsentSheetBytes = (sheet: ExcelJS.Worksheet) => {
  const stream = (sheet as unknown as { stream?: SheetStream }).stream;
  let bytes = 0;
  for (const buffer of stream?.buffers ?? []) bytes += buffer.length;
  for (const pipe of stream?.pipes ?? []) bytes += (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0);
  return bytes;
};
/** The sheet's name. */
const SHEET = 'Products';

/** Money and measures keep two decimals on screen; the cell holds the number itself. */
const NUMBER_FORMAT = '0.00##';
/**
 * The data cells' styles, one object per kind shared by every row. exceljs gives each new cell a
 * style object of its own (its column's, copied), and its styles registry knows a style by the
 * object's identity (a WeakMap): every cell's fresh object was laid out as XML again to find its
 * number, about half the export's time. Shared objects are found at once; the file is byte for byte
 * the same. Never changed after.
 */
const NUMBER_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: NUMBER_FORMAT });
const TEXT_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

/**
 * The workbook's bytes as a stream. A number column's cell is a number (empty stays empty); every
 * other cell is written as a string: an xlsx string cell is never a formula, whatever it starts
 * with ('=', '+', '-', '@'), so unlike the CSV export no apostrophe is put before it, and the
 * value is exactly the product's.
 */
export async function exportProductsXlsx(db: Kysely<DB>, dialect: Dialect, query: ExportQuery): Promise<Readable> {
  const options = await exportLayoutOptions(db, dialect, query);
  const { vendors, categories } = await findExportLookups(db);
  const layout = csvLayout(query.mode, options, createExportLookups(vendors, categories));
  const headers = layoutHeaders(query.mode, options);
  const numeric = layoutNumericColumns(query.mode, options);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header, i) => ({ header, width: Math.min(40, Math.max(10, header.length + 2)), ...(numeric[i] ? { style: { numFmt: NUMBER_FORMAT } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const gone = () => out.destroyed;
  const typed = (values: string[]) => values.map((value, i) => (numeric[i] && value !== '' ? Number(value) : value));
  async function write() {
    let afterId = 0;
    for (;;) {
      const found = await findExportChunk(db, dialect, query, afterId, CHUNK_ROWS);
      const rows = found.map((row): ExportRow => EXPORT_FIELDS.map((field) => row[field]));
      for await (const batch of options.attributes ? rowsWithVariations(db, rows) : [rows]) {
        for (const values of layout.values(batch)) {
          const row = sheet.addRow(typed(values));
          row.eachCell({ includeEmpty: true }, (cell, column) => (cell.style = numeric[column - 1] ? NUMBER_STYLE : TEXT_STYLE));
          row.commit();
        }
      }
      if (found.length < CHUNK_ROWS || gone()) break;
      afterId = found.at(-1)!.id;
      // The compression or the client takes the bytes slower than the rows are made: wait for them (and let other requests in).
      while (unsentSheetBytes(sheet) > UNSENT_BYTES && !gone()) await sleep(5);
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
