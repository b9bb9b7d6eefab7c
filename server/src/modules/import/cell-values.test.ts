import { describe, expect, it } from 'vitest';
import { CellProblem, readBoolean, readUnitFactor, unitFactor, unitOfHeader, unknownUnitOfHeader, type UnitKind } from './cell-values.js';

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

  it("finds a unit it does not know in brackets or as the word after the quantity, never a word saying which weight", () => {
    const cases: Array<[string, UnitKind, string | undefined]> = [
      ['Weight (stone)', 'weight', 'stone'], ['Weight [st]', 'weight', 'st'], ['Weight in stone', 'weight', 'stone'], ['Weight_st', 'weight', 'st'],
      ['Item weight (tonnes)', 'weight', 'tonnes'], ['Length (ft)', 'dimension', 'ft'], ['Length in yards', 'dimension', 'yards'], ['Weight (cm)', 'weight', 'cm'],
      ['Weight (lb.)', 'weight', undefined], ['Weight (g)', 'weight', undefined], ['Weight', 'weight', undefined], ['Shipping weight', 'weight', undefined],
      ['Weight (approx.)', 'weight', undefined], ['Weight (net)', 'weight', undefined], ['Length overall', 'dimension', undefined], ['Weight in', 'weight', undefined],
      ['Weight value', 'weight', undefined], ['Height 2', 'dimension', undefined], ['Height of box', 'dimension', undefined],
      // OpenCart's unit class columns name a unit by its id: 'class' is no unit.
      ['Weight Class', 'weight', undefined], ['Length Class', 'dimension', undefined], ['weight_class_id', 'weight', undefined], ['Length class id', 'dimension', undefined],
    ];
    for (const [header, kind, unit] of cases) expect([header, unknownUnitOfHeader(header, kind)]).toEqual([header, unit]);
    expect(unitFactor('Weight (stone)', 'weight', 'kg')).toEqual(new CellProblem("the header's unit 'stone' is not a weight unit Bosun knows (kg, g, lb, oz)"));
    expect(unitFactor('Weight Class', 'weight', 'kg')).toBe(1);
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
