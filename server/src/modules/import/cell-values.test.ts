import { describe, expect, it } from 'vitest';
import { CellProblem, readBoolean, readUnitFactor, unitFactor, unitOfHeader } from './cell-values.js';

describe('unitOfHeader', () => {
  it('reads the unit in brackets or as a word after the quantity, the last unit word winning', () => {
    const weights: Array<[string, string | undefined]> = [
      ['Weight (g)', 'g'], ['Weight (oz)', 'oz'], ['Weight (lbs)', 'lbs'], ['Weight (lbs.)', 'lbs'], ['Weight value (grams)', 'grams'], ['Shipping weight [lb]', 'lb'],
      ['Weight in grams', 'grams'], ['Weight grams', 'grams'], ['Weight_kg', 'kg'], ['Variant Grams', 'grams'], ['Grams', 'grams'],
      ['Weight', undefined], ['Variant Weight Unit', undefined], ['Weight (approx.)', undefined],
    ];
    for (const [header, unit] of weights) expect([header, unitOfHeader(header, 'weight')]).toEqual([header, unit]);
    const sizes: Array<[string, string | undefined]> = [
      ['Length (mm)', 'mm'], ['Length mm', 'mm'], ['Length in mm', 'mm'], ['Length in', 'in'], ['Width in inches', 'inches'], ['Height_m', 'm'],
      ['Length (in cm)', 'cm'], ['Length', undefined],
    ];
    for (const [header, unit] of sizes) expect([header, unitOfHeader(header, 'dimension')]).toEqual([header, unit]);
  });

  it("converts into the shop's unit, and not at all when the header names none or the shop's own", () => {
    expect(unitFactor('Variant Grams', 'weight', 'kg')).toBe(0.001);
    expect(unitFactor('Weight (lbs)', 'weight', 'lb')).toBe(1);
    expect(unitFactor('Weight (kg)', 'weight', 'lb')).toBeCloseTo(2.20462, 5);
    expect(unitFactor('Weight', 'weight', 'lb')).toBe(1);
    expect(unitFactor('Length (mm)', 'dimension', 'in')).toBeCloseTo(0.03937, 5);
  });
});

describe('readUnitFactor', () => {
  it("reads a row's unit cell in any case, and refuses a unit it does not know", () => {
    expect(readUnitFactor('LBS', 'weight', 'kg')).toBe(0.45359237);
    expect(readUnitFactor(' oz ', 'weight', 'kg')).toBe(0.028349523125);
    expect(readUnitFactor('in', 'dimension', 'in')).toBe(1);
    expect(readUnitFactor('stone', 'weight', 'kg')).toEqual(new CellProblem("'stone' is not a weight unit (kg, g, lb, oz)"));
    // A length unit is no weight unit, and the other way round.
    expect(readUnitFactor('mm', 'weight', 'kg')).toBeInstanceOf(CellProblem);
    expect(readUnitFactor('g', 'dimension', 'cm')).toBeInstanceOf(CellProblem);
  });
});

describe('readBoolean', () => {
  it("reads Shopify's Status: active is published, draft and archived are not", () => {
    expect(['active', 'Active', 'draft', 'archived', 'TRUE', 'FALSE'].map(readBoolean)).toEqual([true, true, false, false, true, false]);
    expect(readBoolean('unlisted')).toBeInstanceOf(CellProblem);
  });
});
