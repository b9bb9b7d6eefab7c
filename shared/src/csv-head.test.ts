import { describe, expect, it } from 'vitest';
import { completeUtf8Length, detectDelimiter, headerHasColumns, isCsvFileName } from './csv-head.js';

describe('detectDelimiter', () => {
  it('picks the delimiter of the header row, not of the data below it', () => {
    expect(detectDelimiter('a;b;c\n1,2,3,4,5,6,7')).toBe(';');
    // Commas inside quotes do not count.
    expect(detectDelimiter('"Weight, kg";"Length, cm";SKU\n')).toBe(';');
    expect(detectDelimiter('sku\tname\n')).toBe('\t');
    expect(detectDelimiter('no delimiter here')).toBe(',');
  });
});

describe('completeUtf8Length', () => {
  it('leaves out a character cut by the end, wherever it is cut', () => {
    const bytes = new TextEncoder().encode('a é – 🚤');
    const boundaries = [0, 1, 2, 4, 5, 8, 9, 13]; // where each character begins, and the end
    for (let end = 0; end <= bytes.length; end++) {
      const expected = Math.max(...boundaries.filter((b) => b <= end));
      expect(completeUtf8Length(bytes.subarray(0, end))).toBe(expected);
    }
  });
});

describe('isCsvFileName', () => {
  it('takes .csv, .tsv and .txt whatever the type, and other names only as text/csv or, without an extension, by a CSV-like type', () => {
    expect(isCsvFileName('export.CSV', '')).toBe(true);
    expect(isCsvFileName('prices.tsv', 'application/octet-stream')).toBe(true);
    expect(isCsvFileName('prices.txt', 'text/plain')).toBe(true);
    expect(isCsvFileName('data', 'text/csv')).toBe(true);
    expect(isCsvFileName('data', 'application/vnd.ms-excel')).toBe(true);
    expect(isCsvFileName('photo.png', 'image/png')).toBe(false);
    expect(isCsvFileName('sheet.xlsx', 'application/vnd.ms-excel')).toBe(false);
    expect(isCsvFileName('.csv', 'image/png')).toBe(false);
  });
});

describe('headerHasColumns', () => {
  it('needs a delimiter outside quotes on the first line', () => {
    expect(headerHasColumns('SKU,Name\n1,2', ',')).toBe(true);
    expect(headerHasColumns('"Say, hi"\nSKU,Name', ',')).toBe(false);
    expect(headerHasColumns('Dear supplier\nplease find, our prices', ',')).toBe(false);
    expect(headerHasColumns('"Two\nlines",Name\n', ',')).toBe(true);
    // A quote left open is the reader's to report.
    expect(headerHasColumns('"SKU\n', ',')).toBe(true);
  });
});
