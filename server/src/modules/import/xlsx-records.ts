/**
 * An Excel workbook (.xlsx) read as the import reads a CSV file: a header row and groups of
 * records of cell texts (import-file.ts's OpenedCsv), so that the row mapper, the planner and the
 * writers take a sheet as they take a CSV. Read with exceljs's streaming WorkbookReader, never
 * the whole workbook in memory: the shared strings table (which every cell may point into) is
 * kept in a temporary file (xlsx-shared-strings.ts), removed when the reading ends, and the
 * sheet itself is read row by row, streamed from the archive (xlsx-parts.ts).
 */
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { IMPORT_MESSAGES, neutraliseFormula } from '@bosun/shared';
import { badRequest } from '../../errors.js';
import type { CsvFormat } from './csv-format.js';
import type { CsvGroup, OpenedCsv } from './import-file.js';
import { WorkbookParts, XLSX_LIMITS, asWorkbookError } from './xlsx-parts.js';
import type { SharedStrings } from './xlsx-shared-strings.js';

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
  /** Ends the reading before the groups are read to their end (they close it themselves at their end), and removes the shared strings' file. */
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

/** A text cell as exceljs gives it without a strings table of its own: its index into the shared strings. */
const sharedIndex = (value: CellValue): number | undefined => {
  const index = value !== null && typeof value === 'object' ? (value as { sharedString?: unknown }).sharedString : undefined;
  return typeof index === 'number' ? index : undefined;
};

/** The row's cell texts from column A, its empty cells ''. */
function rowCells(row: SheetRow, date1904: boolean, strings: SharedStrings | undefined): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push('');
    const index = sharedIndex(cell.value);
    // A workbook without a strings table has no index to read: such a cell is empty, as exceljs read it.
    cells[column - 1] = index === undefined ? cellText(cell.value, cell.numFmt, date1904) : text(strings?.get(index) ?? '');
  });
  return cells;
}

/**
 * Opens a sheet of the workbook at path (the first visible one unless `sheet` names one): its
 * header row (the first that is not blank) and its data rows in groups, each row numbered as the
 * sheet numbers it. Blank rows (trailing ones with only formatting too) are not data rows. Not a
 * workbook: 415; no such sheet: 400 naming the `sheet` field; unpacking past the bounds: 413.
 */
export async function openWorkbook(path: string, sheet?: string, limits = XLSX_LIMITS): Promise<OpenedWorkbook> {
  const parts = await WorkbookParts.open(path, { styles: true }, limits);
  const chosen = parts.sheet(sheet);
  const strings = await parts.readCellParts();
  let sheetReader: Awaited<ReturnType<WorkbookParts['sheetReader']>>;
  try {
    sheetReader = await parts.sheetReader(chosen);
  } catch (error) {
    strings?.close();
    throw error;
  }
  const { reader: target, bytes } = sheetReader;
  // The sheet is read from its own stream of the archive: closing it ends the reading and closes the file.
  const close = () => {
    bytes.destroy();
    strings?.close();
  };
  const date1904 = parts.date1904;
  const rowEvents = target.parse();
  /** The next rows of the sheet, as exceljs parses them from one chunk of its XML; undefined at the sheet's end. */
  const nextRows = async (): Promise<SheetRow[] | undefined> => {
    try {
      const next = await rowEvents.next();
      if (next.done) return undefined;
      return next.value.filter((e) => e.eventType === 'row').map((e) => e.value as SheetRow);
    } catch (error) {
      close();
      throw asWorkbookError(error);
    }
  };
  let headers: string[] | undefined;
  let pending: SheetRow[] = [];
  try {
    while (!headers) {
      const rows = await nextRows();
      if (!rows) break;
      for (let i = 0; i < rows.length; i++) {
        const cells = rowCells(rows[i]!, date1904, strings);
        if (isBlank(cells)) continue;
        headers = cells.map((h) => h.trim());
        pending = rows.slice(i + 1);
        break;
      }
    }
  } catch (error) {
    close();
    throw error;
  }
  if (!headers) {
    close();
    throw badRequest(IMPORT_MESSAGES.emptyFile, { csvFile: IMPORT_MESSAGES.emptyFile });
  }
  const width = headers.length;
  async function* groups(): AsyncGenerator<CsvGroup> {
    try {
      for (let rows: SheetRow[] | undefined = pending; rows; rows = await nextRows()) {
        const records: string[][] = [];
        const numbers: number[] = [];
        for (const row of rows) {
          const cells = rowCells(row, date1904, strings);
          if (isBlank(cells)) continue;
          while (cells.length < width) cells.push('');
          records.push(cells);
          numbers.push(row.number);
        }
        if (records.length) yield { records, firstRow: numbers[0]!, rows: numbers };
      }
    } finally {
      close();
    }
  }
  return { format: SHEET_FORMAT, headers, groups: groups(), workbook: { sheet: chosen.name, sheets: parts.sheets.map((s) => s.name) }, close };
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
  const parts = await WorkbookParts.open(path, { styles: false });
  const bytes = await parts.sheetBytes(parts.sheet(sheet));
  const counter = new SheetRowCounter();
  try {
    for await (const chunk of bytes) counter.add(chunk as Buffer);
  } catch (error) {
    throw asWorkbookError(error);
  } finally {
    bytes.destroy();
  }
  return Math.max(0, counter.finish() - 1);
}
