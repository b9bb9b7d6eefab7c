/**
 * A CSV file's records, read by PapaParse's core parser over the decoded chunks, with a bound on
 * a record's length (MAX_RECORD_CHARS) and messages that name the row of a record it cannot take.
 */
import Papa from 'papaparse';
import { formatCount } from '@bosun/shared/count-text';
import { decodedStream } from './csv-decoding.js';
import type { ByteSource, CsvFormat } from './csv-format.js';
import { guessNewline, RecordScanner, type Newline } from './csv-record-scanner.js';

/** PapaParse's 'greedy' empty line: nothing but whitespace in any cell (checked cell by cell, stopping early). */
const isBlankRecord = (cells: string[]) => {
  for (const cell of cells) if (cell.length && cell.trim() !== '') return false;
  return true;
};

interface PapaError {
  code: string;
  row: number;
  index: number;
}
interface PapaParser {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): { data: string[][]; errors: PapaError[]; meta: { cursor: number } };
}
const PapaCore = (Papa as unknown as { Parser: new (config: { delimiter: string; newline: string; quoteChar: string }) => PapaParser }).Parser;

/**
 * The longest record (row) the reader takes, in characters. Above it the reading stops with a
 * CsvRecordError: the unfinished record is kept to be parsed again with the next chunk, so
 * without a bound a record that never ends (an unclosed quote, a file of one line) cost time
 * growing with the square of its length and memory with it (a 50 MB file with an unclosed quote
 * took 27 s and 373 MB to preview).
 */
export const MAX_RECORD_CHARS = 1024 * 1024;

/** A record the reader cannot take; the reading stops there, the records before it were read. */
export class CsvRecordError extends Error {
  constructor(
    /** The row where the record begins, as a spreadsheet numbers it (the header is row 1). */
    readonly row: number,
    readonly reason: string,
    /** The record's first characters, to show. */
    readonly value: string,
  ) {
    super(`Row ${row}: ${reason}`);
  }
}

const countOf = (text: string, part: string, from = 0, to = text.length) => {
  let n = 0;
  for (let at = text.indexOf(part, from); at !== -1 && at < to; at = text.indexOf(part, at + part.length)) n += 1;
  return n;
};
const rowTooLong = `the row is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB, the most one row may hold`;
const moreThanLimit = ` (more than ${MAX_RECORD_CHARS / 1024 / 1024} MB)`;
const runsTo = (line: number | undefined) => `unclosed quote, it runs to ${line === undefined ? 'the end of the file' : `line ${formatCount(line)} of the file`}`;

/**
 * Reads past the record that `text` starts with, holding one chunk of it at a time: the
 * RecordScanner finds where it ends by the parser's rules. Gives the text after its line ending,
 * the line breaks (`lineBreak`) the record holds (`own`) and those read past (`breaks`, its
 * ending's too), or undefined when the file ends inside its quotes.
 */
export async function skipRecord(
  rest: AsyncIterator<string>,
  text: string,
  delimiter: string,
  newline: Newline,
  lineBreak: string,
): Promise<{ after: string; own: number; breaks: number } | undefined> {
  const scanner = new RecordScanner(delimiter, newline);
  let breaks = 0;
  // One buffer for every chunk's bytes: a new one per chunk (Buffer.from) made the preview of a
  // 100 MB file of one line take two to three times as long.
  let bytes = Buffer.allocUnsafe(0);
  for (;;) {
    if (bytes.length < 3 * text.length) bytes = Buffer.allocUnsafe(3 * text.length);
    const units = bytes.subarray(0, bytes.write(text));
    scanner.feed(units);
    const end = scanner.recordEnd();
    if (end !== -1) {
      // Decoded back, the record's part of this chunk is as long as in the text (a lone surrogate, which the encoding replaced, too).
      const record = units.toString('utf8', 0, end);
      const own = breaks + countOf(record, lineBreak) - 1;
      return { after: text.slice(record.length), own, breaks: own + 1 };
    }
    breaks += countOf(text, lineBreak);
    const next = await rest.next();
    if (next.done) return scanner.finish() ? undefined : { after: '', own: breaks, breaks };
    text = next.value;
  }
}

/**
 * What the reader gives: groups of records (one array of cells each), and in their place each
 * record it could not take, a CsvRecordError (see readRecordGroups).
 */
export type RecordGroup = string[][] | CsvRecordError;

/**
 * The records of the file, one array of cells each, in the groups one decoded chunk holds: the
 * file is read as a stream and never held whole, and the import loops over a group without an
 * await per record. PapaParse's own core parser is fed each decoded chunk and keeps the unfinished
 * last record for the next one, as its stream wrapper does, but without that wrapper's row-by-row
 * stream (which pauses and re-copies the rest of the chunk every 16 records).
 *
 * A record longer than MAX_RECORD_CHARS is read past, not kept, and given as a CsvRecordError in
 * its place; the reading goes on after it. A quote left open ends the reading with a thrown
 * CsvRecordError after the records before it: to the end of the file, or across lines to a quote
 * that does not close a field (what follows it could not be read as the rows they were meant to be).
 */
