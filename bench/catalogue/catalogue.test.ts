import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogue,
  generateProducts,
  generateRows,
  isValidGtin,
  MAX_VARIATIONS_PER_PRODUCT,
  MIN_VARIATIONS,
  productAt,
  rowsOf,
  variableShareFor,
  withVariableShare,
  type Catalogue,
  type ProductSeed,
} from './index.js';
import { loadCatalogue } from '../load-catalogue.js';
import { createDatabase, type Database } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { freshDatabase } from '../../server/src/test/test-app.js';

const NOW = '2025-06-01T12:00:00.000Z';
const options = { seed: 42, categoriesPerTree: 30, storeCategories: 150, now: NOW };

describe('catalogue generator', () => {
  let catalogue: Catalogue;
  let products: ProductSeed[];

  beforeAll(() => {
    catalogue = createCatalogue(options);
    products = [...generateProducts(catalogue, 20_000)];
  });

  it('gives the same vendors, categories and products for the same seed', () => {
    const again = createCatalogue(options);
    expect(again.vendors).toEqual(catalogue.vendors);
    expect(again.categories).toEqual(catalogue.categories);
    expect([...generateProducts(again, 100)]).toEqual(products.slice(0, 100));
    // A slice taken from the middle matches the same products generated in sequence.
    expect([...generateProducts(again, 50, 7_000)]).toEqual(products.slice(7_000, 7_050));
  });

  it('gives a different catalogue for a different seed', () => {
    const other = createCatalogue({ ...options, seed: 43 });
    const names = [...generateProducts(other, 20)].map((p) => p.name);
    expect(names).not.toEqual(products.slice(0, 20).map((p) => p.name));
  });

  it('has 20 believable vendors, one inactive and one pending', () => {
    expect(catalogue.vendors).toHaveLength(20);
    expect(new Set(catalogue.vendors.map((v) => v.name.toLowerCase())).size).toBe(20);
    const statuses = catalogue.vendors.map((v) => v.status);
    expect(statuses.filter((s) => s === 'inactive')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(1);
    for (const v of catalogue.vendors) {
      expect(v.email).toMatch(/^[a-z]+@[a-z0-9]+\.com$/);
      expect(v.website).toMatch(/^https:\/\/www\./);
      expect(v.payment_terms).toMatch(/Net \d+|Due on receipt/);
    }
  });

  it('makes GTIN-13s with valid check digits and unique SKUs', () => {
    expect(products.every((p) => /^\d{13}$/.test(p.gtin) && isValidGtin(p.gtin))).toBe(true);
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.gtin)).size).toBe(products.length);
  });

  it('files every product under existing leaf categories of the right tree, at most 5 levels deep', () => {
    const { categories } = catalogue;
    for (const c of categories) {
      expect(c.level).toBeGreaterThanOrEqual(1);
      expect(c.level).toBeLessThanOrEqual(5);
      if (c.parentRef !== null) expect(categories[c.parentRef].level).toBe(c.level - 1);
    }
    expect(Math.max(...catalogue.storeCategories.map((c) => c.level))).toBe(5);
    for (const p of products) {
      const vendorCategory = categories[p.vendorCategoryRef];
      const storeCategory = categories[p.storeCategoryRef];
      expect(vendorCategory).toBeDefined();
      expect(storeCategory).toBeDefined();
      expect(vendorCategory.childRefs).toHaveLength(0);
      expect(storeCategory.childRefs).toHaveLength(0);
      expect(vendorCategory.type).toBe('vendor');
      expect(vendorCategory.vendorIndex).toBe(p.vendorIndex);
      expect(storeCategory.type).toBe('store');
    }
  });

  it('prices every product with cost below list price and list price at most the market price', () => {
    for (const p of products) {
      expect(p.vendor_cost).toBeGreaterThan(0);
      expect(p.vendor_cost).toBeLessThan(p.list_price);
      expect(p.list_price).toBeLessThanOrEqual(p.market_price);
      if (p.special_price !== null) expect(p.special_price).toBeLessThan(p.list_price);
      for (const price of [p.list_price, p.market_price, p.vendor_cost]) expect(Math.round(price * 100) / 100).toBe(price);
    }
    const outOfStock = products.filter((p) => p.stock === 0).length / products.length;
    expect(outOfStock).toBeGreaterThan(0.06);
    expect(outOfStock).toBeLessThan(0.1);
  });

  it('spreads created_at over the two years before the reference date', () => {
    const now = Date.parse(NOW);
    const twoYears = 731 * 86_400_000;
    for (const p of products) {
      const created = Date.parse(p.created_at);
      expect(created).toBeLessThanOrEqual(now);
      expect(created).toBeGreaterThan(now - twoYears);
      expect(Date.parse(p.updated_at)).toBeGreaterThanOrEqual(created);
    }
  });

  it('sizes the trees to the requested total', () => {
    const big = createCatalogue({ seed: 1, totalCategories: 5_000, now: NOW });
    expect(big.categories).toHaveLength(5_000);
  });
});

