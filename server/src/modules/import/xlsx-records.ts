/**
 * An Excel workbook (.xlsx) read as the import reads a CSV file: a header row and groups of
 * records of cell texts (import-file.ts's OpenedCsv), so that the row mapper, the planner and the
 * writers take a sheet as they take a CSV. Read with exceljs's streaming WorkbookReader, never
 * the whole workbook in memory: only the shared strings table (which every cell may point into)
 * is held; the sheet itself is read row by row (exceljs spools a sheet that comes before the
 * shared strings in the archive, as Excel writes it, to a temporary file first).
 */
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { IMPORT_MESSAGES, neutraliseFormula } from '@bosun/shared';
import { AppError, badRequest } from '../../errors.js';
import type { CsvFormat } from './csv-format.js';
import type { CsvGroup, OpenedCsv } from './import-file.js';

// exceljs's own rules for a date format and a date serial, so that a formula's cached result reads as its plain cells do.
const excelUtils = createRequire(import.meta.url)('exceljs/lib/utils/utils.js') as {
  isDateFmt(format: string | undefined): boolean;
  excelToDate(serial: number, date1904: boolean): Date;
};

/** A sheet's cells are text, like a CSV's: the format the import's messages and counts read. */
const SHEET_FORMAT: CsvFormat = { encoding: 'utf-8', delimiter: ',', hasBom: false };

/** The first bytes of a ZIP archive, which an .xlsx is. */
export const isZipHead = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

export interface OpenedWorkbook extends OpenedCsv {
  workbook: {
    /** The sheet read. */
    sheet: string;
    /** Every sheet of the workbook, in the workbook's order. */
    sheets: string[];
  };
  /** Ends the reading before the groups are read to their end (they close it themselves at their end); the rest of the archive is gone through in the background. */
  close(): void;
}

type CellValue = ExcelJS.CellValue;
interface SheetCell {
  value: CellValue;
  numFmt?: string;
}
interface SheetRow {
  number: number;
  eachCell(options: { includeEmpty: boolean }, callback: (cell: SheetCell, column: number) => void): void;
}
interface SheetReader {
  name?: string;
  id?: number | string;
  state?: string;
  iterator?: { destroy?: () => void; on?: (event: 'error', listener: () => void) => void };
  parse(): AsyncIterator<Array<{ eventType: string; value: unknown }>>;
}
interface StreamingWorkbook {
  model?: { sheets?: Array<{ name: string; state?: string }> };
  properties?: { date1904?: boolean };
  stream?: { destroy(): void };
  [Symbol.asyncIterator](): AsyncGenerator<SheetReader>;
}

/**
 * Stops reading a sheet that is not read to its end. A sheet exceljs spooled to a temporary file
 * is read from a file stream that is still opening when exceljs deletes the file (as soon as the
 * reading goes past the sheet): the stream's late ENOENT, with no listener, would be an uncaught
 * exception that stops the server. Listened to here; nothing is lost, the sheet is not wanted.
 */
function discardSheet(reader: SheetReader | undefined) {
  reader?.iterator?.on?.('error', () => {});
  reader?.iterator?.destroy?.();
}

const unknownSheet = (sheet: string) => badRequest(IMPORT_MESSAGES.unknownSheet(sheet), { sheet: IMPORT_MESSAGES.unknownSheet(sheet) });

/** The workbook's list of sheets is known and does not hold this name. */
const unknownSheetOf = (workbook: StreamingWorkbook, sheet: string) => {
  const names = sheetNamesOf(workbook);
  return names.length > 0 && !names.includes(sheet);
};

const notAWorkbook = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.invalidWorkbook);

/**
 * A number as a spreadsheet shows it at full precision: 15 significant digits, as Excel keeps
 * them, so that a price typed as 19.9 (and stored or computed as 19.900000000000002) reads 19.9.
 */
export function numberText(n: number): string {
  if (Number.isNaN(n)) return '#NUM!';
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(15)));
}

