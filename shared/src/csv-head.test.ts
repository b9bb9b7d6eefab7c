import { describe, expect, it } from 'vitest';
import { completeUtf8Length, detectDelimiter, isCsvFileName, isWorkbookFileName, looksLikeTable } from './csv-head.js';

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

describe('looksLikeTable', () => {
  const LETTER = 'Dear supplier, please find our new price list attached.\nThe prices are valid from March, as agreed.\nKind regards,\nAnna';
  it('refuses prose, with or without commas in it', () => {
    expect(looksLikeTable('Dear supplier\nplease find our new prices attached\n', ',')).toBe(false);
    expect(looksLikeTable(LETTER, ',')).toBe(false);
    expect(looksLikeTable('Dear supplier, please find attached\nour prices', ',')).toBe(false);
    expect(looksLikeTable('We are closed in August, as every year.', ',')).toBe(false);
    expect(looksLikeTable('The new catalogue is attached. Prices have risen by five percent this year.\n\nRegards', ',')).toBe(false);
  });
  it('takes a table: one column of SKUs, columns holding sentences, a header alone', () => {
    expect(looksLikeTable('SKU\nA-1\nA-2\n', ',')).toBe(true);
    expect(looksLikeTable('SKU', ',')).toBe(true);
    expect(looksLikeTable('Name\nStainless steel boat hook with rubber grip\nFender', ',')).toBe(true);
    expect(looksLikeTable('SKU,Name\n1,2', ',')).toBe(true);
    const described = ['SKU,Name,Description', ...['A', 'B', 'C'].map((s) => `${s},Cleat,"A cleat for the deck. It is made of steel, and it will last."`)].join('\n');
    expect(looksLikeTable(described, ',')).toBe(true);
    expect(looksLikeTable('"Two\nlines",Name\n', ',')).toBe(true);
    // A quote left open is the reader's to report.
    expect(looksLikeTable('"SKU\n', ',')).toBe(true);
  });
});

describe('isWorkbookFileName', () => {
  it('takes .xlsx by its name or its type, not the old binary .xls', () => {
    expect(isWorkbookFileName('Prices.XLSX', '')).toBe(true);
    expect(isWorkbookFileName('prices', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(true);
    expect(isWorkbookFileName('prices.xls', 'application/vnd.ms-excel')).toBe(false);
    expect(isWorkbookFileName('prices.csv', 'text/csv')).toBe(false);
  });
});
