import { IMPORT_MESSAGES, type FieldMapping } from '@bosun/shared';
import { badRequest } from '../../errors.js';
import { countRecords, detectFormat, readRecords, type CsvFormat } from './csv-source.js';

export interface OpenedCsv {
  format: CsvFormat;
  headers: string[];
  /** The data records, each with its row number as a spreadsheet shows it (the header is row 1). */
  rows: AsyncGenerator<{ cells: string[]; row: number }>;
}

export async function openCsv(path: string, utf8Valid: boolean): Promise<OpenedCsv> {
  const format = await detectFormat(path, utf8Valid);
  const records = readRecords(path, format);
  const first = await records.next();
  if (first.done) throw badRequest(IMPORT_MESSAGES.emptyFile, { csvFile: IMPORT_MESSAGES.emptyFile });
  const headers = first.value.map((h) => h.trim());
  async function* rows() {
    let row = 1;
    for await (const cells of records) {
      row += 1;
      yield { cells, row };
    }
  }
  return { format, headers, rows: rows() };
}

/** The data records of the file (the header not counted), without parsing it. */
export async function countDataRows(path: string, format: CsvFormat): Promise<number> {
  return Math.max(0, (await countRecords(path, format)) - 1);
}

/** The mapping must name existing columns and map both required fields. */
export function checkMapping(headers: string[], mapping: FieldMapping) {
  if (!Object.keys(mapping).length) throw badRequest(IMPORT_MESSAGES.noMapping, { fieldMapping: IMPORT_MESSAGES.noMapping });
  for (const header of Object.values(mapping)) {
    if (!headers.includes(header)) throw badRequest(IMPORT_MESSAGES.unknownColumn(header), { fieldMapping: IMPORT_MESSAGES.unknownColumn(header) });
  }
  if (!mapping.sku || !mapping.name) throw badRequest(IMPORT_MESSAGES.missingRequired, { fieldMapping: IMPORT_MESSAGES.missingRequired });
}
