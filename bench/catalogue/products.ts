import { BRAND_BY_NAME, type Brand } from './brands.js';
import { makeGtin, makeMfn, makeSku } from './codes.js';
import { mixSeed, Random } from './random.js';
import { DEPARTMENTS, taxonChildCount, taxonKey } from './taxonomy.js';
import { htmlDescription, productName, shortDescription, type NameParts } from './text.js';
import { leavesOf } from './trees.js';
import type { AttributeSeed, Catalogue, ProductSeed, VariationSeed } from './types.js';
import { choiceText, makeVariations, planVariants } from './variations.js';

const DAY_MS = 86_400_000;
const PRODUCT_SALT = 0x50524f44;
/** A variable product's draws come from a Random of their own, so a simple product is the same with or without variants. */
const VARIANT_SALT = 0x56415249;

/** Lookups built once per catalogue so that each product costs a handful of array reads. */
interface CatalogueIndex {
  nowMs: number;
  vendorCumulativeWeights: number[];
  vendorLeaves: number[][];
  /** vendor index -> (department * 100 + group) -> brands that vendor carries making it */
  vendorBrands: Map<number, Brand[]>[];
  allVendorBrands: Brand[][];
  /** vendor index -> department -> the groups its brands make (a vendor leaf at level 1 extends only into these) */
  vendorGroups: Map<number, number[]>[];
  storeByTaxon: Map<string, number>;
}

const indexes = new WeakMap<Catalogue, CatalogueIndex>();

function indexFor(catalogue: Catalogue): CatalogueIndex {
  const cached = indexes.get(catalogue);
  if (cached) return cached;
  const rng = new Random(mixSeed(catalogue.seed, 0x57454947));
  let total = 0;
  const vendorCumulativeWeights = catalogue.vendors.map((v) => {
    total += v.status === 'active' ? rng.between(0.5, 1.6) : v.status === 'inactive' ? 0.15 : 0.08;
    return total;
  });
  const vendorLeaves = catalogue.vendors.map((v) =>
    leavesOf(catalogue.vendorCategories.filter((c) => c.vendorIndex === v.index)),
  );
  const allVendorBrands = catalogue.vendors.map((v) => v.brands.map((b) => BRAND_BY_NAME.get(b)!));
  const vendorBrands = allVendorBrands.map((brands) => {
    const byGroup = new Map<number, Brand[]>();
    for (const brand of brands) {
      for (const [d, groups] of brand.coverage) {
        for (const g of groups) byGroup.set(d * 100 + g, [...(byGroup.get(d * 100 + g) ?? []), brand]);
      }
    }
    return byGroup;
  });
  const vendorGroups = catalogue.vendors.map((v) => new Map(v.coverage.map((c) => [c.department, c.groups])));
  const storeByTaxon = new Map(catalogue.storeCategories.map((c) => [taxonKey(c.taxon), c.ref]));
  const built = {
    nowMs: Date.parse(catalogue.now),
    vendorCumulativeWeights,
    vendorLeaves,
    vendorBrands,
    allVendorBrands,
    vendorGroups,
    storeByTaxon,
  };
  indexes.set(catalogue, built);
  return built;
}

