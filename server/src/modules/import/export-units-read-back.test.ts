import { describe, expect, it } from 'vitest';
import { DIMENSION_UNITS, EXPORT_DIMENSION_UNITS, EXPORT_WEIGHT_UNITS, importFactor, shopExportUnits, valueInFileUnit, WEIGHT_UNITS } from '@bosun/shared';
import { unitFactor } from './cell-values.js';

/** What the import stores for a converted cell (row-mapper.ts: the factor, then 4 decimals). */
const imported = (cell: number, factor: number) => Math.round(cell * factor * 10_000) / 10_000;

/** Stored values a shop holds: up to 4 decimals, from a gram to the largest measure. */
const STORED = [0, 0.0001, 0.001, 0.25, 0.4536, 1, 1.0001, 2.54, 5, 12.3457, 20.32, 99.9999, 123.4567, 4_535.9237, 999_999.9999];

const cases = [
  ...WEIGHT_UNITS.flatMap((shop) => EXPORT_WEIGHT_UNITS.map((file) => ({ kind: 'weight' as const, shop, file }))),
  ...DIMENSION_UNITS.flatMap((shop) => EXPORT_DIMENSION_UNITS.map((file) => ({ kind: 'dimension' as const, shop, file }))),
];

describe('the export in another unit', () => {
  it.each(cases)("uses the import's own factor for a $kind in $file in a shop in $shop", ({ kind, shop, file }) => {
    const header = kind === 'weight' ? `Weight (${file})` : `Length (${file})`;
    expect(importFactor(kind, file, shop)).toBe(unitFactor(header, kind, shop));
  });

  it.each(cases)('writes every stored $kind so that the import reads it back exactly ($shop -> $file)', ({ kind, shop, file }) => {
    const factor = importFactor(kind, file, shop);
    for (const stored of STORED) expect(imported(valueInFileUnit(stored, factor), factor), `${stored} ${shop} in ${file}`).toBe(stored);
  });

  it('writes the fewest decimals that come back exactly', () => {
    expect(valueInFileUnit(0.25, importFactor('weight', 'lbs', 'kg'))).toBe(0.5512);
    expect(valueInFileUnit(20.32, importFactor('dimension', 'in', 'cm'))).toBe(8);
    expect(valueInFileUnit(1, importFactor('weight', 'kg', 'lb'))).toBe(0.4536);
    expect(valueInFileUnit(0.25, importFactor('weight', 'g', 'kg'))).toBe(250);
    // Nothing to convert: the stored value as it is, whatever its decimals.
    expect(valueInFileUnit(0.123456, importFactor('weight', 'lbs', 'lb'))).toBe(0.123456);
  });

  it("names the shop's pounds as WooCommerce does", () => {
    expect(shopExportUnits({ weight_unit: 'lb', dimension_unit: 'in' })).toEqual({ weight_unit: 'lbs', dimension_unit: 'in' });
    expect(shopExportUnits({ weight_unit: 'kg', dimension_unit: 'cm' })).toEqual({ weight_unit: 'kg', dimension_unit: 'cm' });
  });
});
