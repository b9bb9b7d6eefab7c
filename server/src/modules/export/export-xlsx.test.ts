import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, WORKBOOK_TYPE } from '@bosun/shared';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { createAdminTestApp, setupTestApp, sseEvents, type AdminTestApp } from '../../test/test-app.js';
import { openWorkbook } from '../import/index.js';
import { unsentSheetBytes } from './export-xlsx.js';

/** The export as an Excel workbook: the CSV export's columns and values, numbers as numbers, and back through the import exactly. */
const source = setupTestApp();

beforeAll(async () => {
  const db = source.database.db;
  const vendor = await insertVendor(db, 'Quirky Supply');
  let vParent: Awaited<ReturnType<typeof insertCategory>> | undefined;
  for (const name of ['Hardware, Deck', 'Cleats "Pro"', 'Horn']) vParent = await insertCategory(db, { name, type: 'vendor', vendor_id: vendor, parent: vParent });
  let sParent: Awaited<ReturnType<typeof insertCategory>> | undefined;
  for (const name of ['Deck & Hardware', 'Héllo wörld', '=Level three']) sParent = await insertCategory(db, { name, type: 'store', parent: sParent });
  await insertProduct(db, {
    sku: 'XR-1', name: '=Cleat, "Pro"\nsecond line', mfn: '-5', gtin: '4006381333931',
    short_description: '<p>Short, <strong>sweet</strong></p>', description: '<h2>Specs</h2><ul><li>Ø 8 mm</li></ul>',
    brand: '@Brand', stock: 12, list_price: 19.99, market_price: 24.5, vendor_cost: 0.1, special_price: 17,
    weight: 0.4536, length: 20.32, width: 5, height: 4.1, vendor_id: vendor, vendor_category_id: vParent!.id,
    store_category_id: sParent!.id, google_category: 'Vehicles & Parts > Watercraft', published: 0, featured: 1,
    visibility: 'private', images: JSON.stringify(['https://x.test/a.jpg', 'https://x.test/b.jpg']),
    image_url: 'https://x.test/main.jpg', meta_title: "'=quoted", meta_description: 'Tab\tinside', meta_keywords: 'a, b',
  });
  await insertProduct(db, { sku: 'XR-2', name: 'Plain', stock: 0, list_price: null, vendor_id: vendor, visibility: 'hidden', images: JSON.stringify(['https://x.test/only.jpg']), image_url: null });
  await insertProduct(db, { sku: 'XR-3', name: 'Top level only', stock: 3, list_price: 1000000.5, vendor_id: vendor });
  // A variable product with two variations, one with a price of its own; its attribute's storefront settings none of the defaults.
  const id = await insertProduct(db, { sku: 'XR-ROPE', name: 'Double braid', vendor_id: vendor, brand: 'Liros' });
  const diameter = { name: 'Diameter', values: ['8 mm', '1,5 mm'], visible: false, global: true, default_value: '1,5 mm' };
  expect((await source.request('PUT', `/api/products/${id}/attributes`, source.admin, { attributes: [diameter] })).statusCode).toBe(200);
  const generated = await source.request('POST', `/api/products/${id}/variations/generate`, source.admin, { values: [['8 mm', '1,5 mm']], sku_pattern: '{sku}-{Diameter}', list_price: 19.9, stock: 4 });
  expect(generated.statusCode, generated.body).toBe(200);
});

const exportOf = (t: AdminTestApp, query: string, token = t.admin) => t.request('GET', `/api/products/export?${query}`, token);