/** A freshly migrated database: SQLite, or PostgreSQL when TEST_DATABASE_URL names a server. */
async function openFresh(): Promise<{ database: Database; close: () => Promise<void> }> {
  const { target, drop } = await freshDatabase();
  const database = createDatabase(target);
  await migrateToLatest(database);
  return {
    database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

describe('loadCatalogue', () => {
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await openFresh());
  });

  afterAll(() => close());

  it('writes vendors, both trees with their paths, and products with their category counts', async () => {
    const result = await loadCatalogue(database, { ...options, products: 2_000 });
    const { db } = database;
    const count = async (table: 'vendors' | 'categories' | 'products') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    expect(await count('vendors')).toBe(20);
    expect(await count('categories')).toBe(result.catalogue.categories.length);
    expect(await count('products')).toBe(2_000);
    // Without variants every product is simple, and the ids follow the catalogue's order.
    const products = await db.selectFrom('products').select(['id', 'sku', 'kind', 'parent_id', 'variation_count']).orderBy('id').execute();
    expect(products.every((p) => p.kind === 'simple' && p.parent_id === null && p.variation_count === 0)).toBe(true);
    expect(products.map((p) => p.sku)).toEqual([...generateProducts(result.catalogue, 2_000)].map((p) => p.sku));
    expect(products[0].id).toBe(1);
    expect(products.at(-1)!.id).toBe(2_000);
    expect(await count('product_attributes' as 'products')).toBe(0);
    expect(result).toMatchObject({ products: 2_000, variableProducts: 0, variations: 0, attributes: 0, rows: 2_000 });

    const categories = await db.selectFrom('categories').selectAll().execute();
    expect(categories.reduce((sum, c) => sum + c.direct_product_count, 0)).toBe(2 * 2_000);
    const byId = new Map(categories.map((c) => [c.id, c]));
    for (const c of categories) {
      const parent = c.parent_id === null ? undefined : byId.get(c.parent_id);
      expect(c.path).toBe(`${parent ? parent.path : '/'}${c.id}/`);
      expect(c.level).toBe(parent ? parent.level + 1 : 1);
      if (c.type === 'vendor') expect(c.vendor_id).not.toBeNull();
    }

    const mismatched = await db
      .selectFrom('products as p')
      .innerJoin('categories as vc', 'vc.id', 'p.vendor_category_id')
      .innerJoin('categories as sc', 'sc.id', 'p.store_category_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.or([eb('vc.vendor_id', '!=', eb.ref('p.vendor_id')), eb('vc.type', '!=', 'vendor'), eb('sc.type', '!=', 'store')]))
      .executeTakeFirstOrThrow();
    expect(Number(mismatched.n)).toBe(0);
  });
});

