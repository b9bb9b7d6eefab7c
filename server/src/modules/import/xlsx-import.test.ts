import ExcelJS from 'exceljs';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { createAdminTestApp, expectImportComplete, productBySku, setupTestApp, sseEvents } from '../../test/test-app.js';
import { runImport } from './import.service.js';
import { SPOOL_ROOT } from './spool-dir.js';
import { readZipDirectory } from './zip-entries.js';

/** Excel workbooks (.xlsx) through the preview, the dry run and the three modes, read as typed cells. */
const t = setupTestApp();
let vendorId: number;

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Workbook Supply');
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAPPING = { sku: 'SKU', name: 'Name', list_price: 'Price', stock: 'Stock', published: 'Published', meta_keywords: 'Listed', meta_title: 'Label', short_description: 'Note' };

/**
 * A price list as vendors send it: a notes sheet first (hidden), then the products with a price
 * formatted as currency, a date, a date with a time, booleans, formulas (a number, a text, a date),
 * rich text and a hyperlink; a gap row inside, formatted empty rows at the end; then a second
 * price sheet.
 */
async function priceList(prefix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const notes = book.addWorksheet('Read me', { state: 'hidden' });
  notes.addRow(['Prices valid from March']);
  const sheet = book.addWorksheet('Products');
  sheet.addRow(['SKU', 'Name', 'Price', 'Stock', 'Published', 'Listed', 'Label', 'Note']);
  const a = sheet.addRow([`${prefix}-1`, 'Cleat', 19.9, 12, true, new Date(Date.UTC(2026, 2, 15)), 'plain', 'x']);
  a.getCell(3).numFmt = '"$"#,##0.00';
  a.getCell(6).numFmt = 'yyyy-mm-dd';
  const b = sheet.addRow([`${prefix}-2`, { richText: [{ text: 'Fender ' , font: { bold: true } }, { text: 'XL' }] }, { formula: 'C2*2', result: 39.800000000000004 }, { formula: 'D2+1', result: 13 }, false, new Date(Date.UTC(2026, 2, 15, 9, 30)), { formula: 'UPPER(G2)', result: 'PLAIN' }, { text: 'Spec sheet', hyperlink: 'https://example.test/spec' }]);
  b.getCell(3).numFmt = '#,##0.00 [$€-407]';
  b.getCell(6).numFmt = 'yyyy-mm-dd hh:mm';
  sheet.addRow([]); // row 4 is empty: a gap, not a row
  const d = sheet.addRow([`${prefix}-5`, 'Shackle', 'not a price', 3, 'TRUE', { formula: 'F2+1', result: 46097 }, 123456789012, 0.1 + 0.2]);
  d.getCell(6).numFmt = 'dd/mm/yyyy';
  // Empty but formatted trailing rows, as a sheet that had rows deleted keeps them.
  for (let r = 6; r <= 9; r++) sheet.getRow(r).getCell(1).numFmt = '@';
  sheet.getRow(9).getCell(2).value = '   ';
  const other = book.addWorksheet('Prices 2026');
  other.addRow(['SKU', 'Name', 'Price']);
  other.addRow([`${prefix}-9`, 'Anchor', 250]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

// A bad price fails its row here ('fail'), so that the row's error names the sheet's row number.
const send = (url: string, content: Buffer, fields: Record<string, string> = {}, name = 'prices.xlsx', token = t.admin) =>
  t.upload(url, token, { fieldMapping: JSON.stringify(MAPPING), selectedVendor: String(vendorId), updateMode: 'false', badOptionalValues: 'fail', ...fields }, { name, content, type: XLSX_TYPE });

describe('the workbook call the wizard maps from', () => {
  it("answers the sheets and the chosen sheet's header row; a CSV, an unknown sheet, no token and no permission are refused", async () => {
    const book = await priceList('XW');
    const first = await send('/api/products/import/workbook', book);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ sheets: ['Read me', 'Products', 'Prices 2026'], sheet: 'Products', headers: ['SKU', 'Name', 'Price', 'Stock', 'Published', 'Listed', 'Label', 'Note'] });
    expect((await send('/api/products/import/workbook', book, { sheet: 'Prices 2026' })).json()).toMatchObject({ sheet: 'Prices 2026', headers: ['SKU', 'Name', 'Price'] });
    const unknown = await send('/api/products/import/workbook', book, { sheet: 'Nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields.sheet).toBe(IMPORT_MESSAGES.unknownSheet('Nope'));
    const csv = await t.upload('/api/products/import/workbook', t.admin, {}, { name: 'prices.csv', content: 'SKU,Name\nA,B\n' });
    expect(csv.statusCode).toBe(415);
    expect((await send('/api/products/import/workbook', book, {}, 'prices.xlsx', '')).statusCode).toBe(401);
    const manager = await t.registerWithout('xlsx-sheets-manager', t.admin, 'products');
    expect((await send('/api/products/import/workbook', book, {}, 'prices.xlsx', manager.token)).statusCode).toBe(403);
  });
});

describe('an .xlsx upload', () => {
  it('previews the first visible sheet with typed cells, and answers the sheet names', async () => {
    const res = await send('/api/products/import/preview', await priceList('XP'));
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json();
    expect(dry).toMatchObject({ sheet: 'Products', sheets: ['Read me', 'Products', 'Prices 2026'], totalRows: 3 });
    expect(dry.headers).toEqual(['SKU', 'Name', 'Price', 'Stock', 'Published', 'Listed', 'Label', 'Note']);
    expect(dry.previewRows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([2, 3, 5]);
    expect(dry.previewRows[0].values).toMatchObject({ list_price: '19.9', stock: '12', published: 'TRUE', meta_keywords: '2026-03-15' });
    expect(dry.previewRows[1].values).toMatchObject({ name: 'Fender XL', list_price: '39.8', stock: '13', published: 'FALSE', meta_keywords: '2026-03-15T09:30:00', meta_title: 'PLAIN', short_description: 'Spec sheet' });
    expect(dry.previewRows[2].values).toMatchObject({ meta_keywords: '2026-03-16', meta_title: '123456789012', short_description: '0.3' });
    // The bad price is reported on the sheet's own row number; the empty rows are not rows.
    expect(dry.dryRun).toMatchObject({ valid: 2, create: 2, errorCount: 1 });
    expect(dry.dryRun.errors).toEqual([expect.objectContaining({ row: 5, column: 'Price', value: 'not a price' })]);
  });

  it.each(['ultra-fast', 'lightning', 'standard'])('imports in %s mode what the preview showed', async (mode) => {
    const prefix = `XI${mode.slice(0, 2).toUpperCase()}`;
    const { complete } = expectImportComplete(await send(`/api/products/import/${mode}`, await priceList(prefix)));
    expect(complete).toMatchObject({ total: 3, imported: 2, errorCount: 1 });
    expect(complete.errors[0]).toMatch(/^Row 5: Price/);
    expect(complete.errorRows[0]).toMatchObject({ row: 5, cells: [`${prefix}-5`, 'Shackle', 'not a price', '3', 'TRUE', '2026-03-16', '123456789012', '0.3'] });
    expect(await productBySku(t, `${prefix}-1`)).toMatchObject({ name: 'Cleat', list_price: 19.9, stock: 12, published: true, meta_keywords: '2026-03-15', meta_title: 'plain' });
    expect(await productBySku(t, `${prefix}-2`)).toMatchObject({ name: 'Fender XL', list_price: 39.8, stock: 13, published: false, meta_keywords: '2026-03-15T09:30:00', short_description: 'Spec sheet' });
  });

  it('reads the sheet the `sheet` field names; an unknown sheet is a 400 naming the field', async () => {
    const book = await priceList('XS');
    const dry = (await send('/api/products/import/preview', book, { sheet: 'Prices 2026', fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name', list_price: 'Price' }) })).json();
    expect(dry).toMatchObject({ sheet: 'Prices 2026', totalRows: 1, dryRun: { valid: 1, create: 1 } });
    const { complete } = expectImportComplete(await send('/api/products/import/ultra-fast', book, { sheet: 'Prices 2026', fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name', list_price: 'Price' }) }));
    expect(complete).toMatchObject({ total: 1, imported: 1 });
    expect(await productBySku(t, 'XS-9')).toMatchObject({ name: 'Anchor', list_price: 250 });
    for (const url of ['/api/products/import/preview', '/api/products/import/ultra-fast']) {
      const res = await send(url, book, { sheet: 'Nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: IMPORT_MESSAGES.unknownSheet('Nope'), details: { fields: { sheet: IMPORT_MESSAGES.unknownSheet('Nope') } } });
    }
  });

  it('refuses a file named .xlsx that is not a workbook with 415', async () => {
    for (const content of [Buffer.from('SKU,Name\nA,B\n'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8])]) {
      for (const url of ['/api/products/import/preview', '/api/products/import/ultra-fast']) {
        const res = await send(url, content);
        expect(res.statusCode, res.body).toBe(415);
        expect(res.json().message).toBe(IMPORT_MESSAGES.invalidWorkbook);
      }
    }
  });

  it('a workbook whose sheet is empty is a 400 as an empty CSV is', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Empty');
    const res = await send('/api/products/import/preview', Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMPORT_MESSAGES.emptyFile);
  });

  it('applies the upload size limit, the token and the permission to a workbook', async () => {
    const book = await priceList('XL');
    expect((await send('/api/products/import/preview', book, {}, 'prices.xlsx', '')).statusCode).toBe(401);
    const manager = await t.registerWithout('xlsx-manager', t.admin, 'products');
    expect((await send('/api/products/import/preview', book, {}, 'prices.xlsx', manager.token)).statusCode).toBe(403);
    const small = await createAdminTestApp({ importMaxBytes: book.length - 1 });
    try {
      const res = await small.upload('/api/products/import/preview', small.admin, { fieldMapping: JSON.stringify(MAPPING) }, { name: 'prices.xlsx', content: book, type: XLSX_TYPE });
      expect(res.statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe("a workbook's temporary files", () => {
  /**
   * The shared strings' files of this process's workbooks, each in a directory of its own under the
   * spool root (an upload's directory beside them is removed just after the answer's end).
   */
  const spoolDirs = () => {
    const mine = existsSync(SPOOL_ROOT) ? readdirSync(SPOOL_ROOT).filter((name) => name.startsWith(`${process.pid}-`)) : [];
    return mine.filter((name) => existsSync(join(SPOOL_ROOT, name, 'shared-strings')));
  };

  it('are gone after an import, a failed import and a refused preview', async () => {
    const before = spoolDirs();
    const book = await priceList('XT');
    expectImportComplete(await send('/api/products/import/ultra-fast', book));
    expect(spoolDirs()).toEqual(before);
    // A sheet damaged after its first rows: the import has started when it fails.
    const workbook = new ExcelJS.Workbook();
    const long = workbook.addWorksheet('Products');
    long.addRow(['SKU', 'Name', 'Price', 'Stock', 'Published', 'Listed', 'Label', 'Note']);
    for (let i = 1; i <= 5000; i++) long.addRow([`XT-L${i}`, `Cleat ${i}`, i, 1, true, '', `Label ${i * 31}`, `Note ${i * 17}`]);
    const damaged = Buffer.from(await workbook.xlsx.writeBuffer());
    const probe = join(mkdtempSync(join(tmpdir(), 'xlsx-failed-')), 'probe.xlsx');
    writeFileSync(probe, damaged);
    const sheet = (await readZipDirectory(probe)).get('xl/worksheets/sheet1.xml')!;
    const end = sheet.localHeaderOffset + 30 + sheet.compressedSize;
    damaged.fill(0x55, end - 2000, end - 1000);
    const failed = await send('/api/products/import/ultra-fast', damaged);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(sseEvents(failed.body).at(-1)).toMatchObject({ type: 'error', message: IMPORT_MESSAGES.invalidWorkbook });
    expect(spoolDirs()).toEqual(before);
    const refused = await send('/api/products/import/preview', book, { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Nope' }) });
    expect(refused.statusCode).toBe(400);
    expect(spoolDirs()).toEqual(before);
  });

  it('are gone when the import stops before it reads the sheet', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'xlsx-stopped-')), 'prices.xlsx');
    writeFileSync(path, await priceList('XQ'));
    const before = spoolDirs();
    const request = { mapping: MAPPING, vendorId, mode: 'ultra-fast' as const, updateMode: false };
    const stopped = runImport(t.app.deps, { path, utf8Valid: true, workbook: true }, request, () => {
      throw new Error('the client is gone');
    });
    await expect(stopped).rejects.toThrow('the client is gone');
    expect(spoolDirs()).toEqual(before);
  });
});
