import { gtinCheckDigit } from './codes.js';
import type { Random } from './random.js';
import type { ProductType } from './taxonomy.js';
import type { AttributeSeed, VariationSeed } from './types.js';
import { schemeFor, type AttributeScheme } from './variant-schemes.js';

/**
 * A variable product's attributes and variations (issue 18), drawn from the product's own
 * variant Random so that turning variants on never changes a simple product: 1–3 attributes of
 * the type's scheme, each a run of neighbouring values, and 2–60 of their combinations.
 */

export const MIN_VARIATIONS = 2;
export const MAX_VARIATIONS_PER_PRODUCT = 60;

/** The attributes chosen and the combinations made of them, before the parent's prices are known. */
export interface VariantPlan {
  attributes: AttributeSeed[];
  /** Each variation's value index in each attribute, in the order the variations are made. */
  combinations: number[][];
  /** Each variation's place from smallest (0) to largest (1) along the ordered attributes. */
  positions: number[];
}

/** Most products have a handful of variations, a few have dozens: 2 + 59·r³ (median 9, mean about 16). */
function variationCount(rng: Random): number {
  return Math.min(MAX_VARIATIONS_PER_PRODUCT, MIN_VARIATIONS + Math.floor((MAX_VARIATIONS_PER_PRODUCT - MIN_VARIATIONS + 1) * rng.float() ** 3));
}

/**
 * Windows of neighbouring values, one per attribute used, whose product reaches the wanted count
 * (fewer when the scheme cannot make that many); then that many of the combinations, in the
 * attributes' order. Returns undefined when the scheme cannot make two variations.
 */
export function planVariants(type: ProductType, rng: Random): VariantPlan | undefined {
  const scheme = schemeFor(type);
  let wanted = variationCount(rng);
  let used = rng.int(1, scheme.length);
  const sizes = scheme.map((a) => Math.min(a.values.length, rng.int(2, Math.max(2, Math.ceil(Math.sqrt(wanted)) + 1))));
  const product = () => sizes.slice(0, used).reduce((a, b) => a * b, 1);
  // Widen the windows, then take more attributes, until the combinations are enough.
  for (let a = 0; product() < wanted && a < scheme.length; ) {
    if (a < used && sizes[a] < scheme[a].values.length) sizes[a] += 1;
    else if (a + 1 < used) a += 1;
    else if (used < scheme.length) used += 1;
    else break;
  }
  wanted = Math.min(wanted, product());
  if (wanted < MIN_VARIATIONS) return undefined;
  const chosen: AttributeScheme[] = scheme.slice(0, used);
  const starts = chosen.map((a, k) => rng.int(0, a.values.length - sizes[k]));

  let all: number[][] = [[]];
  for (let k = 0; k < used; k++) all = all.flatMap((c) => Array.from({ length: sizes[k] }, (_, v) => [...c, v]));
  // A parent rarely offers every combination (no 600 ft of 1/4" rope): keep `wanted` of them, in order.
  const keep = new Set(rng.shuffle(all.map((_, i) => i)).slice(0, wanted));
  let combinations = all.filter((_, i) => keep.has(i));
  // Declare only the values some variation uses.
  const usedValues = chosen.map((_, k) => [...new Set(combinations.map((c) => c[k]))].sort((x, y) => x - y));
  combinations = combinations.map((c) => c.map((v, k) => usedValues[k].indexOf(v)));
  const attributes = chosen.map((a, k) => ({
    name: a.name,
    values: usedValues[k].map((v) => a.values[starts[k] + v]),
    visible: true,
    global: a.global,
  }));
  const positions = combinations.map((c) => {
    const ordered = chosen.map((a, k) => (a.ordered ? (starts[k] + usedValues[k][c[k]]) / Math.max(1, a.values.length - 1) : undefined)).filter((p) => p !== undefined);
    return ordered.length ? ordered.reduce((x, y) => x + y, 0) / ordered.length : 0.5;
  });
  return { attributes, combinations, positions };
}

/** The words a variable product's texts use instead of one size: 'diameter and length to choose from'. */
export function choiceText(plan: VariantPlan): string {
  const names = plan.attributes.map((a) => a.name.toLowerCase());
  return `${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]} to choose from`;
}

/** A value as a SKU part: '3/8"' -> '38IN', '150 ft' -> '150FT', 'Dark Blue' -> 'DARKBLUE'. */
export function skuPart(value: string): string {
  return value.toUpperCase().replaceAll('"', 'IN').replace(/[^A-Z0-9]+/g, '').slice(0, 12) || 'X';
}

/**
 * GTIN-13 of variation `position` of product `index`: '2' (a number the shop assigns itself, never
 * one of the products' '0…' codes) + the product index in 7 digits + the position in 4 + check digit.
 */
export function variationGtin(index: number, position: number): string {
  const body = `2${String(index % 10_000_000).padStart(7, '0')}${String(position).padStart(4, '0')}`;
  return body + gtinCheckDigit(body);
}

export interface ParentFigures {
  index: number;
  sku: string;
  mfn: string;
  list_price: number;
  weight: number;
  stockScale: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Prices like the parent's: 14.99, 124.99. */
function shopPrice(value: number): number {
  if (value < 100) return round2(Math.floor(value) + 0.99);
  if (value < 1000) return round2(Math.floor(value / 5) * 5 + 4.99);
  return round2(Math.round(value / 50) * 50 - 0.01);
}

/**
 * The variations: a SKU of the parent's plus each value ('LEW-000123-38IN-150FT'), a GTIN of their
 * own, prices around the parent's that grow with size, stock of their own, an own weight on about
 * a third of the products (the others inherit the parent's), about 3% disabled.
 */
export function makeVariations(plan: VariantPlan, parent: ParentFigures, rng: Random): VariationSeed[] {
  const ownWeights = rng.chance(0.3);
  const skus = new Set<string>();
  return plan.combinations.map((combination, position) => {
    const values = combination.map((v, k) => plan.attributes[k].values[v]);
    let sku = `${parent.sku}-${values.map(skuPart).join('-')}`;
    // Two values may make the same SKU part ('1/2"' and '12"'): the position then tells them apart.
    if (skus.has(sku)) sku = `${parent.sku}-V${position + 1}`;
    skus.add(sku);
    const place = plan.positions[position];
    const listPrice = shopPrice(Math.max(1, parent.list_price * (0.7 + 0.6 * place) * rng.between(0.97, 1.03)));
    const vendorCost = round2(listPrice * rng.between(0.48, 0.72));
    const marketPrice = rng.chance(0.3) ? listPrice : Math.max(listPrice, shopPrice(listPrice * rng.between(1.05, 1.3)));
    const specialPrice = rng.chance(0.12) ? round2(listPrice * rng.between(0.75, 0.93)) : null;
    const stock = rng.chance(0.1) ? 0 : 1 + Math.floor(rng.float() ** 2 * Math.max(4, parent.stockScale / 4));
    return {
      position,
      sku,
      gtin: variationGtin(parent.index, position),
      mfn: `${parent.mfn}-${position + 1}`,
      stock,
      list_price: listPrice,
      market_price: marketPrice,
      vendor_cost: vendorCost,
      special_price: specialPrice,
      weight: ownWeights ? Math.max(0.01, round2(parent.weight * (0.6 + 0.8 * place))) : null,
      published: !rng.chance(0.03),
      values,
    };
  });
}
