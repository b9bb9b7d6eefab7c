import { IMPORT_MESSAGES, type FieldMapping, type ImportRowError } from '@bosun/shared';
import { badRequest } from '../../errors.js';
import { countRecords, CsvRecordError, detectFormat, readRecordGroups, type ByteSource, type CsvFormat } from './csv-source.js';

export interface OpenedCsv {
  format: CsvFormat;
  headers: string[];
  /**
   * The data records in groups, the first of each group with its row number as a spreadsheet
   * shows it (the header is row 1): record i of a group is row firstRow + i.
   */
  groups: AsyncGenerator<{ records: string[][]; firstRow: number }>;
  /**
   * Set when the groups ended early at a record the reader could not take (too long, a quote left
   * open): the rows before it were read, it and the rest were not. Staff see it as a row error.
   */
  failure?: ImportRowError;
}

/** A spooled file: its format told from its head and whether all of it read as UTF-8. */
export async function openCsvFile(path: string, utf8Valid: boolean): Promise<OpenedCsv> {
  return openCsv(path, await detectFormat(path, utf8Valid));
}

export async function openCsv(bytes: ByteSource, format: CsvFormat): Promise<OpenedCsv> {
  const source = readRecordGroups(bytes, format);
  let first: IteratorResult<string[][]>;
  try {
    first = await source.next();
  } catch (error) {
    // The header row itself cannot be read: the file cannot be mapped.
    if (error instanceof CsvRecordError) throw badRequest(error.message, { csvFile: error.message });
    throw error;
  }
  if (first.done) throw badRequest(IMPORT_MESSAGES.emptyFile, { csvFile: IMPORT_MESSAGES.emptyFile });
  const headers = first.value[0]!.map((h) => h.trim());
  const opened: OpenedCsv = { format, headers, groups: groups() };
  async function* groups() {
    let firstRow = 2;
    const rest = first.value!.slice(1);
    if (rest.length) yield { records: rest, firstRow };
    firstRow += rest.length;
    try {
      for await (const records of source) {
        yield { records, firstRow };
        firstRow += records.length;
      }
    } catch (error) {
      if (!(error instanceof CsvRecordError)) throw error;
      opened.failure = { row: error.row, column: '', value: error.value, reason: error.reason };
    }
  }
  return opened;
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

/**
 * The import's file, opened and checked against the mapping before the import answers: a file or
 * mapping it cannot take is a 400 / 415 as the preview gives, not an error event in a 200 stream.
 */
export async function openImportFile(file: { path: string; utf8Valid: boolean }, mapping: FieldMapping): Promise<OpenedCsv> {
  const csv = await openCsvFile(file.path, file.utf8Valid);
  checkMapping(csv.headers, mapping);
  return csv;
}

/** The mapping must name existing columns and map both required fields. */
export function checkMapping(headers: string[], mapping: FieldMapping) {
  if (!Object.keys(mapping).length) throw badRequest(IMPORT_MESSAGES.noMapping, { fieldMapping: IMPORT_MESSAGES.noMapping });
  for (const header of Object.values(mapping)) {
    if (!headers.includes(header)) throw badRequest(IMPORT_MESSAGES.unknownColumn(header), { fieldMapping: IMPORT_MESSAGES.unknownColumn(header) });
  }
  if (!mapping.sku || !mapping.name) throw badRequest(IMPORT_MESSAGES.missingRequired, { fieldMapping: IMPORT_MESSAGES.missingRequired });
}
