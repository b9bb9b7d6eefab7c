/**
 * Where the records of a CSV file end, found without building a cell: the quoting rules of
 * PapaParse's core parser (papaparse 5, which csv-records.ts drives) as a small state machine.
 *
 * The rules, as the parser applies them:
 * - a quote opens a quoted field only as the field's first character; anywhere else it is text;
 * - inside quotes, '""' is a quote, and line breaks and delimiters are text; a quote closes the
 *   field only where spaces at most come between it and the delimiter or the line ending, or
 *   where the text ends right after it; any other quote is text, and the field goes on;
 * - a record ends at the first line ending outside quotes, the one guessNewline chose for the file
 *   ('\r\n', '\r' or '\n'); the other line breaks are text;
 * - a record whose cells hold nothing but spaces is blank: the reader skips it.
 *
 * Two readers need the records' ends and not their cells, where the parser would cost too much:
 * - countRecords (csv-record-count.ts) counts a file's records over its raw bytes, about ten
 *   times faster than parsing, so that the import knows its total before it starts;
 * - skipRecord (csv-records.ts) reads past a record longer than MAX_RECORD_CHARS a chunk at a
 *   time, in bounded memory: the parser would keep all of it, and parse it again with each chunk.
 * csv-record-scanner.test.ts holds both to the parser's answer.
 *
 * It reads bytes of an ASCII-compatible encoding (UTF-8, Windows-1252): the characters the rules
 * look at are ASCII, and no byte of a multi-byte UTF-8 character is ASCII. Other text is given to
 * it encoded as UTF-8.
 */

export type Newline = '\n' | '\r\n' | '\r';