describe('variable products', () => {
  const share = 0.3;
  let plain: Catalogue;
  let catalogue: Catalogue;
  let products: ProductSeed[];
  let parents: ProductSeed[];

  beforeAll(() => {
    plain = createCatalogue(options);
    catalogue = createCatalogue({ ...options, variableShare: share });
    products = [...generateProducts(catalogue, 5_000)];
    parents = products.filter((p) => p.variants);
  });

  it('makes about the share asked for variable, each with 1-3 attributes and 2-60 variations', () => {
    expect(parents.length / products.length).toBeGreaterThan(share - 0.03);
    expect(parents.length / products.length).toBeLessThan(share + 0.03);
    const counts = parents.map((p) => p.variants!.variations.length);
    expect(Math.min(...counts)).toBe(MIN_VARIATIONS);
    expect(Math.max(...counts)).toBe(MAX_VARIATIONS_PER_PRODUCT);
    for (const p of parents) {
      const { attributes, variations } = p.variants!;
      expect(attributes.length).toBeGreaterThanOrEqual(1);
      expect(attributes.length).toBeLessThanOrEqual(3);
      // One value per attribute, each one of the attribute's; every combination once; every declared value used.
      expect(new Set(variations.map((v) => JSON.stringify(v.values))).size).toBe(variations.length);
      attributes.forEach((a, k) => {
        expect(new Set(a.values).size).toBe(a.values.length);
        expect(new Set(variations.map((v) => v.values[k]))).toEqual(new Set(a.values));
      });
      for (const v of variations) expect(v.values).toHaveLength(attributes.length);
    }
  });

  it("varies the issue's boat supplies by their attributes", () => {
    const schemes = new Map<string, Set<string>>();
    for (const p of parents) {
      const type = p.meta_keywords.split(', ')[1];
      schemes.set(type, new Set([...(schemes.get(type) ?? []), ...p.variants!.attributes.map((a) => a.name)]));
    }
    expect(schemes.get('anchor line')).toEqual(new Set(['Diameter', 'Length', 'Colour']));
    expect(schemes.get('shackle')).toContain('Size');
    expect(schemes.get('bottom paint')).toEqual(new Set(['Colour', 'Volume']));
    expect(schemes.get('life jacket')).toContain('Size');
    expect(schemes.get('fender')).toContain('Size');
    expect(schemes.get('anchor chain')).toContain('Diameter');
    // A variable product's name leaves out the size its variations carry.
    const rope = parents.find((p) => p.meta_keywords.split(', ')[1] === 'anchor line')!;
    expect(rope.name).not.toMatch(/ x \d+ ft$/);
    expect(rope.short_description).toMatch(/to choose from/);
  });

  it('gives every variation its own SKU from the parent, a valid GTIN, stock and prices around the parent', () => {
    const skus = new Set(products.map((p) => p.sku));
    const gtins = new Set(products.map((p) => p.gtin));
    let ownWeights = 0;
    let variationCount = 0;
    for (const p of parents) {
      const { variations, priceMax } = p.variants!;
      for (const v of variations) {
        expect(v.sku.startsWith(`${p.sku}-`)).toBe(true);
        expect(skus.has(v.sku)).toBe(false);
        skus.add(v.sku);
        expect(isValidGtin(v.gtin)).toBe(true);
        expect(gtins.has(v.gtin)).toBe(false);
        gtins.add(v.gtin);
        expect(v.vendor_cost).toBeLessThan(v.list_price);
        expect(v.list_price).toBeLessThanOrEqual(v.market_price);
        if (v.special_price !== null) expect(v.special_price).toBeLessThan(v.list_price);
        expect(v.stock).toBeGreaterThanOrEqual(0);
        if (v.weight !== null) ownWeights += 1;
        variationCount += 1;
      }
      // The parent shows its variations' total stock and price range (as the triggers keep them).
      expect(p.stock).toBe(variations.reduce((sum, v) => sum + v.stock, 0));
      expect(p.list_price).toBe(Math.min(...variations.map((v) => v.list_price)));
      expect(priceMax).toBe(Math.max(...variations.map((v) => v.list_price)));
      const plainPrice = productAt(plain, p.index).list_price;
      expect(p.list_price).toBeGreaterThan(plainPrice * 0.5);
      expect(priceMax).toBeLessThan(plainPrice * 1.5);
    }
    // Some variations have a weight of their own; most inherit the parent's.
    expect(ownWeights / variationCount).toBeGreaterThan(0.1);
    expect(ownWeights / variationCount).toBeLessThan(0.5);
  });

  it('leaves the simple products as they are without variants, and is the same for the same seed', () => {
    const without = [...generateProducts(plain, 5_000)];
    products.forEach((p, i) => {
      if (!p.variants) expect(p).toEqual(without[i]);
      else expect({ ...p, variants: undefined }).toMatchObject({ sku: without[i].sku, vendorCategoryRef: without[i].vendorCategoryRef, created_at: without[i].created_at });
    });
    expect([...generateProducts(createCatalogue({ ...options, variableShare: share }), 50, 1_000)]).toEqual(products.slice(1_000, 1_050));
    // A larger share only turns more products variable.
    const more = withVariableShare(catalogue, 0.5);
    for (const p of parents.slice(0, 200)) expect(productAt(more, p.index).variants).toEqual(p.variants);
  });

  it('makes exactly the rows asked for, about the share of variations asked for', () => {
    const rows = 20_000;
    const variations = 6_000;
    const made = [...generateRows(withVariableShare(catalogue, variableShareFor(catalogue, rows, variations)), rows)];
    expect(made.reduce((sum, p) => sum + rowsOf(p), 0)).toBe(rows);
    const variationRows = made.reduce((sum, p) => sum + (p.variants?.variations.length ?? 0), 0);
    expect(variationRows).toBeGreaterThan(variations * 0.85);
    expect(variationRows).toBeLessThan(variations * 1.15);
    expect(made.every((p) => !p.variants || p.variants.variations.length >= MIN_VARIATIONS)).toBe(true);
  });
});