/** A date as an ISO date, with its time (to the second) only when it has one. Excel's dates carry no zone: read as UTC. */
export function dateText(date: Date): string {
  const seconds = new Date(Math.round(date.getTime() / 1000) * 1000);
  const iso = seconds.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

/**
 * A text cell as a CSV cell holds it: the row mapper takes the apostrophe the CSV export puts
 * before a text that could start a formula off again (restoreFormula), so a text cell gets one
 * here, and the mapper reads the text exactly as the sheet has it ('=x' stays '=x', "'=x" "'=x").
 */
const text = (value: string) => neutraliseFormula(value);

/** A cell's typed value as the text a CSV cell would hold: numbers, dates, booleans, formulas' cached results, rich text and links as their text. */
export function cellText(value: CellValue, numFmt: string | undefined, date1904: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return text(value.richText.map((run) => run.text ?? '').join(''));
  if ('error' in value) return value.error;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    // exceljs turns a plain cell with a date format into a date, but not a formula's result.
    if (typeof result === 'number' && excelUtils.isDateFmt(numFmt)) return dateText(excelUtils.excelToDate(result, date1904));
    return cellText((result ?? null) as CellValue, numFmt, date1904);
  }
  if ('text' in value) return cellText(value.text as CellValue, numFmt, date1904);
  return '';
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** The row's cell texts from column A, its empty cells ''. */
function rowCells(row: SheetRow, date1904: boolean): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = cellText(cell.value, cell.numFmt, date1904);
  });
  return cells;
}

/** The sheets' names in the workbook's order, once its workbook part is read. */
const sheetNamesOf = (workbook: StreamingWorkbook) => workbook.model?.sheets?.map((s) => s.name) ?? [];

/**
 * Opens a sheet of the workbook at path (the first visible one unless `sheet` names one): its
 * header row (the first that is not blank) and its data rows in groups, each row numbered as the
 * sheet numbers it. Blank rows (trailing ones with only formatting too) are not data rows. Not a
 * workbook: 415; no such sheet: 400 naming the `sheet` field.
 */
export async function openWorkbook(path: string, sheet?: string): Promise<OpenedWorkbook> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // A link reads as its text, which is the cell's value; the address is not what staff typed.
    hyperlinks: 'ignore',
    // Needed to tell a date from a number: the cell's number format says which.
    styles: 'cache',
    entries: 'ignore',
  }) as unknown as StreamingWorkbook;
  const sheets = workbook[Symbol.asyncIterator]();
  let target: SheetReader | undefined;
  let closing: Promise<void> | undefined;
  /**
   * Goes through the rest of the archive before closing it: exceljs spools a sheet that comes
   * before the shared strings (Excel's order) to a temporary file and deletes it only when its
   * reading goes on past that sheet. Left there, every import would leave its sheet's XML on the
   * disk until the server stops. The other sheets are not read: their files are closed at once.
   */
  const close = () => {
    closing ??= (async () => {
      try {
        discardSheet(target);
        for (let next = await sheets.next(); !next.done; next = await sheets.next()) discardSheet(next.value);
      } catch {
        // A broken archive: nothing more to go through.
      } finally {
        workbook.stream?.destroy();
      }
    })();
  };
  const wanted = (reader: SheetReader) => {
    const names = workbook.model?.sheets;
    if (sheet !== undefined) return reader.name === sheet;
    const first = names?.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden')?.name;
    return first === undefined || reader.name === first;
  };
  let sheetsSeen = 0;
  try {
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
      sheetsSeen += 1;
      if (wanted(next.value)) {
        target = next.value;
        break;
      }
      // A sheet spooled to a temporary file and not read: its file is closed now, not at collection.
      discardSheet(next.value);
    }
  } catch (error) {
    close();
    if (error instanceof AppError) throw error;
    // The workbook's own list was read before the archive failed us: a name not in it is the answer
    // staff can act on (seen once as a 415 on a busy machine for a sheet that does not exist).
    if (sheet !== undefined && unknownSheetOf(workbook, sheet)) throw unknownSheet(sheet);
    throw notAWorkbook();
  }
  if (!target) {
    close();
    const names = sheetNamesOf(workbook);
    // The sheets went by (the workbook's own list may be parsed later than its sheets are streamed): the name is not one of them.
    if (sheet !== undefined && (names.length || sheetsSeen)) throw unknownSheet(sheet);
    throw notAWorkbook();
  }
  const date1904 = Boolean(workbook.properties?.date1904);
  const rowEvents = target.parse();
  /** The next rows of the sheet, as exceljs parses them from one chunk of its XML; undefined at the sheet's end. */
  const nextRows = async (): Promise<SheetRow[] | undefined> => {
    try {
      const next = await rowEvents.next();
      if (next.done) return undefined;
      return next.value.filter((e) => e.eventType === 'row').map((e) => e.value as SheetRow);
    } catch {
      close();
      throw notAWorkbook();
    }
  };
  let headers: string[] | undefined;
  let pending: SheetRow[] = [];
  while (!headers) {
    const rows = await nextRows();
    if (!rows) break;
    for (let i = 0; i < rows.length; i++) {
      const cells = rowCells(rows[i]!, date1904);
      if (isBlank(cells)) continue;
      headers = cells.map((h) => h.trim());
      pending = rows.slice(i + 1);
      break;
    }
  }
  if (!headers) {
    close();
    throw badRequest(IMPORT_MESSAGES.emptyFile, { csvFile: IMPORT_MESSAGES.emptyFile });
  }
  const width = headers.length;
  const sheetName = target.name ?? sheetNamesOf(workbook)[0] ?? '';
  async function* groups(): AsyncGenerator<CsvGroup> {
    try {
      for (let rows: SheetRow[] | undefined = pending; rows; rows = await nextRows()) {
        const records: string[][] = [];
        const numbers: number[] = [];
        for (const row of rows) {
          const cells = rowCells(row, date1904);
          if (isBlank(cells)) continue;
          while (cells.length < width) cells.push('');
          records.push(cells);
          numbers.push(row.number);
        }
        if (records.length) yield { records, firstRow: numbers[0]!, rows: numbers };
      }
    } finally {
      // The rest of the archive (other sheets) is not read, only gone through.
      close();
    }
  }
  return { format: SHEET_FORMAT, headers, groups: groups(), workbook: { sheet: sheetName, sheets: sheetNamesOf(workbook) }, close };
}

