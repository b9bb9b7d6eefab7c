import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { READ_CHUNK } from './csv-decoding.js';
import { detectFormat } from './csv-format.js';
import { countRecords } from './csv-record-count.js';
import { CsvRecordError, MAX_RECORD_CHARS, readRecords } from './csv-records.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-csv-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function both(content: string | Buffer) {
  const file = path.join(dir, `f${n++}.csv`);
  fs.writeFileSync(file, content);
  const bytes = fs.readFileSync(file);
  const utf8Valid = (() => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return true;
    } catch {
      return false;
    }
  })();
  const format = await detectFormat(file, utf8Valid);
  let parsed = 0;
  for await (const _ of readRecords(file, format)) parsed += 1;
  return { parsed, counted: await countRecords(file, format) };
}

describe('countRecords', () => {
  const cases: Record<string, string | Buffer> = {
    'LF with a trailing newline': 'a,b\n1,2\n3,4\n',
    'CRLF without a trailing newline': 'a,b\r\n1,2\r\n3,4',
    'CR only': 'a,b\r1,2\r3,4\r',
    'quoted newlines, CRLF inside quotes and escaped quotes': 'a,b\n"x\ny",2\n"he said ""hi""\r\n",3\n"",""\n',
    'a quote inside an unquoted field': 'a,b\n12" rope,2\n3,"4"\n',
    'blank, whitespace-only and delimiter-only lines': 'a,b\n\n  \n,,\n1,2\n \t ,  \n\n3,4\n\n',
    'a BOM and semicolons': '\uFEFFa;b\n1,5;2\n3;"4;5"\n',
    'tabs': 'a\tb\n1\t2\n"x\ty"\t3\n',
    'Windows-1252': iconv.encode('Name,Price\nCafé,1\n"Crème\nbrûlée",2\n', 'win1252'),
    'mixed line endings in a CRLF file': 'a,b\r\n1,x\ny\r\n2,3\r\n',
  };
  for (const [name, content] of Object.entries(cases)) {
    it(`counts what the parser yields: ${name}`, async () => {
      const { parsed, counted } = await both(content);
      expect(counted).toBe(parsed);
    });
  }

  it('counts with the line ending the parser settles on, guessed from the same head', async () => {
    // CR alone in the reader's first chunk, CRLF in most of the count's first megabyte.
    const head = Array.from({ length: READ_CHUNK / 8 }, (_, i) => `C-${i},1`.padEnd(7, ' ')).join('\r');
    const rest = Array.from({ length: 100_000 }, (_, i) => `L-${i},2`.padEnd(8, ' ')).join('\r\n');
    const { parsed, counted } = await both(`a,b\r${head}\r${rest}\r\n`);
    expect(counted).toBe(parsed);
  });

  it('counts a file larger than its read buffer with quotes across the edges', async () => {
    const row = (i: number) => `S-${i},"Name ${i}, with ""quotes""\nand a newline",${i}\n`;
    const { parsed, counted } = await both(`sku,name,stock\n${Array.from({ length: 40_000 }, (_, i) => row(i)).join('')}`);
    expect(parsed).toBe(40_001);
    expect(counted).toBe(parsed);
  });
});

describe('readRecords', () => {
  it('reads UTF-8 whole when characters are cut at the read edges, and ASCII chunks after non-ASCII ones', async () => {
    const EDGE = READ_CHUNK;
    let text = '\uFEFFsku,name\n';
    const rows: string[] = [];
    /** A row whose `character` starts `before` bytes ahead of the byte offset `edge`. */
    const cutAt = (edge: number, character: string, before: number) => {
      const prefix = `S-${rows.length},`;
      const fill = edge - before - Buffer.byteLength(text) - Buffer.byteLength(prefix);
      const row = `${prefix}${'a'.repeat(fill)}${character} end`;
      rows.push(row);
      text += `${row}\n`;
    };
    cutAt(EDGE, '–', 1); // chunk 1 ends after the dash's first byte
    cutAt(3 * EDGE - 100, 'é', 0); // chunk 2 holds non-ASCII, chunk 3 is plain ASCII
    cutAt(4 * EDGE, '🚤', 2); // chunk 4 ends inside a four-byte character
    rows.push('S-last,Crème brûlée');
    text += 'S-last,Crème brûlée\n';
    const file = path.join(dir, `utf8-${n++}.csv`);
    fs.writeFileSync(file, text);
    const format = await detectFormat(file, true);
    const read: string[] = [];
    for await (const cells of readRecords(file, format)) read.push(String(cells instanceof CsvRecordError ? cells.message : cells.join(',')));
    expect(read).toEqual(['sku,name', ...rows]);
  });
});

