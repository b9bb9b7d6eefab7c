import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, productBySku, setupTestApp } from '../../test/test-app.js';
import { MAX_RECORD_CHARS } from './csv-records.js';

/**
 * Files that are not what they seem: a quote left open, a row without end, another encoding,
 * binary data, NUL bytes and duplicated headers. The preview and the import answer them alike.
 */
const t = setupTestApp();
let vendorId: number;

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Harbor Supply');
});

const MAPPING = { sku: 'SKU', name: 'Name', stock: 'Stock' };

const post = (url: string, content: string | Buffer, mapping: Record<string, string>, name = 'products.csv') =>
  t.upload(url, t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId), updateMode: 'false' }, { name, content });
const preview = (content: string | Buffer, mapping: Record<string, string> = MAPPING, name?: string) => post('/api/products/import/preview', content, mapping, name);
const importFile = (content: string | Buffer, mapping: Record<string, string> = MAPPING, name?: string) => post('/api/products/import/ultra-fast', content, mapping, name);
const completeOf = async (content: string | Buffer, mapping: Record<string, string> = MAPPING) => expectImportComplete(await importFile(content, mapping)).complete;

const product = (sku: string) => productBySku(t, sku);
const productsLike = async (text: string) => (await t.request('GET', `/api/products?search=${encodeURIComponent(text)}&limit=50`, t.admin)).json().products;

describe('a quote left open', () => {
  it('reports the row where it begins and that it runs to the end of the file, keeping the rows before', async () => {
    const csv = 'SKU,Name,Stock\nQ1-2,Cleat,1\nQ1-3,"Rope 12 mm,2\nQ1-4,Fender,3\nQ1-5,Shackle,4\n';
    const dry = (await preview(csv)).json();
    expect(dry.dryRun.errors).toEqual([expect.objectContaining({ row: 3, column: '', reason: 'unclosed quote, it runs to the end of the file' })]);
    expect(dry.dryRun).toMatchObject({ valid: 1, create: 1, errorCount: 1 });
    const complete = await completeOf(csv);
    expect(complete).toMatchObject({ imported: 1, errorCount: 1 });
    expect(complete.errors).toEqual(['Row 3: unclosed quote, it runs to the end of the file']);
    expect(await product('Q1-2')).toMatchObject({ name: 'Cleat' });
    // Never one product holding the following rows' text.
    expect(await product('Q1-3')).toBeUndefined();
    expect(await productsLike('Shackle')).toEqual([]);
  });

  it('says on which line it ends when a quote on a later line closes it', async () => {
    const csv = 'SKU,Name,Stock\nQ2-2,Cleat,1\nQ2-3,"Rope 12 mm,2\nQ2-4,Fender,3\nQ2-5,"Shackle, 8 mm",4\nQ2-6,Buoy,5\n';
    const dry = (await preview(csv)).json();
    expect(dry.dryRun.errors).toEqual([expect.objectContaining({ row: 3, reason: 'unclosed quote, it runs to line 5 of the file' })]);
    const complete = await completeOf(csv);
    expect(complete.errors).toEqual(['Row 3: unclosed quote, it runs to line 5 of the file']);
    expect(await product('Q2-2')).toMatchObject({ name: 'Cleat' });
    expect(await product('Q2-3')).toBeUndefined();
  });

  it('counts lines, not rows, when rows before it hold line breaks', async () => {
    const csv = 'SKU,Name,Stock\r\nQ3-2,"Two\r\nlines",1\r\nQ3-3,"open,2\r\n';
    const dry = (await preview(csv)).json();
    expect(dry.dryRun.errors).toEqual([expect.objectContaining({ row: 3, reason: 'unclosed quote, it runs to the end of the file' })]);
    expect(dry.dryRun.valid).toBe(1);
  });

  it('stops reading a quote open past the record limit and still says where it ends', async () => {
    const filler = Array.from({ length: Math.ceil((MAX_RECORD_CHARS * 1.5) / 60) }, (_, i) => `Q4-${i},Filler line ${i} of the runaway quote,${i}`.padEnd(59, ' '));
    const lineOfClose = 3 + filler.length + 1; // header, Q4-a, the opening row, the filler, then the closing row
    const closed = `SKU,Name,Stock\nQ4-a,Anchor,1\nQ4-b,"Runaway,2\n${filler.join('\n')}\nQ4-z,Ends here",3\nQ4-after,After,4\n`;
    const dry = (await preview(closed)).json();
    expect(dry.dryRun).toMatchObject({ valid: 2, errorCount: 1 }); // Q4-a and Q4-after
    expect(dry.dryRun.errors).toEqual([
      expect.objectContaining({ row: 3, reason: `unclosed quote, it runs to line ${lineOfClose.toLocaleString('en-US')} of the file (more than 1 MB)` }),
    ]);
    const open = `SKU,Name,Stock\nQ4-a,Anchor,1\nQ4-b,"Runaway,2\n${filler.join('\n')}\n`;
    const complete = await completeOf(open);
    expect(complete.errors).toEqual(['Row 3: unclosed quote, it runs to the end of the file (more than 1 MB)']);
    expect(complete.imported).toBe(1);
    expect(await product('Q4-a')).toMatchObject({ name: 'Anchor' });
  });
});

