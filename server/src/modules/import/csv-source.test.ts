import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { countRecords, detectFormat, READ_CHUNK, readRecords } from './csv-source.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-csv-source-'));
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
    for await (const cells of readRecords(file, format)) read.push(cells.join(','));
    expect(read).toEqual(['sku,name', ...rows]);
  });
});
