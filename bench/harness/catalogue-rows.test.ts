import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat } from '../../server/src/modules/import/csv-format.js';
import { readRecords } from '../../server/src/modules/import/csv-records.js';
import { createCatalogue } from '../catalogue/index.js';
import { WOO_HEADERS, wooImportMapping, wooList, writeWooImportCsv, type WooFile } from './catalogue-rows.js';

/** WooCommerce's reading of a list cell: split at ', ' not escaped, then '\x' is x. */
const splitWooList = (cell: string) => cell.split(/(?<!\\), ?/).map((v) => v.replace(/\\(.)/g, '$1'));

describe('the WooCommerce-style import file', () => {
  let dir: string;
  let file: string;
  let written: WooFile;
  let header: string[];
  let records: Array<Record<string, string>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-woo-'));
    file = path.join(dir, 'woo.csv');
    written = writeWooImportCsv(createCatalogue({ seed: 5, categoriesPerTree: 30, now: '2025-06-01T00:00:00Z' }), 5_000, file, 0.6);
    // Read back with the import's own CSV reader, as the server will.
    const all: string[][] = [];
    for await (const record of readRecords(file, await detectFormat(file, true))) {
      if (!Array.isArray(record)) throw record;
      all.push(record);
    }
    [header] = all;
    records = all.slice(1).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("has WooCommerce's headers and the rows asked for, about 60% of them variations", () => {
    expect(header).toEqual(WOO_HEADERS);
    expect(header.slice(0, 4)).toEqual(['Type', 'SKU', 'Name', 'Parent']);
    expect(header).toContain('Attribute 3 global');
    expect(records).toHaveLength(5_000);
    expect(written.rows).toBe(5_000);
    const types = records.map((r) => r.Type);
    expect(new Set(types)).toEqual(new Set(['simple', 'variable', 'variation']));
    const variations = types.filter((t) => t === 'variation').length;
    expect(variations).toBe(written.variationRows);
    expect(variations / records.length).toBeGreaterThan(0.5);
    expect(variations / records.length).toBeLessThan(0.7);
    expect(new Set(records.map((r) => r.SKU)).size).toBe(records.length);
  });

  it('puts each variable row before its variations, which name it as Parent and carry one declared value per attribute', () => {
    let parent: Record<string, string> | undefined;
    let declared: string[][] = [];
    const combinations = new Set<string>();
    let commaValues = 0;
    for (const r of records) {
      if (r.Type !== 'variation') {
        parent = r.Type === 'variable' ? r : undefined;
        expect(r.Name).not.toBe('');
        expect(r.Parent).toBe('');
        declared = [1, 2, 3].map((n) => r[`Attribute ${n} value(s)`]).filter(Boolean).map(splitWooList);
        if (r.Type === 'simple') expect(declared).toEqual([]);
        else {
          expect(declared.length).toBeGreaterThanOrEqual(1);
          expect(r['Regular price']).toBe('');
          expect(r['Attribute 1 visible']).toBe('1');
          commaValues += declared.flat().filter((v) => v.includes(',')).length;
        }
        continue;
      }
      expect(parent).toBeDefined();
      expect(r.Parent).toBe(parent!.SKU);
      expect(r.SKU.startsWith(`${parent!.SKU}-`)).toBe(true);
      expect(r.Name).toBe('');
      expect(r.Description).toBe('');
      expect(Number(r['Regular price'])).toBeGreaterThan(0);
      expect(Number.isInteger(Number(r.Stock))).toBe(true);
      const values = declared.map((_, k) => r[`Attribute ${k + 1} value(s)`]);
      declared.forEach((list, k) => {
        expect(r[`Attribute ${k + 1} name`]).toBe(parent![`Attribute ${k + 1} name`]);
        expect(list).toContain(values[k]);
      });
      expect(r[`Attribute ${declared.length + 1} name`] ?? '').toBe('');
      const key = `${parent!.SKU}|${values.join('|')}`;
      expect(combinations.has(key)).toBe(false);
      combinations.add(key);
    }
    // Values with a comma of their own ('1,500 lb') are written '\,' in the list.
    expect(commaValues).toBeGreaterThan(0);
  });

  it("escapes a literal comma in a list as WooCommerce does", () => {
    expect(wooList(['1,000 lb', '2,500 lb', 'Red'])).toBe('1\\,000 lb, 2\\,500 lb, Red');
    expect(splitWooList(wooList(['1,000 lb', 'a\\b', 'Red']))).toEqual(['1,000 lb', 'a\\b', 'Red']);
  });

  it('is mapped by the auto-mapping at least for its product fields', () => {
    const { mapping } = wooImportMapping();
    expect(mapping).toMatchObject({ sku: 'SKU', name: 'Name', list_price: 'Regular price', stock: 'Stock', special_price: 'Sale price', gtin: 'GTIN, UPC, EAN, or ISBN' });
  });
});
