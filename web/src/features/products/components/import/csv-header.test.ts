import { describe, expect, it, vi } from 'vitest';
import { decodeSample, HEADER_SAMPLE_BYTES, isCsvFile, parseHeaderRow, readCsvHeaders } from './csv-header';

describe('parseHeaderRow', () => {
  it('splits comma, semicolon and tab separated header rows', () => {
    expect(parseHeaderRow('sku,name,price\n1,a,2')).toEqual({ headers: ['sku', 'name', 'price'], delimiter: ',' });
    expect(parseHeaderRow('sku;name;price\r\n1;a;2,50')).toEqual({ headers: ['sku', 'name', 'price'], delimiter: ';' });
    expect(parseHeaderRow('sku\tname\tprice\n')).toEqual({ headers: ['sku', 'name', 'price'], delimiter: '\t' });
  });

  it('unquotes cells with doubled quotes, delimiters and line breaks inside', () => {
    const text = '"SKU","Name, full","Say ""hi""","Two\nlines",plain\nA,B,C,D,E';
    expect(parseHeaderRow(text).headers).toEqual(['SKU', 'Name, full', 'Say "hi"', 'Two\nlines', 'plain']);
  });

  it('drops a UTF-8 BOM and trims spaces around names', () => {
    expect(parseHeaderRow('\uFEFFSKU , Name\n').headers).toEqual(['SKU', 'Name']);
  });

  it('reads a file that is only a header row without a line break', () => {
    expect(parseHeaderRow('SKU,Name').headers).toEqual(['SKU', 'Name']);
  });

  it('refuses prose, with a comma in it or not, as the server does, and takes one column of SKUs', () => {
    expect(() => parseHeaderRow('Dear supplier, please find attached\nour prices')).toThrow('Please select a valid CSV file');
    expect(() => parseHeaderRow('Dear supplier\nplease find our new prices attached')).toThrow('Please select a valid CSV file');
    expect(parseHeaderRow('SKU\nA-1\nA-2').headers).toEqual(['SKU']);
  });

  it('rejects an empty file and an unterminated quote', () => {
    expect(() => parseHeaderRow('')).toThrow('Error parsing CSV file');
    expect(() => parseHeaderRow('\n\n')).toThrow('Error parsing CSV file');
    expect(() => parseHeaderRow('"SKU,Name\n')).toThrow('Error parsing CSV file');
  });
});

describe('decodeSample', () => {
  it('reads UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeSample(new TextEncoder().encode('Größe,Preis'))).toBe('Größe,Preis');
    expect(decodeSample(new Uint8Array([0x47, 0x72, 0xf6, 0xdf, 0x65]))).toBe('Größe');
  });

  it('reads UTF-16, little- or big-endian, with or without a BOM', () => {
    const text = 'SKU;Défense;Größe\n';
    const le = Uint8Array.from([...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]));
    const be = Uint8Array.from([...text].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff]));
    expect(decodeSample(Uint8Array.from([0xff, 0xfe, ...le]))).toBe(text);
    expect(decodeSample(le)).toBe(text);
    expect(decodeSample(Uint8Array.from([0xfe, 0xff, ...be]))).toBe(text);
    expect(decodeSample(be)).toBe(text);
    expect(parseHeaderRow(decodeSample(be)).headers).toEqual(['SKU', 'Défense', 'Größe']);
  });

  it('keeps UTF-8 when the sample ends inside a multi-byte character', () => {
    const bytes = new TextEncoder().encode('Name,Größe\nä');
    expect(decodeSample(bytes.subarray(0, bytes.length - 1))).toBe('Name,Größe\n');
  });
});

describe('readCsvHeaders', () => {
  it('reads only the first 64 KB of a large file', async () => {
    const big = new File(['SKU;Name;Price\n', 'x'.repeat(HEADER_SAMPLE_BYTES * 4)], 'big.csv', { type: 'text/csv' });
    const slice = vi.spyOn(Blob.prototype, 'slice');
    await expect(readCsvHeaders(big)).resolves.toEqual({ headers: ['SKU', 'Name', 'Price'], delimiter: ';' });
    expect(slice).toHaveBeenCalledWith(0, HEADER_SAMPLE_BYTES);
  });

  it('fails on a header row longer than the sample', async () => {
    const huge = new File(['a,'.repeat(HEADER_SAMPLE_BYTES)], 'wide.csv');
    await expect(readCsvHeaders(huge)).rejects.toThrow('Error parsing CSV file');
  });
});

describe('isCsvFile', () => {
  it('accepts a CSV by type or by extension only', () => {
    expect(isCsvFile(new File([''], 'export.CSV'))).toBe(true);
    // Tab-separated text as Excel saves it: the server takes it too.
    expect(isCsvFile(new File([''], 'prices.txt', { type: 'text/plain' }))).toBe(true);
    expect(isCsvFile(new File([''], 'prices.tsv'))).toBe(true);
    expect(isCsvFile(new File([''], 'data', { type: 'text/csv' }))).toBe(true);
    expect(isCsvFile(new File([''], 'photo.png', { type: 'image/png' }))).toBe(false);
  });
});
