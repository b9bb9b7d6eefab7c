import { asVariable, productAt } from './products.js';
import { DEPARTMENTS } from './taxonomy.js';
import { growTree, planBudgets, treeCapacity } from './trees.js';
import type { Catalogue, CatalogueOptions, CategorySeed, ProductSeed } from './types.js';
import { makeVendors } from './vendors.js';

/**
 * The one catalogue generator Bosun's demo and benchmarks share: deterministic for a seed and a
 * reference date, so two runs (or two machines) produce the same vendors, trees and products.
 *
 *   const catalogue = createCatalogue({ seed: 42, categoriesPerTree: 238, now: '2025-06-01T00:00:00Z' });
 *   for (const product of generateProducts(catalogue, 1_000_000)) ...
 */

export type { AttributeSeed, Catalogue, CatalogueOptions, CategorySeed, ProductSeed, VariantsSeed, VariationSeed, VendorSeed } from './types.js';
export { gtinCheckDigit, isValidGtin } from './codes.js';
export { productAt } from './products.js';
export { MAX_VARIATIONS_PER_PRODUCT, MIN_VARIATIONS } from './variations.js';

export const DEFAULT_SEED = 20_240_917;
/** Fixed so that a catalogue made without `now` is the same on every run. */
export const CATALOGUE_REFERENCE_DATE = '2025-06-01T12:00:00.000Z';
export const DEFAULT_CATEGORIES_PER_TREE = 24;

const DAY_MS = 86_400_000;

export function createCatalogue(options: CatalogueOptions = {}): Catalogue {
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0;
  const now = new Date(options.now ?? CATALOGUE_REFERENCE_DATE);
  if (Number.isNaN(now.getTime())) throw new Error(`Invalid reference date: ${String(options.now)}`);
  const perTree = Math.floor(options.categoriesPerTree ?? DEFAULT_CATEGORIES_PER_TREE);
  const storeBudget = Math.floor(options.storeCategories ?? Math.max(perTree, DEPARTMENTS.length));
  if (perTree < 1 || storeBudget < 1) throw new Error('Each category tree needs at least one category');
  const variableShare = options.variableShare ?? 0;
  if (!(variableShare >= 0 && variableShare <= 1)) throw new Error(`The variable share is a number from 0 to 1: ${options.variableShare}`);

  const vendors = makeVendors(seed, options.vendors ?? 20, now);
  const storeCoverage = DEPARTMENTS.map((d, department) => ({ department, groups: d.groups.map((_, g) => g) }));
  const budgets =
    options.totalCategories === undefined
      ? [storeBudget, ...vendors.map(() => perTree)]
      : planBudgets(options.totalCategories, [treeCapacity(storeCoverage), ...vendors.map((v) => treeCapacity(v.coverage))]);
  const categories: CategorySeed[] = [];
  growTree(
    seed,
    {
      type: 'store',
      vendorIndex: null,
      coverage: storeCoverage,
      budget: Math.max(1, budgets[0]),
      createdAfter: new Date(now.getTime() - 1100 * DAY_MS),
      now,
    },
    categories,
  );
  const storeCount = categories.length;
  for (const vendor of vendors) {
    growTree(
      seed,
      {
        type: 'vendor',
        vendorIndex: vendor.index,
        coverage: vendor.coverage,
        budget: Math.max(1, budgets[vendor.index + 1]),
        createdAfter: new Date(vendor.created_at),
        now,
      },
      categories,
    );
  }
  return {
    seed,
    now: now.toISOString(),
    vendors,
    categories,
    storeCategories: categories.slice(0, storeCount),
    vendorCategories: categories.slice(storeCount),
    variableShare,
  };
}

/** The same vendors and trees with another share of variable products (a catalogue's products depend on both). */
export function withVariableShare(catalogue: Catalogue, variableShare: number): Catalogue {
  if (!(variableShare >= 0 && variableShare <= 1)) throw new Error(`The variable share is a number from 0 to 1: ${variableShare}`);
  return { ...catalogue, variableShare };
}

/**
 * Products `startIndex` .. `startIndex + count - 1`, one at a time, so a million never sit in
 * memory together. Product i is the same whichever slice it is generated in.
 */
export function* generateProducts(catalogue: Catalogue, count: number, startIndex = 0): Generator<ProductSeed> {
  for (let i = startIndex; i < startIndex + count; i++) yield productAt(catalogue, i);
}


/** Rows a product makes: itself and its variations. */
export const rowsOf = (product: ProductSeed) => 1 + (product.variants?.variations.length ?? 0);

/**
 * Products from the first, with their variations, until they make `rows` rows in all: the last
 * variable product keeps only the variations that fit (or, with room for fewer than two, comes as
 * a simple product), so a catalogue with variants has exactly the rows of a simple one.
 */
export function* generateRows(catalogue: Catalogue, rows: number): Generator<ProductSeed> {
  let written = 0;
  for (let i = 0; written < rows; i++) {
    let product = productAt(catalogue, i);
    const room = rows - written - 1;
    if (product.variants && product.variants.variations.length > room) {
      product = room >= 2 ? asVariable(product, product.variants.attributes, product.variants.variations.slice(0, room)) : productAt(catalogue, i, false);
    }
    written += rowsOf(product);
    yield product;
  }
}

/** The average number of variations of a variable product of this catalogue (from its first 2,000 products made variable). */
export function meanVariations(catalogue: Catalogue): number {
  const all = withVariableShare(catalogue, 1);
  let total = 0;
  let made = 0;
  for (let i = 0; i < 2_000; i++) {
    const variants = productAt(all, i).variants;
    if (variants) {
      total += variants.variations.length;
      made += 1;
    }
  }
  return total / Math.max(1, made);
}

/**
 * The share of variable products that makes about `variationRows` of `rows` rows variations
 * (e.g. 300k of 1M for the benchmarks), for generateRows.
 */
export function variableShareFor(catalogue: Catalogue, rows: number, variationRows: number): number {
  if (!(variationRows >= 0 && variationRows < rows)) throw new Error(`The variation rows (${variationRows}) must be fewer than all rows (${rows})`);
  const share = variationRows / ((rows - variationRows) * meanVariations(catalogue));
  if (share > 1) throw new Error(`${variationRows} variations of ${rows} rows would need more than every product variable`);
  return share;
}