describe('a row longer than the limit', () => {
  it('is an error naming its row; the rows before it are kept', async () => {
    const csv = `SKU,Name,Stock\nL-2,Winch,1\nL-3,${'x'.repeat(MAX_RECORD_CHARS + 10)},2\nL-4,Block,3\n`;
    const reason = 'the row is longer than 1 MB, the most one row may hold';
    const dry = (await preview(csv)).json();
    expect(dry.dryRun.errors).toEqual([expect.objectContaining({ row: 3, reason })]);
    const complete = await completeOf(csv);
    expect(complete.errors).toEqual([`Row 3: ${reason}`]);
    expect(await product('L-2')).toMatchObject({ name: 'Winch' });
    // Read past, not kept: the rows after it are read.
    expect(await product('L-4')).toMatchObject({ name: 'Block' });
  });

  it('refuses a file whose header row has no end with 400', async () => {
    const csv = `SKU,Name,${'y'.repeat(MAX_RECORD_CHARS + 10)}`;
    for (const res of [await preview(csv), await importFile(csv)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Row 1: the row is longer than 1 MB, the most one row may hold');
    }
  });
});

describe('the import refuses what the preview refuses, with the same status', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), Buffer.alloc(600)]);
  const cases: Array<[string, string | Buffer, Record<string, string>, number, string]> = [
    ['an unknown column', 'SKU,Name\nA,B\n', { sku: 'SKU', name: 'Title' }, 400, "The file has no column 'Title'"],
    ['a mapping without the name', 'SKU,Name\nA,B\n', { sku: 'SKU' }, 400, IMPORT_MESSAGES.missingRequired],
    ['an empty mapping', 'SKU,Name\nA,B\n', {}, 400, IMPORT_MESSAGES.noMapping],
    ['an empty file', '', MAPPING, 400, IMPORT_MESSAGES.emptyFile],
    ['a binary file named .csv', png, MAPPING, 415, IMPORT_MESSAGES.binaryFile],
  ];
  it('prose saved as .txt: 415, a file named .txt holding tab-separated columns: read', async () => {
    const prose = 'Dear supplier\nplease find our new prices attached\n';
    for (const res of [await preview(prose, MAPPING, 'letter.txt'), await importFile(prose, MAPPING, 'letter.txt')]) {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(415);
      expect(res.json().message).toBe(IMPORT_MESSAGES.invalidFile);
    }
    // Told from the text, not the name: a letter with commas in it, named .txt or .csv.
    const letter = 'Dear supplier, please find our new price list attached.\r\nThe prices are valid from March, as agreed.\r\nKind regards,\r\nAnna\r\n';
    for (const name of ['letter.txt', 'letter.csv']) {
      for (const res of [await preview(letter, MAPPING, name), await importFile(letter, MAPPING, name)]) {
        expect(res.statusCode, res.body.slice(0, 300)).toBe(415);
        expect(res.json().message).toBe(IMPORT_MESSAGES.invalidFile);
      }
    }
    const tabs = await preview('SKU\tName\tStock\nT-1\tFender\t2\n', MAPPING, 'prices.txt');
    expect(tabs.statusCode).toBe(200);
    expect(tabs.json()).toMatchObject({ delimiter: 'tab', totalRows: 1, dryRun: { valid: 1 } });
  });

  it('a CSV of one column (SKUs only) is a table, not prose: read', async () => {
    const skus = 'SKU\nONE-1\nONE-2\n';
    const mapping = { sku: 'SKU', name: 'SKU' };
    const dry = await preview(skus, mapping, 'skus.csv');
    expect(dry.statusCode, dry.body.slice(0, 300)).toBe(200);
    expect(dry.json()).toMatchObject({ headers: ['SKU'], totalRows: 2, dryRun: { valid: 2, create: 2 } });
    expect(await completeOf(skus, mapping)).toMatchObject({ imported: 2, errorCount: 0 });
    expect(await product('ONE-2')).toMatchObject({ name: 'ONE-2' });
  });

  for (const [name, content, mapping, status, message] of cases) {
    it(name, async () => {
      const dry = await preview(content, mapping);
      const run = await importFile(content, mapping);
      expect([dry.statusCode, run.statusCode], run.body.slice(0, 300)).toEqual([status, status]);
      expect(dry.json()).toMatchObject({ message });
      expect(run.json()).toMatchObject({ message, code: dry.json().code });
    });
  }
});

