import { describe, expect, it } from 'vitest';
import { errorRowsCsv, errorRowsFileName } from './error-rows-csv';

describe('errorRowsCsv', () => {
  it('writes the file’s headers plus Reason, one line per failed row, with a BOM', () => {
    const csv = errorRowsCsv({
      headers: ['SKU', 'Name', 'Price'],
      errorRows: [
        { row: 3, cells: ['B-2', 'Rope, 10 m', 'abc'], reason: "Price: 'abc' is not a number" },
        { row: 5, cells: ['C-3'], reason: 'Product Name is required' },
      ],
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'SKU,Name,Price,Reason',
      "B-2,\"Rope, 10 m\",abc,Price: 'abc' is not a number",
      'C-3,,,Product Name is required',
      '',
    ]);
  });

  it('names the file after the upload', () => {
    expect(errorRowsFileName('vendor.csv')).toBe('vendor_error_rows.csv');
  });
});
