import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { generateProducts, type Catalogue } from '../catalogue/index.js';
import { categoryNamePaths, CSV_HEADERS, hierarchyCell, PRODUCT_COLUMNS } from './catalogue-rows.js';

const MONEY = new Set(['list_price', 'market_price', 'vendor_cost', 'special_price']);

/**
 * The rows of writeImportCsv as an Excel workbook, typed as a vendor's workbook holds them:
 * numbers as numbers (prices formatted as money), flags as booleans, text in the shared strings
 * table, as Excel writes it. Streamed with exceljs's WorkbookWriter. Returns its size in bytes.
 */
export async function writeImportXlsx(catalogue: Catalogue, rows: number, file: string): Promise<number> {
  const paths = categoryNamePaths(catalogue);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
  const sheet = workbook.addWorksheet('Products');
  sheet.columns = CSV_HEADERS.map((header) => ({ header, key: header, ...(MONEY.has(header) ? { style: { numFmt: '"$"#,##0.00' } } : {}) }));
  sheet.getRow(1).commit();
  for (const p of generateProducts(catalogue, rows)) {
    sheet.addRow([...PRODUCT_COLUMNS.map((c) => p[c] ?? null), hierarchyCell(paths, p)]).commit();
  }
  sheet.commit();
  await workbook.commit();
  return fs.statSync(file).size;
}