/** The line ending PapaParse settles on for this text (its own rule: quoted text left out, '\n' unless '\r' comes first). */
export function guessNewline(head: string): Newline {
  const text = head.replace(/"([^]*?)"/g, '');
  const r = text.split('\r');
  const n = text.split('\n');
  if (r.length === 1 || (n.length > 1 && n[0]!.length < r[0]!.length)) return '\n';
  const withN = r.filter((part) => part[0] === '\n').length;
  return withN >= r.length / 2 ? '\r\n' : '\r';
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
/**
 * A space as the parser tells one (String.prototype.trim): ASCII's, and NBSP in Windows-1252 (in
 * UTF-8, 0xA0 only ever follows a byte that is not a space). Spaces beyond ASCII in UTF-8 take
 * several bytes and are not seen: a record of nothing else counts, and a quote one follows is text.
 */
const isSpace = (unit: number) => unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || unit === 0xa0;

/** Where the scanner is: outside quotes, inside them, just past a quote inside them, or in the spaces after that quote. */
const OUTSIDE = 0;
const QUOTED = 1;
/** A quote inside quotes: an escaped one if another quote follows, else maybe the field's end. */
const QUOTE_SEEN = 2;
/** Spaces after that quote: the field's end if the delimiter or the line ending comes next, else text. */
const CLOSING = 3;

/** Where `unit` next comes in `units` at or after `from`, searched again only when `found` (-2: not yet) is behind. */
const nextAt = (units: Uint8Array, unit: number, from: number, found: number) =>
  found === -2 || (found !== -1 && found < from) ? units.indexOf(unit, from) : found;

/**
 * Finds the records' ends in a text given chunk by chunk (feed, then recordEnd until it gives -1):
 * the state (inside quotes, at a field's start, a CR just read) carries over from one chunk to
 * the next, so a chunk may end anywhere.
 */
export class RecordScanner {
  private readonly delimiter: number;
  /** The unit a record's line ending ends with ('\n' of '\r\n'); '\r\n' also needs the CR before it. */
  private readonly terminator: number;
  private readonly crlf: boolean;
  private state = OUTSIDE;
  private fieldStart = true;
  /** The record so far holds a character that is not a space. */
  private content = false;
  /** The unit read last, for a '\r\n' cut between two chunks. */
  private previous = -1;
  /** The chunk being read, and where. */
  private units: Uint8Array = new Uint8Array(0);
  private at = 0;
  /**
   * The next quote and line ending in the chunk, as far as found (-1: none to its end; -2: not
   * searched yet), searched again once passed: a chunk without quotes is searched once, not once
   * per record (a 49 MB file of short rows without a quote took 20 s to count), and a record's
   * line ending once, not once per quoted field.
   */
  private quoteAt = -2;
  private lineAt = -2;
  /** The record that recordEnd or finish last ended holds nothing but spaces (the reader skips it). */
  blank = true;

  constructor(delimiter: string, newline: Newline) {
    this.delimiter = delimiter.charCodeAt(0);
    this.terminator = newline === '\r' ? CR : LF;
    this.crlf = newline === '\r\n';
  }

  /** The next chunk of the text, read from `from`. */
  feed(units: Uint8Array, from = 0): void {
    this.units = units;
    this.at = from;
    this.quoteAt = -2;
    this.lineAt = -2;
  }

  /**
   * Reads on to the end of the current record: the index in the chunk just past its line ending,
   * or -1 when the chunk ends first (the next one goes on where this one stopped).
   */
  recordEnd(): number {
    const { units, delimiter, terminator, crlf } = this;
    const length = units.length;
    let { state, fieldStart, content, previous, quoteAt, lineAt } = this;
    let i = this.at;
    let end = -1;
    // Unit by unit only where a record starts or a quote closes; elsewhere native searches jump to
    // the next quote or line ending.
    while (i < length) {
      if (state === QUOTED) {
        const quote = (quoteAt = nextAt(units, QUOTE, i, quoteAt));
        const stop = quote === -1 ? length : quote;
        for (let k = i; !content && k < stop; k++) content = !isSpace(units[k]!);
        if (quote === -1) {
          previous = units[length - 1]!;
          i = length;
        } else {
          state = QUOTE_SEEN;
          previous = QUOTE;
          i = quote + 1;
        }
        continue;
      }
      if (state === QUOTE_SEEN || state === CLOSING) {
        const unit = units[i]!;
        if (unit === QUOTE && state === QUOTE_SEEN) {
          state = QUOTED;
          content = true;
        } else if (unit === delimiter) {
          state = OUTSIDE;
          fieldStart = true;
        } else if (unit === terminator && (!crlf || previous === CR)) {
          previous = unit;
          end = i + 1;
          break;
        } else if (isSpace(unit)) {
          state = CLOSING;
        } else {
          // The quote did not end the field: it is text, as is what came after it, and the quote goes on.
          state = QUOTED;
          content = true;
          continue;
        }
        previous = unit;
        i += 1;
        continue;
      }
      if (!content) {
        const unit = units[i]!;
        const before = previous;
        previous = unit;
        i += 1;
        if (unit === terminator && (!crlf || before === CR)) {
          end = i;
          break;
        }
        if (unit === delimiter) fieldStart = true;
        else if (unit === QUOTE && fieldStart) {
          state = QUOTED;
          fieldStart = false;
        } else {
          fieldStart = false;
          content = !isSpace(unit);
        }
        continue;
      }
      const t = (lineAt = nextAt(units, terminator, i, lineAt));
      const q = (quoteAt = nextAt(units, QUOTE, i, quoteAt));
      if (q !== -1 && (t === -1 || q < t)) {
        if (q === i ? fieldStart : units[q - 1] === delimiter) state = QUOTED;
        fieldStart = false;
        previous = QUOTE;
        i = q + 1;
      } else if (t !== -1) {
        const before = t === i ? previous : units[t - 1];
        previous = terminator;
        i = t + 1;
        if (!crlf || before === CR) {
          end = i;
          break;
        }
        fieldStart = false;
      } else {
        previous = units[length - 1]!;
        fieldStart = previous === delimiter;
        i = length;
      }
    }
    if (end === -1) {
      this.state = state;
      this.fieldStart = fieldStart;
      this.content = content;
    } else {
      this.blank = !content;
      this.state = OUTSIDE;
      this.fieldStart = true;
      this.content = false;
    }
    this.previous = previous;
    this.at = i;
    this.quoteAt = quoteAt;
    this.lineAt = lineAt;
    return end;
  }

  /**
   * The text has ended, and the record it was in with it: true when that record's quote is left
   * open (the parser's 'MissingQuotes'). `blank` then tells whether the record holds anything.
   */
  finish(): boolean {
    // Spaces after a quote at the end: that quote was text (the field holds it), the quote is left open.
    const unclosed = this.state === QUOTED || this.state === CLOSING;
    this.blank = !this.content && this.state !== CLOSING;
    [this.state, this.fieldStart, this.content, this.previous] = [OUTSIDE, true, false, -1];
    return unclosed;
  }
}
