/**
 * What the browser (the import wizard reads the header row of the chosen file) and the server
 * (the import's format detection) both decide about a CSV file from its name and its first bytes,
 * so that the two never disagree. Pure: no Node and no DOM.
 */

export type CsvDelimiter = ',' | ';' | '\t';
const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/**
 * The delimiters outside quotes on the first line (a quoted line break does not end it), and
 * whether the text ends inside quotes before the line does: the one scan both rules below read.
 */
function firstLine(text: string): { counts: Map<CsvDelimiter, number>; endsQuoted: boolean } {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) return { counts, endsQuoted: false };
    else if (!quoted && counts.has(ch as CsvDelimiter)) counts.set(ch as CsvDelimiter, counts.get(ch as CsvDelimiter)! + 1);
  }
  return { counts, endsQuoted: quoted };
}

/** Picks the most frequent delimiter of the first line (comma on a tie or when none). */
export function detectDelimiter(text: string): CsvDelimiter {
  const { counts } = firstLine(text);
  let best: CsvDelimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * Where a UTF-8 sequence cut short by the end of the bytes starts (their length when none is):
 * a sample or a read chunk may end inside a character, which is then checked or decoded whole
 * with what follows, or left out.
 */
export function completeUtf8Length(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** File names a CSV import takes whatever type the browser gives (Excel saves tab-separated text as .txt). */
export const CSV_FILE_EXTENSIONS: readonly string[] = ['.csv', '.tsv', '.txt'];
/** Types a browser or client gives a CSV file; all but text/csv only for a name without an extension. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'text/x-csv', 'application/octet-stream', 'text/comma-separated-values', 'text/tab-separated-values']);

/** CSV by extension or by type (SPEC §5), refusing what is plainly something else. */
export function isCsvFileName(fileName: string, mimeType: string): boolean {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot).toLowerCase() : '';
  if (CSV_FILE_EXTENSIONS.includes(extension)) return true;
  return mimeType === 'text/csv' || (CSV_TYPES.has(mimeType) && extension === '');
}

/** An Excel workbook the import reads (.xlsx; the older binary .xls is not one). */
export const WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export function isWorkbookFileName(fileName: string, mimeType: string): boolean {
  return fileName.toLowerCase().endsWith('.xlsx') || mimeType === WORKBOOK_TYPE;
}

/**
 * A header row names its columns separated by the delimiter: a first line without any (a page of
 * prose saved as .txt) is no CSV an import can map, which needs at least SKU and Name. Quoted
 * text is skipped, line breaks inside it too.
 */
export function headerHasColumns(text: string, delimiter: CsvDelimiter): boolean {
  const { counts, endsQuoted } = firstLine(text);
  // Ends inside quotes: a quote left open is the reader's to report, with its own message.
  return counts.get(delimiter)! > 0 || endsQuoted;
}
