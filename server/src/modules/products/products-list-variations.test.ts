import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LIST_VARIATIONS_PER_PARENT, PRODUCT_MESSAGES, productFilterQuerySchema, VARIATION_LEVEL_FIELDS } from '@bosun/shared';
import { filterConditions, listedOnly } from './list-query/conditions.js';
import { queryPlan } from '../../test/query-plan.js';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

// The list's 'Show variations' (issue 18) and what a delete takes along with a variable product.
const t = setupTestApp();
const call = (method: string, url: string, body?: unknown) => t.request(method, url, t.admin, body);

/** A variable product with one attribute per list of values, and every combination generated at `price`. */
async function variable(sku: string, attributes: Array<[string, string[]]>, price = 20) {
  const id = await insertProduct(t.database.db, { sku, name: `Product ${sku}`, vendor_id: null });
  const put = await call('PUT', `/api/products/${id}/attributes`, { attributes: attributes.map(([name, values]) => ({ name, values })) });
  expect(put.statusCode).toBe(200);
  const made = await call('POST', `/api/products/${id}/variations/generate`, {
    values: attributes.map(([, values]) => values),
    sku_pattern: `{sku}-${attributes.map(([name]) => `{${name}}`).join('-')}`,
    list_price: price,
    stock: 2,
  });
  expect(made.statusCode, made.body).toBe(200);
  return id;
}
const variationIds = async (id: number) =>
  (await t.database.db.selectFrom('products').select('id').where('parent_id', '=', id).orderBy('id').execute()).map((r) => r.id);

async function list(query: string) {
  const res = await call('GET', `/api/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    products: Array<{ id: number; sku: string; kind: string; variation_count: number; matched_variation?: unknown }>;
    variations?: Array<{ id: number; parent_id: number; sku: string; values: string[]; enabled: boolean; stock: number; list_price: number | null }>;
  };
}
const stats = async () => (await call('GET', '/api/dashboard/stats')).json().stats as { totalProducts: number; totalVariations: number };

describe('GET /api/products?show_variations', () => {
  it('answers no variations without the switch, and each variable product on the page its variations, under it in id order, with it', async () => {
    const rope = await variable('LV-ROPE', [['Diameter', ['8 mm', '10 mm']], ['Length', ['25 m', '50 m']]]);
    const simple = await insertProduct(t.database.db, { sku: 'LV-SIMPLE', name: 'Product LV-SIMPLE' });
    const shackle = await variable('LV-SHACKLE', [['Size', ['S', 'M', 'L']]]);
    const search = 'search=Product%20LV-';

    for (const off of ['', '&show_variations=false', '&show_variations=0', '&show_variations=']) {
      const page = await list(`${search}${off}`);
      expect(page.products.map((p) => p.sku).sort()).toEqual(['LV-ROPE', 'LV-SHACKLE', 'LV-SIMPLE']);
      expect(page.variations, off).toBeUndefined();
    }

    const page = await list(`${search}&show_variations=true&sort=sku`);
    expect(page.products.map((p) => p.id)).toEqual([rope, shackle, simple]);
    expect(page.variations!.map((v) => v.parent_id)).toEqual([rope, rope, rope, rope, shackle, shackle, shackle]);
    expect(page.variations!.map((v) => v.id)).toEqual([...(await variationIds(rope)), ...(await variationIds(shackle))]);
    expect(page.variations![0]).toMatchObject({ sku: 'LV-ROPE-8mm-25m', values: ['8 mm', '25 m'], enabled: true, stock: 2, list_price: 20 });
    expect(page.variations![4]).toMatchObject({ sku: 'LV-SHACKLE-S', values: ['S'] });
    // The variations are not counted nor listed as products of their own.
    expect(page.products.map((p) => p.kind)).toEqual(['variable', 'variable', 'simple']);

    // Only the page's products: the shackle on page 2 brings its own variations, the rope's stay on page 1.
    const second = await list(`${search}&show_variations=1&sort=sku&limit=1&page=2`);
    expect(second.products.map((p) => p.id)).toEqual([shackle]);
    expect(new Set(second.variations!.map((v) => v.parent_id))).toEqual(new Set([shackle]));
    const simpleOnly = await list(`search=LV-SIMPLE&show_variations=true`);
    expect(simpleOnly.variations).toEqual([]);
  });

  it(`answers at most ${LIST_VARIATIONS_PER_PARENT} variations of a parent, its first by id, while variation_count says how many it has`, async () => {
    const sizes = ['1', '2', '3', '4', '5'];
    const lengths = Array.from({ length: 11 }, (_, i) => `${i + 1} m`);
    const big = await variable('CAP-BIG', [['Size', sizes], ['Length', lengths]]);
    const small = await variable('CAP-SMALL', [['Size', ['A', 'B']]]);
    const page = await list('search=Product%20CAP-&show_variations=true&sort=sku');
    expect(page.products.map((p) => [p.id, p.variation_count])).toEqual([[big, 55], [small, 2]]);
    const all = await variationIds(big);
    expect(page.variations!.filter((v) => v.parent_id === big).map((v) => v.id)).toEqual(all.slice(0, LIST_VARIATIONS_PER_PARENT));
    expect(page.variations!.filter((v) => v.parent_id === small)).toHaveLength(2);
  });

  it('still names the matching variation when a search finds its parent through it', async () => {
    await variable('MATCH-LINE', [['Colour', ['Red', 'Navy']]]);
    const page = await list('search=MATCH-LINE-NAVY&show_variations=true');
    expect(page.products).toHaveLength(1);
    expect(page.products[0]!.matched_variation).toMatchObject({ sku: 'MATCH-LINE-Navy', values: ['Navy'] });
    expect(page.variations!.map((v) => v.sku)).toEqual(['MATCH-LINE-Red', 'MATCH-LINE-Navy']);
  });

  it('refuses a value that is not true or false, naming the parameter', async () => {
    for (const bad of ['yes', 'maybe', '2']) {
      const res = await call('GET', `/api/products?show_variations=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('show_variations must be true or false');
    }
  });
});