/**
 * Counts the rows of a sheet's XML that hold a value (a <v> or an inline <is>), over its bytes as
 * they stream, without parsing them: the import's total, known before it starts, as the CSV path
 * counts its records over raw bytes. Parsing the sheet once more only to count it cost as much as
 * the import's own reading of it, and a second copy of the shared strings in memory.
 */
export class SheetRowCounter {
  rows = 0;
  private inRow = false;
  private rowHasValue = false;
  private carry = '';

  /** Tags looked for, each at most this long: a chunk's last characters are looked at again with the next. */
  private static readonly TAIL = 6;

  add(chunk: Buffer) {
    // Latin-1 keeps every byte one character: the tags are ASCII, and a character cut at a chunk's edge does not matter.
    const text = this.carry + chunk.toString('latin1');
    const end = text.length - SheetRowCounter.TAIL;
    let at = text.indexOf('<', 0);
    while (at !== -1 && at < end) {
      if (text.startsWith('<row', at) && (text[at + 4] === ' ' || text[at + 4] === '>')) {
        const close = text.indexOf('>', at);
        // A row element that closes itself holds no cell.
        this.inRow = close === -1 || text[close - 1] !== '/';
        this.rowHasValue = false;
      } else if (this.inRow && (text.startsWith('<v>', at) || text.startsWith('<v ', at) || text.startsWith('<is>', at))) {
        this.rowHasValue = true;
      } else if (text.startsWith('</row>', at)) {
        if (this.inRow && this.rowHasValue) this.rows += 1;
        this.inRow = false;
      }
      at = text.indexOf('<', at + 1);
    }
    this.carry = text.slice(Math.max(0, at === -1 ? end : at));
  }

  finish() {
    this.add(Buffer.from(' '.repeat(SheetRowCounter.TAIL)));
    return this.rows;
  }
}

/**
 * The data rows of the sheet (rows holding a value, the header not counted), for the import's
 * progress. A row of nothing but blank text counts here and is not read as a row: the import's
 * complete event counts the rows it read (import.service.ts).
 */
export async function countSheetRows(path: string, sheet: string): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'ignore', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' }) as unknown as StreamingWorkbook;
  let rows = 0;
  try {
    // Through every sheet to the end of the archive, so that exceljs deletes the temporary files it spooled them to (see openWorkbook).
    for await (const reader of workbook) {
      const bytes = reader.iterator as unknown as AsyncIterable<Buffer> | undefined;
      if (reader.name !== sheet || !bytes) {
        discardSheet(reader);
        continue;
      }
      const counter = new SheetRowCounter();
      for await (const chunk of bytes) counter.add(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      rows = Math.max(0, counter.finish() - 1);
    }
    return rows;
  } finally {
    workbook.stream?.destroy();
  }
}
