/**
 * The units a WooCommerce export is written in: the target store's (its settings offer kg, g, lbs
 * and oz, and m, cm, mm, in and yd), named as WooCommerce names them in its 'Weight (lbs)' header,
 * which its importer maps by itself only when the unit is the store's own. No zod here: the
 * export's worker threads load this module.
 */

import { UNIT_SIZES } from './unit-sizes.js';

/** Yards are left out: Bosun's import does not read 'Length (yd)' back (cell-values.ts). */
export const EXPORT_WEIGHT_UNITS = ['kg', 'lbs', 'g', 'oz'] as const;
export const EXPORT_DIMENSION_UNITS = ['cm', 'in', 'm', 'mm'] as const;
export type ExportWeightUnit = (typeof EXPORT_WEIGHT_UNITS)[number];
export type ExportDimensionUnit = (typeof EXPORT_DIMENSION_UNITS)[number];
export interface ExportUnits {
  weight_unit: ExportWeightUnit;
  dimension_unit: ExportDimensionUnit;
}

/** The shop's units (settings: kg or lb, cm or in) as the export names them: WooCommerce calls pounds 'lbs'. */
export const shopExportUnits = (shop: { weight_unit: string; dimension_unit: string }): ExportUnits => ({
  weight_unit: shop.weight_unit === 'lb' ? 'lbs' : (shop.weight_unit as ExportWeightUnit),
  dimension_unit: shop.dimension_unit as ExportDimensionUnit,
});

/**
 * What a value in `fileUnit` is multiplied by to be in `shopUnit`: the factor Bosun's import
 * applies to a 'Weight (lbs)' column (cell-values.ts unitFactor), computed the same way.
 */
export function importFactor(kind: 'weight' | 'dimension', fileUnit: string, shopUnit: string): number {
  const table = UNIT_SIZES[kind];
  return table[fileUnit]! / table[shopUnit]!;
}

/** The import rounds a converted value to 4 decimals (row-mapper.ts); the export mirrors it to find the value it reads back. */
const readBack = (fileValue: number, factor: number) => Math.round(fileValue * factor * 10_000) / 10_000;

/**
 * A stored value written in the file's unit (`factor` from importFactor): the shortest decimal
 * that Bosun's import reads back as exactly the stored value, so a round trip through lbs and
 * inches changes nothing (0.25 kg is written 0.5512 lbs, not 0.5511556555...). A stored value
 * with more than 4 decimals cannot come back exactly through a converting column; it is written
 * to 12 significant digits and comes back rounded to 4 decimals.
 */
export function valueInFileUnit(stored: number, factor: number): number {
  if (factor === 1) return stored;
  const exact = stored / factor;
  for (let decimals = 0, scale = 1; decimals <= 10; decimals++, scale *= 10) {
    const candidate = Math.round(exact * scale) / scale;
    if (readBack(candidate, factor) === stored) return candidate;
  }
  return Number(exact.toPrecision(12));
}