/** The rows of a workbook's first sheet as the import reads them (xlsx-records.ts). */
async function sheetRows(bytes: Buffer): Promise<{ headers: string[]; rows: string[][] }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-xlsx-')), 'export.xlsx');
  fs.writeFileSync(file, bytes);
  try {
    const opened = await openWorkbook(file);
    const rows: string[][] = [];
    for await (const group of opened.groups) rows.push(...group.records);
    return { headers: opened.headers, rows };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const csvRows = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
/** The header and rows of a CSV export; the ID column (each shop numbers its own rows) left out. */
const withoutIds = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').map((line) => (line.startsWith('ID,') || /^\d+,/.test(line) ? line.replace(/^[^,]*,/, '') : line));

describe.each(['woocommerce', 'direct'])('the %s layout as .xlsx', (mode) => {
  it('has the CSV export\'s columns and values, numbers as numbers and no formula', async () => {
    const res = await exportOf(source, `mode=${mode}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(WORKBOOK_TYPE);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="products_${mode}_\\d{4}-\\d{2}-\\d{2}\\.xlsx"`));
    const [csvHeader, ...csvData] = csvRows((await exportOf(source, `mode=${mode}`)).body);
    const { headers, rows } = await sheetRows(res.rawPayload);
    expect(headers).toEqual(csvHeader);
    expect(rows).toHaveLength(csvData.length);
    // The attribute's settings columns of the layout, on the variable product's row.
    const rope = rows.find((row) => row[headers.indexOf('SKU')] === 'XR-ROPE')!;
    const settings = (mode === 'direct' ? ['Visible', 'Global', 'Default'] : ['visible', 'global', 'default']).map((c) => rope[headers.indexOf(`Attribute 1 ${c}`)]);
    expect(settings).toEqual(mode === 'direct' ? ['false', 'true', '1,5 mm'] : ['0', '1', '1,5 mm']);
    const numeric = (header: string) => /price|cost|stock|weight|length|width|height|published|featured/i.test(header) && header !== 'Featured' && header !== 'Published';
    rows.forEach((row, r) =>
      headers.forEach((header, c) => {
        const [inSheet, inCsv] = [row[c] ?? '', csvData[r]![c] ?? ''];
        // A money cell's '19.90' is the number 19.9 in the sheet.
        if (numeric(header) && inCsv !== '' && !Number.isNaN(Number(inCsv))) expect(Number(inSheet), `${header} of row ${r + 2}`).toBe(Number(inCsv));
        else expect(inSheet, `${header} of row ${r + 2}`).toBe(inCsv);
      }),
    );
    // Typed cells: a price is a number, a name starting with '=' a string, never a formula.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const column = (header: string) => (sheet.getRow(1).values as unknown[]).indexOf(header);
    const first = sheet.getRow(2);
    expect(first.getCell(column(mode === 'direct' ? 'List Price' : 'Regular price')).value).toBe(19.99);
    expect(first.getCell(column('Stock')).value).toBe(12);
    expect(first.getCell(column('Name')).value).toBe('=Cleat, "Pro"\nsecond line');
    expect(first.getCell(column('Name')).type).toBe(ExcelJS.ValueType.String);
    // Money shows two decimals; text has no number format.
    expect(first.getCell(column(mode === 'direct' ? 'List Price' : 'Regular price')).numFmt).toBe('0.00##');
    expect(first.getCell(column('Name')).numFmt).toBeUndefined();
  });

  it('imports back exactly: the imported shop exports the same CSV', async () => {
    const workbook = (await exportOf(source, `mode=${mode}&format=xlsx`)).rawPayload;
    const target = await createAdminTestApp();
    try {
      const vendorId = await insertVendor(target.database.db, 'Quirky Supply');
      const { headers } = await sheetRows(workbook);
      const fields = { fieldMapping: JSON.stringify(autoMapHeaders(headers)), updateMode: 'false', selectedVendor: String(vendorId) };
      const file = { name: 'export.xlsx', content: workbook, type: WORKBOOK_TYPE };
      const dry = (await target.upload('/api/products/import/preview', target.admin, fields, file)).json();
      expect(dry.dryRun).toMatchObject({ create: 3 + 1 + 2, errorCount: 0 });
      const complete = sseEvents((await target.upload('/api/products/import/ultra-fast', target.admin, fields, file)).body).at(-1);
      expect(complete.errors).toEqual([]);
      expect(complete).toMatchObject({ type: 'complete', imported: 3 + 1 + 2, errorCount: 0 });
      for (const layout of ['woocommerce', 'direct']) {
        expect(withoutIds((await exportOf(target, `mode=${layout}`)).body)).toEqual(withoutIds((await exportOf(source, `mode=${layout}`)).body));
      }
    } finally {
      await target.close();
    }
  });
});

describe('the WooCommerce layout in the target store\'s units as .xlsx', () => {
  it('writes the converted measures as the CSV does, as numbers', async () => {
    const query = 'mode=woocommerce&weight_unit=lbs&dimension_unit=in';
    const [csvHeader, ...csvData] = csvRows((await exportOf(source, query)).body);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exportOf(source, `${query}&format=xlsx`)).rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...csvHeader!]);
    for (const header of ['Weight (lbs)', 'Length (in)']) {
      const at = csvHeader!.indexOf(header);
      expect(at, header).toBeGreaterThan(-1);
      const cell = sheet.getRow(2).getCell(at + 1).value;
      expect(typeof cell, header).toBe('number');
      expect(cell).toBe(Number(csvData[0]![at]));
    }
  });
});

describe('the export format', () => {
  it('is csv by default; another format is a 400 naming it; a token and the products permission are needed', async () => {
    const csv = await exportOf(source, 'mode=direct');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const bad = await exportOf(source, 'mode=direct&format=xls');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('format');
    expect((await source.request('GET', '/api/products/export?format=xlsx')).statusCode).toBe(401);
    const manager = await source.registerWithout('xlsx-export-manager', source.admin, 'products');
    expect((await exportOf(source, 'format=xlsx', manager.token)).statusCode).toBe(403);
  });
});

describe('the sheet XML waiting to be compressed', () => {
  it('is counted where exceljs queues it, so the export waits for the compression and the client instead of holding the sheet', async () => {
    // Nobody reads the workbook: what the compression cannot pass on stays queued before it.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough(), useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Products');
    // Text that hardly compresses, so the compression's unread output fills early.
    for (let i = 0; i < 20_000; i++) sheet.addRow([i, randomBytes(100).toString('hex'), randomBytes(100).toString('hex')]).commit();
    await sleep(100);
    // About 10 MB of XML written; the compression and its unread output hold a few hundred KB of it at most.
    expect(unsentSheetBytes(sheet)).toBeGreaterThan(4 * 1024 * 1024);
  });
});
