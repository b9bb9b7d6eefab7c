import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogue,
  generateProducts,
  isValidGtin,
  type Catalogue,
  type ProductSeed,
} from './index.js';
import { loadCatalogue } from '../load-catalogue.js';
import { createDatabase, type Database } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';

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

describe('loadCatalogue', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-catalogue-'));
    database = createDatabase({ kind: 'sqlite', file: path.join(dir, 'catalogue.db') });
    await migrateToLatest(database);
  });

  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes vendors, both trees with their paths, and products with their category counts', async () => {
    const result = await loadCatalogue(database, { ...options, products: 2_000 });
    const { db } = database;
    const count = async (table: 'vendors' | 'categories' | 'products') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    expect(await count('vendors')).toBe(20);
    expect(await count('categories')).toBe(result.catalogue.categories.length);
    expect(await count('products')).toBe(2_000);

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
