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
 * The first records of a text (up to `max`), each as its text and the delimiters outside quotes
 * in it; a quoted line break does not end a record. `open`: the text ends inside quotes.
 */
function firstRecords(text: string, delimiter: string, max: number): { records: Array<{ text: string; delimiters: number }>; open: boolean } {
  const records: Array<{ text: string; delimiters: number }> = [];
  let quoted = false;
  let start = 0;
  let delimiters = 0;
  for (let i = 0; i <= text.length && records.length < max; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) delimiters += 1;
    else if (ch === undefined || (!quoted && (ch === '\n' || ch === '\r'))) {
      const line = text.slice(start, i);
      if (line.trim()) records.push({ text: line, delimiters });
      delimiters = 0;
      start = i + 1;
    }
  }
  return { records, open: quoted };
}

/** Little words that fill sentences and hardly ever a product's cell or a column's name. */
const FILLER_WORDS = new Set(
  'a an the and or but of to for in on at by with from as is are was be been will would can could have has had this that these those it its we our us you your i me my please find attached dear regards thank thanks hello hi kind best sincerely here there which who if not'.split(' '),
);

/** A line that reads as a sentence: five words or more, with sentence punctuation or many filler words. */
function readsAsProse(line: string): boolean {
  const words = line.trim().split(/\s+/);
  if (words.length < 5) return false;
  if (/[.!?](\s|$)/.test(line.trim())) return true;
  const fillers = words.filter((w) => FILLER_WORDS.has(w.toLowerCase().replace(/[^a-z]/g, ''))).length;
  return fillers / words.length >= 0.3;
}

/** Records looked at to tell a table from prose. */
const RECORDS_JUDGED = 20;

/**
 * Whether a text is a table an import can map, or prose (a letter saved as .txt or .csv): told
 * from its first records, not from its name. A table keeps its columns: its records have the
 * header's count of delimiters; prose has sentences, and commas where its sentences put them. So
 * a text is prose when a third or more of its first records read as sentences (readsAsProse)
 * and either its first line has no delimiter, or a cell of it reads as a sentence (a column's
 * name never does), or the records do not keep its count of delimiters. A table of one
 * column (just 'SKU' and its values) has no delimiter at all and no sentences: it is a table.
 */
export function looksLikeTable(text: string, delimiter: string): boolean {
  const { records, open } = firstRecords(text, delimiter, RECORDS_JUDGED);
  // A quote left open is the reader's to report, with its own message.
  if (open && records.length <= 1) return true;
  if (!records.length) return true;
  const prose = records.filter((r) => readsAsProse(r.text)).length;
  if (prose * 3 < records.length) return true;
  const [header, ...data] = records;
  if (header!.delimiters === 0) return false;
  // A column's name is never a sentence.
  if (header!.text.split(delimiter).some(readsAsProse)) return false;
  const keeping = data.filter((r) => r.delimiters === header!.delimiters).length;
  return !data.length || keeping * 2 > data.length;
}
