import ExcelJS from 'exceljs';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@bosun/shared';
import { SPOOL_ROOT } from './spool-dir.js';
import { countSheetRows, openWorkbook } from './xlsx-records.js';
import { readZipDirectory } from './zip-entries.js';

/** The archive is read by its directory, part by part, each bounded by what it unpacks to. */
const dir = mkdtempSync(join(tmpdir(), 'xlsx-parts-'));
const write = (name: string, content: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
let book: Buffer;

beforeAll(async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(['SKU', 'Name', 'Price']);
  for (let i = 1; i <= 300; i++) sheet.addRow([`PX-${i}`, `Cleat ${i}`, i + 0.5]);
  book = Buffer.from(await workbook.xlsx.writeBuffer());
});

/** The archive with the directory's stated unpacked size of one part set to `size`: a directory that lies. */
function withStatedSize(archive: Buffer, part: string, size: number): Buffer {
  const copy = Buffer.from(archive);
  for (let at = copy.indexOf('PK\x01\x02'); at !== -1; at = copy.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('latin1', at + 46, at + 46 + nameLength) === part) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
  }
  throw new Error(`no ${part} in the directory`);
}

async function sheetXmlSize(path: string) {
  return (await readZipDirectory(path)).get('xl/worksheets/sheet1.xml')!.uncompressedSize;
}

describe('an .xlsx read part by part', () => {
  it('reads the rows and counts them from the archive directly, with no temporary file', async () => {
    const path = write('book.xlsx', book);
    const opened = await openWorkbook(path);
    expect(opened.headers).toEqual(['SKU', 'Name', 'Price']);
    let rows = 0;
    for await (const group of opened.groups) rows += group.records.length;
    expect(rows).toBe(300);
    expect(await countSheetRows(path, 'Products')).toBe(300);
  });

  it('refuses with a 413 a sheet that unpacks past the bound, by the directory and by what is inflated when the directory lies', async () => {
    const path = write('big.xlsx', book);
    const size = await sheetXmlSize(path);
    const limits = { heldXmlBytes: 10 * 1024 * 1024, sheetXmlBytes: size - 1 };
    const stated = await openWorkbook(path, undefined, limits).catch((error: unknown) => error);
    expect(stated).toMatchObject({ statusCode: 413, message: IMPORT_MESSAGES.workbookTooLarge(size - 1) });

    const lying = write('lying.xlsx', withStatedSize(book, 'xl/worksheets/sheet1.xml', 100));
    const opened = await openWorkbook(lying, undefined, limits);
    const read = (async () => {
      for await (const _group of opened.groups);
    })();
    await expect(read).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses with a 413 shared strings past the bound of what is read before the sheet', async () => {
    const path = write('strings.xlsx', book);
    const strings = (await readZipDirectory(path)).get('xl/sharedStrings.xml')!.uncompressedSize;
    await expect(openWorkbook(path, undefined, { heldXmlBytes: strings, sheetXmlBytes: 1e9 })).rejects.toMatchObject({ statusCode: 413 });
  });

  it('answers 415 for a damaged archive and for one without a workbook part', async () => {
    const cut = write('cut.xlsx', book.subarray(0, book.length - 30));
    await expect(openWorkbook(cut)).rejects.toMatchObject({ statusCode: 415 });
    const damaged = Buffer.from(book);
    const sheetAt = (await readZipDirectory(write('probe.xlsx', book))).get('xl/worksheets/sheet1.xml')!.localHeaderOffset;
    damaged.fill(0x55, sheetAt + 80, sheetAt + 400);
    await expect(countSheetRows(write('damaged.xlsx', damaged), 'Products')).rejects.toMatchObject({ statusCode: 415 });
    const noBook = write('nobook.xlsx', withName(book, 'xl/workbook.xml', 'xl/workbooq.xml'));
    await expect(openWorkbook(noBook)).rejects.toMatchObject({ statusCode: 415 });
  });
});

/** This process's directories under the spool root: the shared strings' file is in one of its own. */
const spoolDirs = () => (existsSync(SPOOL_ROOT) ? readdirSync(SPOOL_ROOT).filter((name) => name.startsWith(`${process.pid}-`)) : []);

const readAll = async (path: string, sheet?: string) => {
  const opened = await openWorkbook(path, sheet);
  const rows: string[][] = [opened.headers];
  for await (const group of opened.groups) rows.push(...group.records);
  return rows;
};