describe('deleting variable products', () => {
  it('deletes a parent with its variations, and the dashboard counts both apart', async () => {
    const id = await variable('DEL-ONE', [['Size', ['S', 'M', 'L']]]);
    const before = await stats();
    expect((await call('DELETE', `/api/products/${id}`)).statusCode).toBe(200);
    expect(await variationIds(id)).toEqual([]);
    expect(await stats()).toMatchObject({ totalProducts: before.totalProducts - 1, totalVariations: before.totalVariations - 3 });
  });

  it('bulk delete by ids says how many variations went with the products', async () => {
    const a = await variable('BULK-A', [['Size', ['S', 'M']]]);
    const b = await variable('BULK-B', [['Size', ['S', 'M', 'L']]]);
    const plain = await insertProduct(t.database.db, { sku: 'BULK-PLAIN', name: 'Plain' });
    const before = await stats();
    const res = await call('POST', '/api/products/bulk-delete', { ids: [a, b, plain] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PRODUCT_MESSAGES.bulkDeleted(3, 5), deleted: 3, variations_deleted: 5, changeId: expect.any(Number) });
    expect([...(await variationIds(a)), ...(await variationIds(b))]).toEqual([]);
    expect(await stats()).toMatchObject({ totalProducts: before.totalProducts - 3, totalVariations: before.totalVariations - 5 });
  });

  it("bulk delete of 'all matching' takes the matching products' variations and no other", async () => {
    const gone = await variable('FILTER-GONE', [['Size', ['S', 'M', 'L', 'XL']]]);
    const kept = await variable('KEEP-FILTER', [['Size', ['S', 'M']]]);
    const before = await stats();
    const res = await call('POST', '/api/products/bulk-delete', { filter: { search: 'FILTER-GONE' } });
    expect(res.json()).toEqual({ message: PRODUCT_MESSAGES.bulkDeleted(1, 4), deleted: 1, variations_deleted: 4, changeId: expect.any(Number) });
    expect(await variationIds(gone)).toEqual([]);
    expect(await variationIds(kept)).toHaveLength(2);
    expect(await stats()).toMatchObject({ totalProducts: before.totalProducts - 1, totalVariations: before.totalVariations - 4 });
  });

  it('a bulk delete of simple products only reports no variations', async () => {
    const plain = await insertProduct(t.database.db, { sku: 'ONLY-PLAIN', name: 'Only plain' });
    const res = await call('POST', '/api/products/bulk-delete', { ids: [plain] });
    expect(res.json()).toEqual({ message: PRODUCT_MESSAGES.bulkDeleted(1), deleted: 1, variations_deleted: 0, changeId: expect.any(Number) });
  });
});

