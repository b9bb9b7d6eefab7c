import fs from 'node:fs';
import type { CsvFormat } from './csv-format.js';
import { CsvRecordError, guessNewline, readRecords } from './csv-records.js';

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const isBlankByte = (b: number) => b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a || b === 0x0b || b === 0x0c;

/**
 * The number of records readRecords yields, counted over the raw bytes without building a single
 * string: the same quoting rules (a quote opens a field only at its start, '""' inside is a quote),
 * the same line ending and the same blank-record rule. About ten times faster than parsing, which
 * matters because the import knows its total before it starts. Only for ASCII-compatible
 * encodings (UTF-8, Windows-1252); UTF-16 goes through the parser.
 */
export async function countRecords(path: string, format: CsvFormat): Promise<number> {
  if (format.encoding === 'utf-16le' || format.encoding === 'utf-16be') {
    let n = 0;
    try {
      for await (const _ of readRecords(path, format)) n += 1;
    } catch (error) {
      // A quote left open: the reading stops there, and so does the count.
      if (!(error instanceof CsvRecordError)) throw error;
    }
    return n;
  }
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    const delimiter = format.delimiter.charCodeAt(0);
    let newline: ReturnType<typeof guessNewline> | undefined;
    let terminator = LF;
    let records = 0;
    let inQuotes = false;
    let quoteSeen = false; // a quote inside a quoted field: an escaped one if another follows, else the end
    let fieldStart = true;
    let content = false;
    let previous = -1;
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      let i = 0;
      if (position === 0 && format.hasBom) i = 3;
      if (newline === undefined) {
        newline = guessNewline(buffer.toString('latin1', i, Math.min(bytesRead, i + (1 << 20))));
        terminator = newline === '\r' ? CR : LF;
      }
      const crlf = newline === '\r\n';
      const view = buffer.subarray(0, bytesRead);
      position += bytesRead;
      // Byte by byte only where a line starts; elsewhere native searches jump to the next quote or line end.
      while (i < bytesRead) {
        if (inQuotes) {
          if (quoteSeen) {
            quoteSeen = false;
            if (view[i] === QUOTE) {
              content = true;
              previous = QUOTE;
              i += 1;
              continue;
            }
            inQuotes = false;
          } else {
            const q = view.indexOf(QUOTE, i);
            const end = q === -1 ? bytesRead : q;
            if (!content) {
              for (let k = i; k < end; k++) {
                if (!isBlankByte(view[k]!)) {
                  content = true;
                  break;
                }
              }
            }
            if (q === -1) {
              previous = view[bytesRead - 1]!;
              i = bytesRead;
            } else {
              quoteSeen = true;
              previous = QUOTE;
              i = q + 1;
            }
            continue;
          }
        }
        if (!content) {
          const b = view[i]!;
          if (b === terminator && (!crlf || previous === CR)) fieldStart = true;
          else if (b === delimiter) fieldStart = true;
          else if (b === QUOTE && fieldStart) {
            inQuotes = true;
            fieldStart = false;
          } else {
            fieldStart = false;
            if (!isBlankByte(b)) content = true;
          }
          previous = b;
          i += 1;
          continue;
        }
        const t = view.indexOf(terminator, i);
        const q = view.indexOf(QUOTE, i);
        if (q !== -1 && (t === -1 || q < t)) {
          inQuotes = q === i ? fieldStart : view[q - 1] === delimiter;
          fieldStart = false;
          previous = QUOTE;
          i = q + 1;
        } else if (t !== -1) {
          const before = t === i ? previous : view[t - 1];
          if (!crlf || before === CR) {
            records += 1;
            content = false;
            fieldStart = true;
          } else {
            fieldStart = false;
          }
          previous = terminator;
          i = t + 1;
        } else {
          previous = view[bytesRead - 1]!;
          fieldStart = previous === delimiter;
          i = bytesRead;
        }
      }
    }
    if (content) records += 1;
    return records;
  } finally {
    await handle.close();
  }
}
