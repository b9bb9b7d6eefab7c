import { IMPORT_MESSAGES, type FieldMapping } from '@bosun/shared';
import { badRequest } from '../../errors.js';
import { countRecords, detectFormat, readRecordGroups, type ByteSource, type CsvFormat } from './csv-source.js';

export interface OpenedCsv {
  format: CsvFormat;
  headers: string[];
  /**
   * The data records in groups, the first of each group with its row number as a spreadsheet
   * shows it (the header is row 1): record i of a group is row firstRow + i.
   */
  groups: AsyncGenerator<{ records: string[][]; firstRow: number }>;
}

/** A spooled file: its format told from its head and whether all of it read as UTF-8. */
export async function openCsvFile(path: string, utf8Valid: boolean): Promise<OpenedCsv> {
  return openCsv(path, await detectFormat(path, utf8Valid));
}

export async function openCsv(bytes: ByteSource, format: CsvFormat): Promise<OpenedCsv> {
  const source = readRecordGroups(bytes, format);
  const first = await source.next();
  if (first.done) throw badRequest(IMPORT_MESSAGES.emptyFile, { csvFile: IMPORT_MESSAGES.emptyFile });
  const headers = first.value[0]!.map((h) => h.trim());
  async function* groups() {
    let firstRow = 2;
    const rest = first.value!.slice(1);
    if (rest.length) yield { records: rest, firstRow };
    firstRow += rest.length;
    for await (const records of source) {
      yield { records, firstRow };
      firstRow += records.length;
    }
  }
  return { format, headers, groups: groups() };
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
