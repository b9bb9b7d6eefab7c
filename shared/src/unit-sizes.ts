/**
 * The one table of units: what files write as weight and length units, each as its size in kg or
 * cm. The import reads headers and unit cells by it (server cell-values.ts); the export converts
 * into a store's units by it (export-units.ts). No zod here: worker threads load both.
 */

export type UnitKind = 'weight' | 'dimension';

/** Shop units (company settings: kg|lb, cm|in) are in these tables too. */
const LB = 0.45359237;
const OZ = 0.028349523125;
export const UNIT_SIZES: Record<UnitKind, Record<string, number>> = {
  weight: {
    kg: 1, kgs: 1, kilo: 1, kilos: 1, kilogram: 1, kilograms: 1, g: 0.001, gr: 0.001, gram: 0.001, grams: 0.001,
    lb: LB, lbs: LB, pound: LB, pounds: LB, oz: OZ, ounce: OZ, ounces: OZ,
  },
  dimension: {
    cm: 1, mm: 0.1, m: 100, in: 2.54, inch: 2.54, inches: 2.54, centimeter: 1, centimeters: 1, centimetre: 1, centimetres: 1,
    millimeter: 0.1, millimeters: 0.1, millimetre: 0.1, millimetres: 0.1, meter: 100, meters: 100, metre: 100, metres: 100,
  },
};

/**
 * A header that says which unit, not a value in one: OpenCart's 'Weight Class', 'weight_class_id',
 * 'Length Class' hold an id of its own table of units. Never a weight or size column (the
 * auto-mapping leaves it unmapped), and its 'class' is never taken for a unit Bosun does not know.
 */
export const isUnitClassHeader = (header: string) => /(?<![a-z])(weight|length|dimension|size)s?[\s_-]*class(?![a-z])/i.test(header);
