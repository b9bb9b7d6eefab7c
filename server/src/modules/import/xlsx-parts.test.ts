import ExcelJS from 'exceljs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@bosun/shared';
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

  it('refuses with a 413 shared strings past the bound of what is held in memory', async () => {
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

/** The archive with a part renamed in the directory (same length): the part is not where a reader looks. */
function withName(archive: Buffer, from: string, to: string): Buffer {
  const copy = Buffer.from(archive);
  for (let at = copy.indexOf('PK\x01\x02'); at !== -1; at = copy.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('latin1', at + 46, at + 46 + nameLength) === from) copy.write(to, at + 46, 'latin1');
  }
  return copy;
}