export async function* readRecordGroups(source: ByteSource, format: CsvFormat): AsyncGenerator<RecordGroup> {
  let parser: PapaParser | undefined;
  let newline: Newline = '\n';
  let lineBreak = '\n'; // what counts lines: '\r' in a file whose records end with it alone
  let partial = '';
  let rows = 0; // records given, the header and the ones read past included: the next one is row rows + 1
  let lines = 0; // line breaks before `partial`
  const chunks = decodedStream(source, format)[Symbol.asyncIterator]();
  /** The line where record r of a parse begins, counting the line breaks in the records before it. */
  const lineOf = (data: string[][], r: number) => {
    let line = lines + 1;
    for (let i = 0; i < r; i++) line += 1 + breaksIn(data[i]!);
    return line;
  };
  const breaksIn = (cells: string[]) => cells.reduce((n, cell) => n + countOf(cell, lineBreak), 0);
  const tooLongReason = (start: number, breaks: number) => (breaks === 0 ? rowTooLong : `${runsTo(start + breaks)}${moreThanLimit}`);
  /**
   * The records of one parse as groups, each record longer than MAX_RECORD_CHARS in its place as
   * a CsvRecordError, up to a record whose quote is left open (to the end of the file, or over
   * lines to a quote that does not close a field): that one is `failure`.
   */
  const groupsOf = (text: string, data: string[][], errors: PapaError[], atEnd: boolean) => {
    const bad = errors.find((e) => e.row < data.length && (e.code === 'MissingQuotes' || (e.code === 'InvalidQuotes' && breaksIn(data[e.row]!) > 0)))?.row;
    const groups: RecordGroup[] = [];
    let records: string[][] = [];
    const upTo = bad ?? data.length;
    for (let i = 0; i < upTo; i++) {
      const cells = data[i]!;
      // Only a text that long can hold such a record: a chunk is far shorter.
      if (text.length > MAX_RECORD_CHARS && cells.reduce((n, cell) => n + cell.length + 1, 0) > MAX_RECORD_CHARS) {
        if (records.length) groups.push(records);
        records = [];
        groups.push(new CsvRecordError(rows + 1, tooLongReason(lineOf(data, i), breaksIn(cells)), cells.join(format.delimiter).slice(0, 50)));
        rows += 1;
      } else if (!isBlankRecord(cells)) {
        records.push(cells);
        rows += 1;
      }
    }
    if (records.length) groups.push(records);
    if (bad === undefined) return { groups };
    const cells = data[bad]!;
    const openToEnd = errors.some((e) => e.row === bad && e.code === 'MissingQuotes') && atEnd;
    const reason = runsTo(openToEnd ? undefined : lineOf(data, bad) + breaksIn(cells));
    return { groups, failure: new CsvRecordError(rows + 1, reason, cells.join(format.delimiter).slice(0, 50)) };
  };
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    const text = partial + next.value;
    if (!parser) {
      newline = guessNewline(text.slice(0, 1 << 20));
      lineBreak = newline === '\r' ? '\r' : '\n';
      parser = new PapaCore({ delimiter: format.delimiter, newline, quoteChar: '"' });
    }
    const { data, errors, meta } = parser.parse(text, 0, true);
    const { groups, failure } = groupsOf(text, data, errors, false);
    yield* groups;
    if (failure) throw failure;
    lines += countOf(text, lineBreak, 0, meta.cursor);
    partial = text.substring(meta.cursor);
    if (partial.length > MAX_RECORD_CHARS) {
      // The unfinished record is already too long: read past its end without keeping it.
      const value = partial.slice(0, 50);
      const skipped = await skipRecord(chunks, partial, format.delimiter, newline, lineBreak);
      if (!skipped) throw new CsvRecordError(rows + 1, `${runsTo(undefined)}${moreThanLimit}`, value);
      rows += 1;
      yield new CsvRecordError(rows, tooLongReason(lines + 1, skipped.own), value);
      lines += skipped.breaks;
      partial = skipped.after;
    }
  }
  if (!partial) return;
  parser ??= new PapaCore({ delimiter: format.delimiter, newline: guessNewline(partial.slice(0, 1 << 20)), quoteChar: '"' });
  const { data, errors } = parser.parse(partial, 0, false);
  const { groups, failure } = groupsOf(partial, data, errors, true);
  yield* groups;
  if (failure) throw failure;
}

/** The records one by one, each one read past as its CsvRecordError (see readRecordGroups). */
export async function* readRecords(path: string, format: CsvFormat): AsyncGenerator<string[] | CsvRecordError> {
  for await (const group of readRecordGroups(path, format)) {
    if (group instanceof CsvRecordError) yield group;
    else yield* group;
  }
}