describe('readRecords on records without end', () => {
  async function readAll(content: string) {
    const file = path.join(dir, `open-${n++}.csv`);
    fs.writeFileSync(file, content);
    const read: string[][] = [];
    const unread: string[] = [];
    try {
      for await (const cells of readRecords(file, await detectFormat(file, true))) {
        if (cells instanceof CsvRecordError) unread.push(cells.message);
        else read.push(cells);
      }
      return { read, unread, error: undefined };
    } catch (error) {
      if (!(error instanceof CsvRecordError)) throw error;
      return { read, unread, error: error.message };
    }
  }

  it('counts the lines of a file whose records end with CR alone', async () => {
    const { read, error } = await readAll('a,b\r1,2\r3,"x\r4,5\r6,"y",7\r8,9\r');
    expect(read).toEqual([['a', 'b'], ['1', '2']]);
    expect(error).toBe('Row 3: unclosed quote, it runs to line 5 of the file');
  });

  it('finds the closing quote of a record past the limit across read chunks', async () => {
    const lines = Array.from({ length: Math.ceil((MAX_RECORD_CHARS * 1.2) / 40) }, (_, i) => `${i},filler text without quotes ${i}`.padEnd(39, '.'));
    // The closing quote, doubled quotes before it (escaped ones, which do not close it) at many chunk edges.
    const text = `a,b\nx,"open\n${lines.join('""\n')}\nclose",1\nafter,2\n`;
    const { read, unread, error } = await readAll(text);
    expect(unread).toEqual([`Row 2: unclosed quote, it runs to line ${(3 + lines.length).toLocaleString('en-US')} of the file (more than 1 MB)`]);
    expect(error).toBeUndefined();
    // Read past, not kept: the reading goes on after it.
    expect(read).toEqual([['a', 'b'], ['after', '2']]);
  });

  it('does not take an escaped quote that ends a read chunk for the closing one', async () => {
    const head = 'a,b\nx,"open\n';
    const edge = 20 * READ_CHUNK; // past the limit: the rest is scanned chunk by chunk
    const filler = (length: number) => Array.from({ length: Math.ceil(length / 40) }, () => 'filler text without any quotes at all...').join('\n').slice(0, length);
    const before = `${head}${filler(edge - 2 - head.length)}""`;
    expect(before.length).toBe(edge);
    const text = `${before}\n${filler(100_000)}\nclose",1\n`;
    const { unread } = await readAll(text);
    const closeLine = text.slice(0, text.indexOf('close"')).split('\n').length;
    expect(unread).toEqual([`Row 2: unclosed quote, it runs to line ${closeLine.toLocaleString('en-US')} of the file (more than 1 MB)`]);
  });

  describe('a record longer than the limit is read past and the reading goes on', () => {
    const tooLong = 'the row is longer than 1 MB, the most one row may hold';
    for (const [what, length] of [
      ['far past the limit (read past chunk by chunk)', 3 * MAX_RECORD_CHARS],
      ['just past it (whole in one parse)', MAX_RECORD_CHARS + 10],
    ] as const) {
      it(`one line ${what}, CRLF endings`, async () => {
        const { read, unread, error } = await readAll(`a,b\r\n1,2\r\n3,${'x'.repeat(length)}\r\n4,5\r\n6,7\r\n`);
        expect(unread).toEqual([`Row 3: ${tooLong}`]);
        expect(error).toBeUndefined();
        expect(read).toEqual([['a', 'b'], ['1', '2'], ['4', '5'], ['6', '7']]);
      });
    }

    it('a quoted cell of megabytes with quotes, commas and CRLF inside, a CR at every read edge', async () => {
      // '\r\n' cut by the read edges: every chunk ends between the CR and the LF.
      const unit = `${'"", y'.repeat(Math.floor((READ_CHUNK - 2) / 5))}`;
      const cell = Array.from({ length: 40 }, () => unit.padEnd(READ_CHUNK - 2, 'z')).join('\r\n');
      const text = `a,b\r\n1,2\r\n3,"${cell}",tail\r\n4,5\r\n`;
      const { read, unread, error } = await readAll(text);
      expect(error).toBeUndefined();
      expect(unread).toEqual([`Row 3: unclosed quote, it runs to line 42 of the file (more than 1 MB)`]);
      expect(read).toEqual([['a', 'b'], ['1', '2'], ['4', '5']]);
    });

    it('ends the reading when the file ends inside the quote', async () => {
      const { read, unread, error } = await readAll(`a,b\n1,2\n3,"${'x'.repeat(2 * MAX_RECORD_CHARS)}\n4,5\n`);
      expect(unread).toEqual([]);
      expect(error).toBe('Row 3: unclosed quote, it runs to the end of the file (more than 1 MB)');
      expect(read).toEqual([['a', 'b'], ['1', '2']]);
    });
  });
});