describe('UTF-16', () => {
  const text = 'SKU,Name,Stock\nU16-{n}-1,Défense gonflable,2\nU16-{n}-2,Taquet « inox »,3\n';
  const variants: Array<[string, Buffer, string]> = [
    ['little-endian with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text.replaceAll('{n}', 'a'), 'utf16le')]), 'utf-16le'],
    ['little-endian without a BOM', iconv.encode(text.replaceAll('{n}', 'b'), 'utf16le'), 'utf-16le'],
    ['big-endian with a BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text.replaceAll('{n}', 'c'), 'utf16be')]), 'utf-16be'],
    ['big-endian without a BOM', iconv.encode(text.replaceAll('{n}', 'd'), 'utf16be'), 'utf-16be'],
  ];
  for (const [name, bytes, encoding] of variants) {
    it(`reads ${name}`, async () => {
      const n = encoding === 'utf-16le' ? (bytes[0] === 0xff ? 'a' : 'b') : bytes[0] === 0xfe ? 'c' : 'd';
      const res = await preview(bytes);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ encoding, delimiter: ',', headers: ['SKU', 'Name', 'Stock'], totalRows: 2, dryRun: { valid: 2, errorCount: 0 } });
      const complete = await completeOf(bytes);
      expect(complete).toMatchObject({ total: 2, imported: 2, errorCount: 0 });
      expect(await product(`U16-${n}-1`)).toMatchObject({ name: 'Défense gonflable', stock: 2 });
      expect(await product(`U16-${n}-2`)).toMatchObject({ name: 'Taquet « inox »' });
    });
  }
});

describe('NUL bytes', () => {
  it('refuses a SKU or a name holding one as a row error naming the column', async () => {
    const csv = 'SKU,Name,Stock\nN-1,Good,1\nN-\u00002,Bad sku,1\nN-3,Bad\u0000name,1\n';
    const expected = [
      { row: 3, column: 'SKU', value: 'N-\\02', reason: 'holds a NUL byte (\\0), which is not text' },
      { row: 4, column: 'Name', value: 'Bad\\0name', reason: 'holds a NUL byte (\\0), which is not text' },
    ];
    const dry = (await preview(csv)).json();
    expect(dry.dryRun.errors).toEqual(expected);
    const complete = await completeOf(csv);
    expect(complete).toMatchObject({ imported: 1, errorCount: 2 });
    expect(complete.errors).toEqual(['Row 3: SKU: holds a NUL byte (\\0), which is not text', 'Row 4: Name: holds a NUL byte (\\0), which is not text']);
    expect(await product('N-1')).toMatchObject({ name: 'Good' });
  });
});

describe('duplicate headers', () => {
  it('are listed in the preview', async () => {
    const res = await preview('SKU,Name,Price,Stock,Price,Name\nD-1,Cleat,1,2,3,x\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().duplicateHeaders).toEqual(['Price', 'Name']);
    expect((await preview('SKU,Name,Stock\nD-2,Cleat,1\n')).json().duplicateHeaders).toEqual([]);
  });
});
