/** Excel and LibreOffice read a UTF-8 file correctly only when it starts with a BOM. */
export const UTF8_BOM = '\uFEFF';

/**
 * Cells a spreadsheet would run as a formula start with =, +, -, @, tab or CR. Export prefixes
 * them (and cells that already look escaped) with one apostrophe; import removes exactly one,
 * so every value round-trips unchanged. A plain number ('-12.00', '-5', '+3') runs nothing: it is
 * written as it is, so that a negative price in the file reads as a number in the spreadsheet.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Printable ASCII other than ' = + - @ can start no formula and is no white space: the export
 * meets a million rows of such cells, and this test spares it the regular expressions for them.
 */
const isPlainAscii = (code: number) => code > 32 && code < 127;
const mayStartFormula = (code: number) => !isPlainAscii(code) || code === 39 || code === 61 || code === 43 || code === 45 || code === 64;

/** The one formula guard of every CSV the app writes (export, rows not imported): whether a text needs the apostrophe. */
export const needsFormulaGuard = (text: string) => mayStartFormula(text.charCodeAt(0)) && FORMULA_LIKE.test(text) && !PLAIN_NUMBER.test(text);

export const neutraliseFormula = (text: string) => (needsFormulaGuard(text) ? `'${text}` : text);
/** The import reads twenty cells a row through this: most start with no quote, which is checked without the expression. */
export const restoreFormula = (text: string) => (text.charCodeAt(0) === 39 && ESCAPED_FORMULA.test(text) ? text.slice(1) : text);

const SPACE = /\s/;

/**
 * A quote, comma or line break anywhere in the text. Four indexOf scans (memchr) instead of the
 * regex /[",\r\n]/: on the 1M catalogue's text cells 0.49-0.60 µs per row against 0.91-0.94.
 */
const holdsQuotedChar = (text: string) => text.indexOf('"') >= 0 || text.indexOf(',') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0;

const isSpaceAt = (text: string, at: number) => !isPlainAscii(text.charCodeAt(at)) && SPACE.test(text[at]!);

/** A cell is quoted when it holds a quote, comma or line break, or starts or ends with white space. */
function needsQuotes(text: string): boolean {
  // Three simple tests instead of one regex with anchored alternatives: the export runs this on
  // 30 cells of a million rows, and the anchors made V8 try every position three ways.
  if (!text) return false;
  return isSpaceAt(text, 0) || isSpaceAt(text, text.length - 1) || holdsQuotedChar(text);
}

/** One CSV cell: text is neutralised and quoted when needed; numbers and empty values pass as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = neutraliseFormula(value);
  return needsQuotes(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Characters of a long cell quoted and encoded at a time (csvCellPieces). */
export const CELL_PIECE_CHARS = 64 * 1024;

/**
 * The same cell as csvCell, in pieces of about CELL_PIECE_CHARS characters: a value of megabytes
 * (written before descriptions were capped) is never copied whole, neither prefixed nor quoted,
 * so it fits in an export worker's small heap. A piece never ends between the two halves of a
 * surrogate pair, which would each be encoded as U+FFFD.
 */
export function* csvCellPieces(text: string): Generator<string> {
  const prefixed = needsFormulaGuard(text);
  // needsQuotes of the prefixed text: it starts with an apostrophe, which is no white space.
  const quoted = text.length > 0 && ((!prefixed && isSpaceAt(text, 0)) || isSpaceAt(text, text.length - 1) || holdsQuotedChar(text));
  yield `${quoted ? '"' : ''}${prefixed ? "'" : ''}`;
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + CELL_PIECE_CHARS, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    const piece = text.slice(at, end);
    yield quoted ? piece.replaceAll('"', '""') : piece;
    at = end;
  }
  if (quoted) yield '"';
}
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * A cell of text that comes in pieces and is never held whole (a value of megabytes read as
 * bytes): always quoted, which any reader reads as the same text, and neutralised when its first
 * piece starts like a formula.
 */
export function* csvCellOfPieces(pieces: Iterable<string>): Generator<string> {
  yield '"';
  // The start is held until it holds more than apostrophes (a formula start may follow a run of
  // them) and is no longer a plain number (the next piece may make '-12' into '-12abc').
  let head: string | undefined = '';
  for (const piece of pieces) {
    if (head === undefined) {
      yield piece.replaceAll('"', '""');
      continue;
    }
    head += piece;
    if (!/^'*$/.test(head) && !PLAIN_NUMBER.test(head)) {
      yield neutraliseFormula(head).replaceAll('"', '""');
      head = undefined;
    }
  }
  if (head) yield neutraliseFormula(head);
  yield '"';
}

export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Money is written with exactly two decimals so it reads back as the same number. Infinity or NaN
 * (written before the bounds were enforced) is left empty: no import could read it back.
 */
export const moneyCell = (value: number | null) => (value === null || !Number.isFinite(value) ? null : value.toFixed(2));

/**
 * UTF-16 written without a BOM (some Windows programs), read the same by the server and the
 * wizard: text of a shop's file is mostly ASCII, which UTF-16 writes as the character and a NUL
 * byte, in that order (LE) or the other (BE).
 */
export function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.min(bytes.length, 4096) >> 1;
  if (pairs < 2) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenNul += 1;
    if (bytes[2 * i + 1] === 0) oddNul += 1;
  }
  if (oddNul > pairs * 0.6 && evenNul < pairs * 0.05) return 'utf-16le';
  if (evenNul > pairs * 0.6 && oddNul < pairs * 0.05) return 'utf-16be';
  return undefined;
}