describe('a stock or price filter over variations', () => {
  it('reads the variations index alone for each field it may name (migration 0046)', async () => {
    await variable('PLAN', [['Size', ['S', 'M']]]);
    // PostgreSQL plans an index-only scan where the visibility map says the pages are all visible.
    if (t.database.dialect === 'postgres') await sql`vacuum analyze products`.execute(t.database.db);
    for (const field of VARIATION_LEVEL_FIELDS) {
      // The EXISTS of list-query/conditions.ts' anyVariationCondition, per variable product.
      const plan = await queryPlan(t.database, sql`select 1 from products v where v.parent_id = ${1} and ${sql.ref(`v.${field}`)} > ${10}`.compile(t.database.db));
      expect(plan, field).toMatch(t.database.dialect === 'sqlite' ? /USING COVERING INDEX products_parent_price_idx/ : /Index Only Scan using products_parent_price_idx/);
    }
  });
});

describe('a stock filter beside SKU starts with, over variations (PostgreSQL)', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('is counted from the SKU index alone, each variable product\'s variations by its id (migration 0049)', async () => {
    await variable('LEWV', [['Size', ['S', 'M']]]);
    await sql`vacuum analyze products`.execute(t.database.db);
    const filter = productFilterQuerySchema.parse({
      advanced_filters: JSON.stringify([{ column: 'stock', operator: 'greater_than', value: 10 }, { column: 'sku', operator: 'starts_with', value: 'LEW' }]),
    });
    const count = t.database.db
      .selectFrom('products as p')
      .select(sql`count(*)`.as('n'))
      .where((eb) => eb.and([listedOnly, ...filterConditions(eb as never, filter, 'postgres', { variations: true })]));
    const plan = await queryPlan(t.database, count.compile());
    expect(plan).toMatch(/Index Only Scan using products_sku_nocase_idx on products p\b/);
    expect(plan).toMatch(/Index Only Scan using products_parent_price_idx/);
  });
});

describe('the list sorted by a vendor or category name', () => {
  // SQLite reads the range of NULLs in products_*_idx (covering, with parent_id): about 1 ms at
  // 100k products with 30k variations. PostgreSQL walked its primary key through every row.
  it.runIf(process.env.TEST_DATABASE_URL)('reads the listed products without one from their partial index, not past the variations (migration 0048)', async () => {
    await variable('NOOWNER', [['Size', ['S', 'M', 'L']]]);
    await sql`vacuum analyze products`.execute(t.database.db);
    for (const column of ['vendor_id', 'vendor_category_id', 'store_category_id']) {
      // The run of products.repository.ts' joined-name page that holds the products without one.
      const run = sql`select p.id from products p where ${sql.ref(`p.${column}`)} is null and p.parent_id is null order by p.id limit ${20}`;
      expect(await queryPlan(t.database, run.compile(t.database.db)), column).toContain(`products_listed_no_${column.replace(/_id$/, '')}_idx`);
    }
  });
});
