import { IMPORT_MESSAGES, type FieldMapping, type ImportRowError } from '@bosun/shared';
import { badRequest } from '../../errors.js';
import { detectFormat, type ByteSource, type CsvFormat, type FixedFormat } from './csv-format.js';
import { countRecords } from './csv-record-count.js';
import { CsvRecordError, readRecordGroups, type RecordGroup } from './csv-records.js';
import { countSheetRows, openWorkbook } from './xlsx-records.js';

export interface OpenedCsv {
  format: CsvFormat;
  headers: string[];
  /**
   * The data records in groups, the first of each group with its row number as a spreadsheet
   * shows it (the header is row 1): record i of a group is row firstRow + i. A record the reader
   * could not take is a group of its own, `unread`, without records: a row longer than the
   * limit, read past, or a quote left open, where the reading ended. Staff see it as a row error.
   */
  groups: AsyncGenerator<CsvGroup>;
  /** An Excel workbook's: the sheet read and all its sheets (xlsx-records.ts). */
  workbook?: { sheet: string; sheets: string[] };
  /** Ends the reading of a file whose groups are not read to their end (a workbook's archive is open from the start). */
  close?(): void;
}

/** An uploaded file as the import opens it: an Excel workbook (its `sheet`, else the first) or CSV text. */
export interface UploadedFile {
  path: string;
  utf8Valid: boolean;
  workbook?: boolean;
  sheet?: string;
  /** What the run's profile fixes of a CSV file's format (else told from the file). */
  format?: FixedFormat;
}

/** `rows`, when given, numbers each record (a file read as Shopify products: shopify-rows.ts); else record i is row firstRow + i. */
export type CsvGroup = { records: string[][]; firstRow: number; rows?: number[]; unread?: undefined } | { records: []; firstRow: number; rows?: undefined; unread: ImportRowError };

const unreadRow = (error: CsvRecordError): ImportRowError => ({ row: error.row, column: '', value: error.value, reason: error.reason });

/** A spooled file: its format told from its head and whether all of it read as UTF-8. */
export async function openCsvFile(path: string, utf8Valid: boolean, fixed?: FixedFormat): Promise<OpenedCsv> {
  return openCsv(path, await detectFormat(path, utf8Valid, fixed));
}

export async function openCsv(bytes: ByteSource, format: CsvFormat): Promise<OpenedCsv> {
  const source = readRecordGroups(bytes, format);
  let first: IteratorResult<RecordGroup>;
  try {
    first = await source.next();
  } catch (error) {
    // The header row itself cannot be read: the file cannot be mapped.
    if (error instanceof CsvRecordError) throw badRequest(error.message, { csvFile: error.message });
    throw error;
  }
  if (first.done) throw badRequest(IMPORT_MESSAGES.emptyFile, { csvFile: IMPORT_MESSAGES.emptyFile });
  // A header row too long to read: the file cannot be mapped.
  if (first.value instanceof CsvRecordError) throw badRequest(first.value.message, { csvFile: first.value.message });
  const head = first.value;
  const headers = head[0]!.map((h) => h.trim());
  async function* groups(): AsyncGenerator<CsvGroup> {
    let firstRow = 2;
    const rest = head.slice(1);
    if (rest.length) yield { records: rest, firstRow };
    firstRow += rest.length;
    try {
      for await (const group of source) {
        if (group instanceof CsvRecordError) {
          yield { records: [], firstRow: group.row, unread: unreadRow(group) };
          firstRow = group.row + 1;
        } else {
          yield { records: group, firstRow };
          firstRow += group.length;
        }
      }
    } catch (error) {
      if (!(error instanceof CsvRecordError)) throw error;
      yield { records: [], firstRow: error.row, unread: unreadRow(error) };
    }
  }
  return { format, headers, groups: groups() };
}

/** The header names the file has more than once, each once, in the file's order. */
export function duplicateHeaders(headers: string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const header of headers) {
    if (header !== '' && seen.has(header)) twice.add(header);
    seen.add(header);
  }
  return [...twice];
}

/** The data records of the file (the header not counted), without parsing it. */
export async function countDataRows(path: string, format: CsvFormat): Promise<number> {
  return Math.max(0, (await countRecords(path, format)) - 1);
}

/** Opens an upload as what it is: a workbook's sheet or a CSV file. */
export async function openUploadedFile(file: UploadedFile): Promise<OpenedCsv> {
  return file.workbook ? openWorkbook(file.path, file.sheet || undefined) : openCsvFile(file.path, file.utf8Valid, file.format);
}

/** The data rows of an opened upload (a workbook's sheet is read through once more: its rows cannot be counted without parsing). */
export async function countUploadRows(path: string, opened: OpenedCsv): Promise<number> {
  return opened.workbook ? countSheetRows(path, opened.workbook.sheet) : countDataRows(path, opened.format);
}

/**
 * The import's file, opened and checked against the mapping before the import answers: a file or
 * mapping it cannot take is a 400 / 415 as the preview gives, not an error event in a 200 stream.
 */
export async function openImportFile(file: UploadedFile, mapping: FieldMapping, createsProducts = true): Promise<OpenedCsv> {
  const csv = await openUploadedFile(file);
  try {
    checkMapping(csv.headers, mapping, createsProducts);
  } catch (error) {
    csv.close?.();
    throw error;
  }
  return csv;
}

/**
 * The mapping must name existing columns and map both required fields; a run that creates no
 * products (a profile's 'Create new products' off: a stock file) needs the SKU alone.
 */
export function checkMapping(headers: string[], mapping: FieldMapping, createsProducts = true) {
  if (!Object.keys(mapping).length) throw badRequest(IMPORT_MESSAGES.noMapping, { fieldMapping: IMPORT_MESSAGES.noMapping });
  for (const header of Object.values(mapping)) {
    if (!headers.includes(header)) throw badRequest(IMPORT_MESSAGES.unknownColumn(header), { fieldMapping: IMPORT_MESSAGES.unknownColumn(header) });
  }
  // A file of variations alone (a Parent column) has no names: a variation's is its parent's.
  if (!createsProducts && !mapping.sku) throw badRequest(IMPORT_MESSAGES.missingSku, { fieldMapping: IMPORT_MESSAGES.missingSku });
  if (createsProducts && (!mapping.sku || (!mapping.name && !mapping.parent_sku))) throw badRequest(IMPORT_MESSAGES.missingRequired, { fieldMapping: IMPORT_MESSAGES.missingRequired });
}