describe("an .xlsx's shared strings, read from a file of their own", () => {
  it('give each text cell its text: rich text, empty, unicode, entities, a text that reads as a formula; the file is gone at the end', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['SKU', 'Name', 'Note']);
    sheet.addRow(['RT-1', { richText: [{ text: 'Fender ', font: { bold: true } }, { text: 'XL', font: { italic: true } }] }, '']);
    sheet.addRow(['RT-2', 'Bootsmannsstuhl für Ölzeug – 東京 🚤', 'a < b & c > "d"']);
    sheet.addRow(['RT-3', '=HYPERLINK("x")', '  spaced  ']);
    // The same strings again (read from the cache), and many more, each distinct: a table larger than the read window.
    sheet.addRow(['RT-4', 'Bootsmannsstuhl für Ölzeug – 東京 🚤', 'a < b & c > "d"']);
    for (let i = 5; i <= 3000; i++) sheet.addRow([`RT-${i}`, `Klampe ⚓ ${i}`, `Öse ${i * 7}`]);
    const path = write('strings-file.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const before = spoolDirs();
    const rows = await readAll(path);
    expect(rows.slice(0, 5)).toEqual([
      ['SKU', 'Name', 'Note'],
      ['RT-1', 'Fender XL', ''],
      ['RT-2', 'Bootsmannsstuhl für Ölzeug – 東京 🚤', 'a < b & c > "d"'],
      // A text that could start a formula gets the apostrophe a CSV cell would have (neutraliseFormula).
      ['RT-3', "'=HYPERLINK(\"x\")", '  spaced  '],
      ['RT-4', 'Bootsmannsstuhl für Ölzeug – 東京 🚤', 'a < b & c > "d"'],
    ]);
    expect(rows).toHaveLength(3001);
    for (let i = 5; i <= 3000; i++) expect(rows[i]).toEqual([`RT-${i}`, `Klampe ⚓ ${i}`, `Öse ${i * 7}`]);
    expect(spoolDirs()).toEqual(before);
  });

  it("reads whole the characters of several bytes that the sheet's own text (a formula's result) has where its chunks are cut", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['SKU', 'Name']);
    for (let i = 1; i <= 3000; i++) sheet.addRow([`F-${i}`, { formula: `"Öse ⚓ 🚤 "&${i}`, result: `Öse ⚓ 🚤 ${i}` }]);
    const rows = await readAll(write('sheet-text.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())));
    expect(rows).toHaveLength(3001);
    for (let i = 1; i <= 3000; i++) if (rows[i]![1] !== `Öse ⚓ 🚤 ${i}`) expect(rows[i]).toEqual([`F-${i}`, `Öse ⚓ 🚤 ${i}`]);
  });

  it('keeps no file when the reading is closed early, stops at a damaged sheet, or is refused', async () => {
    const before = spoolDirs();
    const path = write('strings-close.xlsx', book);
    const opened = await openWorkbook(path);
    expect(spoolDirs()).toHaveLength(before.length + 1);
    opened.close();
    expect(spoolDirs()).toEqual(before);
    // An unknown sheet is answered before the strings are read; a sheet past its bound after.
    await expect(openWorkbook(path, 'Nope')).rejects.toMatchObject({ statusCode: 400 });
    await expect(openWorkbook(path, undefined, { heldXmlBytes: 10 * 1024 * 1024, sheetXmlBytes: 100 })).rejects.toMatchObject({ statusCode: 413 });
    const damaged = Buffer.from(book);
    const sheetAt = (await readZipDirectory(path)).get('xl/worksheets/sheet1.xml')!.localHeaderOffset;
    damaged.fill(0x55, sheetAt + 400, sheetAt + 800);
    await expect(readAll(write('strings-damaged.xlsx', damaged))).rejects.toMatchObject({ statusCode: 415 });
    expect(spoolDirs()).toEqual(before);
  });
});

/** The archive with a part renamed in the directory (same length): the part is not where a reader looks. */
function withName(archive: Buffer, from: string, to: string): Buffer {
  const copy = Buffer.from(archive);
  for (let at = copy.indexOf('PK\x01\x02'); at !== -1; at = copy.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('latin1', at + 46, at + 46 + nameLength) === from) copy.write(to, at + 46, 'latin1');
  }
  return copy;
}
