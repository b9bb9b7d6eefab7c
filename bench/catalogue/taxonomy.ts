import { DEPARTMENTS_A } from './departments-a.js';
import { DEPARTMENTS_B } from './departments-b.js';
import { DEPARTMENTS_C } from './departments-c.js';
import { SIZES, VARIANTS, type SizeSet, type SizeSetKey, type VariantSetKey } from './vocabulary.js';

/**
 * The virtual taxonomy every category tree is cut from: department > group > product type >
 * variant > size bucket (levels 1-5). A node is addressed by its index path, e.g. [0, 0, 0, 0, 1]
 * = Marine Electronics > Navigation > GPS Chartplotters > Touchscreen > 9-10 inch.
 */

export interface DepartmentDef {
  name: string;
  /** Google product category for the department; a group may override it. */
  google: string;
  /** Selling points the HTML descriptions draw on. */
  features: string[];
  groups: { name: string; google?: string; types: string[] }[];
}

export interface ProductType {
  name: string;
  singular: string;
  variants: readonly string[];
  sizes: SizeSet;
  price: [number, number];
  weightKg: [number, number];
}

export interface Department {
  name: string;
  google: string;
  features: string[];
  groups: { name: string; google: string; types: ProductType[] }[];
}

function range(text: string, where: string): [number, number] {
  const [lo, hi] = text.split('-').map(Number);
  if (!(lo > 0 && hi >= lo)) throw new Error(`Bad range '${text}' in ${where}`);
  return [lo, hi];
}

function parseType(line: string): ProductType {
  const [name, singular, variantKey, sizeKey, price, weight] = line.split('|');
  const variants = VARIANTS[variantKey as VariantSetKey];
  const sizes = SIZES[sizeKey as SizeSetKey] as SizeSet | undefined;
  if (!variants || !sizes || !singular) throw new Error(`Bad product type line '${line}'`);
  return { name, singular, variants, sizes, price: range(price, line), weightKg: range(weight, line) };
}

export const DEPARTMENTS: readonly Department[] = [...DEPARTMENTS_A, ...DEPARTMENTS_B, ...DEPARTMENTS_C].map((d) => ({
  name: d.name,
  google: d.google,
  features: d.features,
  groups: d.groups.map((g) => ({ name: g.name, google: g.google ?? d.google, types: g.types.map(parseType) })),
}));

export const DEPARTMENT_INDEX = new Map(DEPARTMENTS.map((d, i) => [d.name, i]));

/** How many children the taxonomy offers under a node (the empty path is the root). */
export function taxonChildCount(path: readonly number[]): number {
  const [d, g, t] = path;
  switch (path.length) {
    case 0:
      return DEPARTMENTS.length;
    case 1:
      return DEPARTMENTS[d].groups.length;
    case 2:
      return DEPARTMENTS[d].groups[g].types.length;
    case 3:
      return DEPARTMENTS[d].groups[g].types[t].variants.length;
    case 4:
      return DEPARTMENTS[d].groups[g].types[t].sizes.buckets.length;
    default:
      return 0;
  }
}

/** The category name of a node: the last step of its path. */
export function taxonName(path: readonly number[]): string {
  const [d, g, t, v, s] = path;
  const dept = DEPARTMENTS[d];
  switch (path.length) {
    case 1:
      return dept.name;
    case 2:
      return dept.groups[g].name;
    case 3:
      return dept.groups[g].types[t].name;
    case 4:
      return dept.groups[g].types[t].variants[v];
    case 5:
      return dept.groups[g].types[t].sizes.buckets[s][0];
    default:
      throw new Error(`No taxonomy node at depth ${path.length}`);
  }
}

/** The number of nodes under (and including) each department: the most a tree can hold. */
export function departmentCapacity(d: number, groups?: readonly number[]): number {
  let count = 1;
  for (const g of groups ?? DEPARTMENTS[d].groups.map((_, i) => i)) {
    const group = DEPARTMENTS[d].groups[g];
    count += 1;
    for (const type of group.types) count += 1 + type.variants.length * (1 + type.sizes.buckets.length);
  }
  return count;
}

export function taxonKey(path: readonly number[]): string {
  return path.join('.');
}
