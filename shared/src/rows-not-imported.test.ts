import { describe, expect, it } from 'vitest';
import { rowsNotImportedCsv, rowsNotImportedFileName } from './rows-not-imported.js';

describe('rowsNotImportedCsv', () => {
  it('writes the file’s headers plus Outcome and Reason, one line per failed or skipped row in file order, with a BOM', () => {
    const csv = rowsNotImportedCsv({
      headers: ['SKU', 'Name', 'Price'],
      errorRows: [
        { row: 3, cells: ['B-2', 'Rope, 10 m', 'abc'], reason: "Price: 'abc' is not a number" },
        { row: 5, cells: ['C-3'], reason: 'Product Name is required' },
      ],
      skippedRows: [
        { row: 2, cells: ['A-1', 'Cleat', '9'], reason: "Row 2: SKU A-1 belongs to vendor 'Harbour Rigging'" },
        { row: 4, cells: ['D-4', 'Shackle', '3'], reason: 'Row 4: SKU D-4 already exists (update mode is off)' },
      ],
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'SKU,Name,Price,Outcome,Reason',
      "A-1,Cleat,9,skipped,Row 2: SKU A-1 belongs to vendor 'Harbour Rigging'",
      "B-2,\"Rope, 10 m\",abc,error,Price: 'abc' is not a number",
      'D-4,Shackle,3,skipped,Row 4: SKU D-4 already exists (update mode is off)',
      'C-3,,,error,Product Name is required',
      '',
    ]);
  });

  it('writes a cell that is a number as it is (a negative price), and guards only text a spreadsheet would run', () => {
    const csv = rowsNotImportedCsv({
      headers: ['SKU', 'Name', 'Price'],
      errorRows: [
        { row: 2, cells: ['N-1', 'Fender', '-12.00'], reason: 'List price cannot be negative' },
        { row: 3, cells: ['-5', '=1+2', '-x'], reason: 'bad' },
      ],
    });
    expect(csv.slice(1).split('\r\n')).toEqual(['SKU,Name,Price,Outcome,Reason', 'N-1,Fender,-12.00,error,List price cannot be negative', "-5,'=1+2,'-x,error,bad", '']);
  });

  it('takes a complete event without skipped rows', () => {
    const csv = rowsNotImportedCsv({ headers: ['SKU'], errorRows: [{ row: 2, cells: ['X'], reason: 'bad' }] });
    expect(csv.slice(1).split('\r\n')).toEqual(['SKU,Outcome,Reason', 'X,error,bad', '']);
  });

  it('names the file after the upload', () => {
    expect(rowsNotImportedFileName('vendor.csv')).toBe('vendor_rows_not_imported.csv');
  });
});
