import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import type { CsvFormat, Delimiter } from './csv-format.js';
import { countRecords } from './csv-record-count.js';
import { guessNewline, type Newline } from './csv-record-scanner.js';
import { skipRecord } from './csv-records.js';

/**
 * The scanner's two users, countRecords and skipRecord, against the parser itself (PapaParse's
 * core parser, set up as the reader sets it up) on the inputs where a reading of its quoting
 * rules could go wrong.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-csv-scanner-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const inputs: Array<[string, string, Delimiter?]> = [
  ['LF, with a last line ending', 'a,b\n1,2\n3,4\n'],
  ['CRLF, without a last line ending', 'a,b\r\n1,2\r\n3,4'],
  ['CR alone', 'a,b\r1,2\r3,4\r'],
  ['a quoted first field (after the BOM, when there is one)', '"a","b"\n1,2\n'],
  ['a lone LF in a CRLF file is text', 'a,b\r\n1,x\ny\r\n2,3\r\n'],
  ['a lone CR in an LF file is text', 'a,b\n1,x\ry\n2,3\r\n4,5\n'],
  ['quoted line breaks of every kind in a CRLF file', 'a,b\r\n"x\ny",1\r\n"p\rq",2\r\n"r\r\ns",3\r\n'],
  ['a quoted CRLF in a CR file', 'a,b\r1,"x\r\ny"\r2,3\r'],
  ['escaped quotes', 'a,b\n"he said ""hi""",1\n"""",2\n"x""\ny",3\n1,""""\n'],
  ['closing quotes before a CRLF', 'a,b\r\n"x"\r\n"y",""\r\n'],
  ['a lone LF after a quote and a CRLF: the next quote is text', 'a,b\r\n"x"\r\n\n"y\r\nz"\r\n'],
  ['quotes inside unquoted fields', 'a,b\n12" rope,2\n3,x"y"z\n4, "5,6"\n'],
  ['closing quotes followed by spaces', 'a,b\n"x"  ,1\n2,"y" \t\n3,4\n'],
  ['closing quotes followed by spaces and a CRLF', 'a,b\r\n"x" \r\n"y"\r\r\n2,3\r\n'],
  ['a quote followed by text is text: the field goes on to the end', 'a,b\n"abc"def,2\n3,4\n'],
  ['a quote followed by spaces and text is text: the field goes on', 'a,b\n"x" y,1\n2,3\n"z",4\n'],
  ['a quote followed by a lone LF in a CRLF file is text', 'a,b\r\n"x"\ny,1\r\n2,3\r\n'],
  ['blank records', 'a,b\n\n  \n,,\n1,2\n \t ,  \n\n3,4\n\n'],
  ['blank quoted cells', 'a,b\n"",""\n" ", \n"\n",x\n'],
  ['semicolons', 'a;b\n1,5;2\n3;"4;5"\n', ';'],
  ['tabs', 'a\tb\n1\t2\n"x\ty"\t3\n"z" \t4\n', '\t'],
  ['text beyond ASCII', 'name,price\nCafé,1\n"Crème\nbrûlée 🚤",2\n"«x»",3\n'],
  ['a quote left open to the end', 'a,b\n1,2\n3,"open\n4,5\n'],
  ['a quote left open by an escaped quote at the end', 'a,b\n1,"x""'],
  ['a closing quote as the last character', 'a,b\n1,"x"'],
  ['a quote and a space as the last characters', 'a,b\n1,"x" '],
];

interface ParsedRecord {
  start: number;
  end: number;
  blank: boolean;
  unclosed: boolean;
}

interface PapaStep {
  data: string[][];
  errors: Array<{ code: string }>;
  meta: { cursor: number };
}
const PapaCore = (Papa as unknown as { Parser: new (config: object) => { parse(input: string, baseIndex: number, ignoreLastRow: boolean): unknown } }).Parser;

/** The parser's records of the whole text: where each begins and ends, and whether it is blank or its quote is left open. */
function parserRecords(text: string, delimiter: string): ParsedRecord[] {
  const records: ParsedRecord[] = [];
  const step = ({ data, errors, meta }: PapaStep) => {
    const start = records.at(-1)?.end ?? 0;
    const blank = data[0]!.every((cell) => cell.trim() === '');
    records.push({ start, end: meta.cursor, blank, unclosed: errors.some((e) => e.code === 'MissingQuotes') });
  };
  new PapaCore({ delimiter, newline: guessNewline(text), quoteChar: '"', step }).parse(text, 0, false);
  // After a last line ending the parser gives one more record, empty, where the text ends.
  return records.filter((r) => r.start < text.length);
}

let n = 0;
async function countOf(text: string, format: CsvFormat) {
  const file = path.join(dir, `count-${n++}.csv`);
  const encoded = format.encoding === 'windows-1252' ? iconv.encode(text, 'win1252') : Buffer.from(text);
  fs.writeFileSync(file, format.hasBom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), encoded]) : encoded);
  return countRecords(file, format);
}

describe('countRecords counts the records the parser gives, blank ones left out', () => {
  for (const [name, text, delimiter = ','] of inputs) {
    it(name, async () => {
      const expected = parserRecords(text, delimiter).filter((r) => !r.blank).length;
      const formats: CsvFormat[] = [
        { encoding: 'utf-8', delimiter, hasBom: false },
        { encoding: 'utf-8', delimiter, hasBom: true },
        ...(iconv.decode(iconv.encode(text, 'win1252'), 'win1252') === text ? [{ encoding: 'windows-1252', delimiter, hasBom: false } as const] : []),
      ];
      for (const format of formats) expect(await countOf(text, format), JSON.stringify(format)).toBe(expected);
    });
  }

  it('takes NBSP for a space in Windows-1252, as the parser does', async () => {
    const text = 'a,b\n\u00a0,\u00a0\n"x"\u00a0,1\n2,3\n4,"5"\n';
    const expected = parserRecords(text, ',').filter((r) => !r.blank).length;
    expect(expected).toBe(4);
    expect(await countOf(text, { encoding: 'windows-1252', delimiter: ',', hasBom: false })).toBe(expected);
  });
});

async function* chunksOf(text: string, size: number) {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

describe('skipRecord reads past the record the parser reads, fed in chunks of any size', () => {
  for (const [name, text, delimiter = ','] of inputs) {
    it(name, async () => {
      const newline: Newline = guessNewline(text);
      const lineBreak = newline === '\r' ? '\r' : '\n';
      const breaksIn = (part: string) => part.split(lineBreak).length - 1;
      for (const record of parserRecords(text, delimiter)) {
        const ended = !(record.end === text.length && !text.endsWith(newline));
        const own = breaksIn(text.slice(record.start, ended ? record.end - newline.length : record.end));
        const expected = record.unclosed ? undefined : { after: text.slice(record.end), own, breaks: ended ? own + 1 : own };
        for (const size of [1, 2, 3, 5, text.length]) {
          const chunks = chunksOf(text.slice(record.start), size);
          const first = await chunks.next();
          const skipped = await skipRecord(chunks, first.value!, delimiter, newline, lineBreak);
          // What the reader reads after it: the rest of the chunk where it ended, then the chunks not read yet.
          let rest = skipped?.after ?? '';
          for await (const chunk of chunks) rest += chunk;
          expect(skipped && { ...skipped, after: rest }, `the record at ${record.start}, chunks of ${size}`).toEqual(expected);
        }
      }
    });
  }
});