function pickVendor(index: CatalogueIndex, rng: Random): number {
  const weights = index.vendorCumulativeWeights;
  const roll = rng.float() * weights[weights.length - 1];
  let lo = 0;
  let hi = weights.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (weights[mid] > roll) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The store leaf closest to a full taxonomy path: the deepest store node on it, then down to a leaf. */
function storeLeafFor(catalogue: Catalogue, index: CatalogueIndex, taxon: number[], rng: Random): number {
  let ref: number | undefined;
  for (let depth = taxon.length; depth > 0 && ref === undefined; depth--) {
    ref = index.storeByTaxon.get(taxonKey(taxon.slice(0, depth)));
  }
  let node = catalogue.categories[ref ?? rng.pick(catalogue.storeCategories).ref];
  while (node.childRefs.length > 0) node = catalogue.categories[rng.pick(node.childRefs)];
  return node.ref;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Shop-style prices: 14.99, 124.99, 1,299.99. */
function retailPrice(value: number, rng: Random): number {
  if (value < 100) return round2(Math.floor(value) + rng.pick([0.49, 0.95, 0.99]));
  if (value < 1000) return round2(Math.floor(value / 5) * 5 + 4.99);
  return round2(Math.round(value / 50) * 50 - 0.01);
}

/** Spec text for the chosen size bucket, and where it sits from smallest (0) to largest (1). */
function sizeSpec(type: NameParts['type'], bucketIndex: number, rng: Random): { spec: string; position: number } {
  const bucket = type.sizes.buckets[bucketIndex];
  const count = type.sizes.buckets.length;
  if (Array.isArray(bucket[1])) {
    const values = bucket[1] as readonly string[];
    const at = rng.int(0, values.length - 1);
    return { spec: values[at], position: (bucketIndex + (at + 0.5) / values.length) / count };
  }
  const [, lo, hi, step = 1] = bucket as readonly [string, number, number, number?];
  const steps = Math.round((hi - lo) / step);
  const k = rng.int(0, steps);
  const value = Math.round((lo + k * step) * 100) / 100;
  const text = String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return { spec: (type.sizes.format ?? '#').replace('#', text), position: (bucketIndex + (k + 0.5) / (steps + 1)) / count };
}

/**
 * Product number `i` of the catalogue: the same for a given seed however the sequence is sliced.
 * `variants: false` gives it as a simple product even when the catalogue would make it variable.
 */
export function productAt(catalogue: Catalogue, i: number, variants = true): ProductSeed {
  const index = indexFor(catalogue);
  const rng = new Random(mixSeed(catalogue.seed, i, PRODUCT_SALT));
  const vendorIndex = pickVendor(index, rng);
  const vendorCategoryRef = rng.pick(index.vendorLeaves[vendorIndex]);
  const taxon = [...catalogue.categories[vendorCategoryRef].taxon];
  if (taxon.length === 1) taxon.push(rng.pick(index.vendorGroups[vendorIndex].get(taxon[0]) ?? [0]));
  while (taxon.length < 5) taxon.push(rng.int(0, taxonChildCount(taxon) - 1));
  const [d, g, t, v, s] = taxon;
  const department = DEPARTMENTS[d];
  const group = department.groups[g];
  const type = group.types[t];
  const brand = rng.pick(index.vendorBrands[vendorIndex].get(d * 100 + g) ?? index.allVendorBrands[vendorIndex]);
  const { spec, position } = sizeSpec(type, s, rng);
  const variantRng = new Random(mixSeed(catalogue.seed, i, VARIANT_SALT));
  const plan = variants && catalogue.variableShare > 0 && variantRng.chance(catalogue.variableShare) ? planVariants(type, variantRng) : undefined;
  // A variable product's name leaves the size out (its variations carry it); its texts say what there is to choose.
  const parts: NameParts = { brand, department, type, variant: type.variants[v], spec: plan ? choiceText(plan) : spec };
  const name = productName(plan ? { ...parts, spec: '' } : parts, rng).trimEnd();
  const short = shortDescription(parts, rng);

  const [priceLo, priceHi] = type.price;
  const base = priceLo * Math.pow(priceHi / priceLo, 0.1 + 0.85 * position) * rng.between(0.85, 1.15);
  const listPrice = retailPrice(Math.max(priceLo * 0.8, base), rng);
  const vendorCost = round2(listPrice * rng.between(0.48, 0.72));
  const marketPrice = rng.chance(0.3) ? listPrice : Math.max(listPrice, retailPrice(listPrice * rng.between(1.05, 1.3), rng));
  const specialPrice = rng.chance(0.12) ? round2(listPrice * rng.between(0.75, 0.93)) : null;

  const [weightLo, weightHi] = type.weightKg;
  const weight = Math.max(0.01, round2(weightLo * Math.pow(weightHi / weightLo, position) * rng.between(0.9, 1.1)));
  const volumeCm3 = (weight / rng.between(0.25, 1.2)) * 1000;
  const side = Math.cbrt(volumeCm3);
  const length = Math.max(1, Math.round(side * rng.between(1.2, 2.2) * 10) / 10);
  const width = Math.max(1, Math.round(side * rng.between(0.6, 1.1) * 10) / 10);
  const height = Math.max(1, Math.round((volumeCm3 / (length * width)) * 10) / 10);

  const inStock = !rng.chance(0.08);
  const stockScale = listPrice > 1000 ? 12 : listPrice > 200 ? 60 : 240;
  const stock = inStock ? 1 + Math.floor(Math.pow(rng.float(), 2) * stockScale) : 0;

  const createdMs = index.nowMs - Math.floor(rng.float() * 730 * DAY_MS);
  const updatedMs = createdMs + Math.floor(rng.float() * Math.min(120 * DAY_MS, index.nowMs - createdMs));
  const roll = rng.float();
  const product: ProductSeed = {
    index: i,
    sku: makeSku(brand, i),
    mfn: makeMfn(brand, rng),
    gtin: makeGtin(brand, i),
    name,
    short_description: short,
    description: htmlDescription(name, parts, rng),
    brand: brand.name,
    stock,
    list_price: listPrice,
    market_price: marketPrice,
    vendor_cost: vendorCost,
    special_price: specialPrice,
    weight,
    length,
    width,
    height,
    google_category: group.google,
    published: rng.chance(0.92),
    featured: rng.chance(0.05),
    visibility: roll < 0.9 ? 'public' : roll < 0.96 ? 'private' : 'hidden',
    image_url: null,
    meta_title: name,
    meta_description: short.length > 160 ? `${short.slice(0, 157)}...` : short,
    meta_keywords: [brand.name, type.singular, group.name, department.name].join(', ').toLowerCase(),
    created_at: new Date(createdMs).toISOString(),
    updated_at: new Date(updatedMs).toISOString(),
    vendorIndex,
    vendorCategoryRef,
    storeCategoryRef: storeLeafFor(catalogue, index, taxon, rng),
  };
  if (!plan) return product;
  const variations = makeVariations(plan, { index: i, sku: product.sku, mfn: product.mfn, list_price: listPrice, weight, stockScale }, variantRng);
  return asVariable(product, plan.attributes, variations);
}

/**
 * A product as the parent of these variations: its stock and prices are theirs (as the database's
 * triggers keep them): the total stock, the lowest prices and the highest list price. Its
 * attributes declare only the values the variations use.
 */
export function asVariable(product: ProductSeed, attributes: readonly AttributeSeed[], variations: VariationSeed[]): ProductSeed {
  const lowest = (pick: (v: VariationSeed) => number) => Math.min(...variations.map(pick));
  return {
    ...product,
    stock: variations.reduce((sum, v) => sum + v.stock, 0),
    list_price: lowest((v) => v.list_price),
    market_price: lowest((v) => v.market_price),
    vendor_cost: lowest((v) => v.vendor_cost),
    special_price: null,
    variants: {
      attributes: attributes.map((a, k) => ({ ...a, values: a.values.filter((value) => variations.some((v) => v.values[k] === value)) })),
      variations,
      priceMax: Math.max(...variations.map((v) => v.list_price)),
    },
  };
}