describe('loadCatalogue with variants', () => {
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await openFresh());
  });

  afterAll(() => close());

  it("writes parents, their attributes and variations, and the parents' totals agree with the triggers'", async () => {
    // Small inserts and transactions, so that parents and variations span several of each.
    const result = await loadCatalogue(database, { ...options, variableShare: 0.3, products: 1_500, insertRows: 200, transactionRows: 2_000 });
    const { db } = database;
    const expected = [...generateProducts(result.catalogue, 1_500)];
    const parents = expected.filter((p) => p.variants);
    const variationCount = parents.reduce((sum, p) => sum + p.variants!.variations.length, 0);
    expect(result).toMatchObject({ products: 1_500, variableProducts: parents.length, variations: variationCount, rows: 1_500 + variationCount });

    const kinds = await db.selectFrom('products').select(['kind', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('kind').orderBy('kind').execute();
    expect(kinds.map((k) => [k.kind, Number(k.n)])).toEqual([['simple', 1_500 - parents.length], ['variable', parents.length], ['variation', variationCount]]);

    // Each parent's stock is the sum of its variations' and its price range theirs, as the triggers compute them.
    const totals = await db
      .selectFrom('products as p')
      .innerJoin('products as v', 'v.parent_id', 'p.id')
      .select(['p.id', 'p.sku', 'p.stock', 'p.list_price', 'p.variation_count', 'p.variation_price_max'])
      .select((eb) => [eb.fn.sum<number>('v.stock').as('sum'), eb.fn.min<number>('v.list_price').as('min'), eb.fn.max<number>('v.list_price').as('max'), eb.fn.countAll<number>().as('n')])
      .groupBy(['p.id', 'p.sku', 'p.stock', 'p.list_price', 'p.variation_count', 'p.variation_price_max'])
      .execute();
    expect(totals).toHaveLength(parents.length);
    const bySku = new Map(parents.map((p) => [p.sku, p]));
    for (const t of totals) {
      const seed = bySku.get(t.sku)!;
      expect(Number(t.stock)).toBe(Number(t.sum));
      expect(Number(t.stock)).toBe(seed.stock);
      expect(Number(t.list_price)).toBe(Number(t.min));
      expect(Number(t.list_price)).toBe(seed.list_price);
      expect(Number(t.variation_price_max)).toBe(Number(t.max));
      expect(Number(t.variation_count)).toBe(Number(t.n));
      expect(Number(t.n)).toBe(seed.variants!.variations.length);
    }

    // Attributes in order, values as JSON; a variation's options are its values, its texts its parent's.
    const rope = parents.find((p) => p.variants!.attributes.length >= 2)!;
    const ropeId = (await db.selectFrom('products').select('id').where('sku', '=', rope.sku).executeTakeFirstOrThrow()).id;
    const attributes = await db.selectFrom('product_attributes').selectAll().where('product_id', '=', ropeId).orderBy('position').execute();
    expect(attributes.map((a) => ({ name: a.name, values: JSON.parse(a.value_list) }))).toEqual(rope.variants!.attributes.map((a) => ({ name: a.name, values: a.values })));
    const variations = await db.selectFrom('products').selectAll().where('parent_id', '=', ropeId).orderBy('id').execute();
    expect(variations.map((v) => [v.sku, v.gtin, v.option1, v.option2, v.stock, v.list_price])).toEqual(
      rope.variants!.variations.map((v) => [v.sku, v.gtin, v.values[0], v.values[1], v.stock, v.list_price]),
    );
    expect(variations.every((v) => v.kind === 'variation' && v.name === '' && v.vendor_id === null && v.store_category_id === null)).toBe(true);

    // Variations have no categories or vendor of their own: the counts are the listed products'.
    const categories = await db.selectFrom('categories').select('direct_product_count').execute();
    expect(categories.reduce((sum, c) => sum + Number(c.direct_product_count), 0)).toBe(2 * 1_500);
    const vendors = await db.selectFrom('vendors').select('product_count').execute();
    expect(vendors.reduce((sum, v) => sum + Number(v.product_count), 0)).toBe(1_500);
  });

  it('loads exactly the rows asked for with --variations', async () => {
    const other = await openFresh();
    try {
      const result = await loadCatalogue(other.database, { ...options, products: 3_000, variationRows: 900 });
      const n = await other.database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(3_000);
      expect(result.rows).toBe(3_000);
      expect(result.variations).toBeGreaterThan(900 * 0.7);
      expect(result.variations).toBeLessThan(900 * 1.3);
    } finally {
      await other.close();
    }
  });
});
