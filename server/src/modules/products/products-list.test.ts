import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATORS_BY_TYPE, SORTABLE_COLUMNS } from '@bosun/shared';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const ids: Record<string, number> = {};
const cats: Record<string, { id: number; path: string; level: number }> = {};
let vendorA: number;
let vendorB: number;

const today = new Date();
const daysAgo = (n: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - n, 12).toISOString();
const localDate = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(async () => {
  const db = t.database.db;
  vendorA = await insertVendor(db, 'Alpha Marine');
  vendorB = await insertVendor(db, 'Bravo Rigging');
  cats.deck = await insertCategory(db, { name: 'Deck', type: 'store' });
  cats.cleats = await insertCategory(db, { name: 'Cleats', type: 'store', parent: cats.deck });
  cats.horn = await insertCategory(db, { name: 'Horn Cleats', type: 'store', parent: cats.cleats });
  cats.safety = await insertCategory(db, { name: 'Safety', type: 'store' });
  cats.alphaRoot = await insertCategory(db, { name: 'Alpha Hardware', type: 'vendor', vendor_id: vendorA });
  cats.alphaLeaf = await insertCategory(db, { name: 'Alpha Cleats', type: 'vendor', vendor_id: vendorA, parent: cats.alphaRoot });

  ids.cleat = await insertProduct(db, {
    sku: 'ALP-001', name: 'Stainless Horn Cleat 8"', brand: 'Lewmar', mfn: 'LM-29', gtin: '5012345678900', stock: 12,
    list_price: 19.99, market_price: 24.5, vendor_cost: 9.1, weight: 0.4, vendor_id: vendorA,
    vendor_category_id: cats.alphaLeaf.id, store_category_id: cats.horn.id, published: 1, featured: 1,
    created_at: daysAgo(0), google_category: 'Boat Hardware',
  });
  ids.chain = await insertProduct(db, {
    sku: 'ALP-002', name: 'Galvanised Anchor Chain', brand: 'Lofrans', stock: 0, list_price: 150, market_price: null,
    vendor_id: vendorA, store_category_id: cats.deck.id, published: 0, created_at: daysAgo(1), google_category: '',
  });
  ids.vest = await insertProduct(db, {
    sku: 'BRV-100', name: 'Inflatable Life Vest', brand: null, stock: -3, list_price: 0, vendor_id: vendorB,
    store_category_id: cats.safety.id, created_at: daysAgo(400), visibility: 'hidden',
  });
  ids.wax = await insertProduct(db, {
    sku: 'BRV-200', name: 'Teak Wax 50%', brand: 'Star brite', stock: 40, list_price: 7.25, vendor_id: vendorB,
    created_at: daysAgo(40), weight: null,
  });
});

async function list(query: string) {
  const res = await t.request('GET', `/api/products?${query}`, t.admin);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json() as { products: Array<Record<string, unknown>>; pagination: Record<string, number> };
}
const skus = async (query: string) => (await list(query)).products.map((p) => p.sku).sort();
const advanced = (column: string, operator: string, value?: unknown, value2?: unknown) =>
  `advanced_filters=${encodeURIComponent(JSON.stringify([{ id: 1, column, operator, value, value2 }]))}`;
const adv = (column: string, operator: string, value?: unknown, value2?: unknown) => skus(advanced(column, operator, value, value2));

describe('GET /api/products filters', () => {
  it('lists newest first by default with names and category paths', async () => {
    const body = await list('');
    expect(body.products.map((p) => p.sku)).toEqual(['BRV-200', 'BRV-100', 'ALP-002', 'ALP-001']);
    const cleat = body.products.find((p) => p.sku === 'ALP-001')!;
    expect(cleat).toMatchObject({
      vendor_name: 'Alpha Marine', vendor_category_name: 'Alpha Cleats', store_category_name: 'Horn Cleats',
      vendor_category_path: 'Alpha Hardware > Alpha Cleats', store_category_path: 'Deck > Cleats > Horn Cleats',
    });
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1 });
  });

  it('searches name, SKU, MFN, GTIN and brand as substrings, case-insensitively', async () => {
    expect(await skus('search=horn')).toEqual(['ALP-001']);
    expect(await skus('search=brv-')).toEqual(['BRV-100', 'BRV-200']);
    expect(await skus('search=lm-29')).toEqual(['ALP-001']);
    expect(await skus('search=45678')).toEqual(['ALP-001']);
    expect(await skus('search=STAR BRI')).toEqual(['BRV-200']);
    expect(await skus('search=50%25')).toEqual(['BRV-200']);
    expect(await skus('search=ve')).toEqual(['BRV-100']); // under three characters
    expect(await skus('search=nothing-like-this')).toEqual([]);
  });

  it('filters by vendor, stock status and published', async () => {
    expect(await skus(`vendor_id=${vendorB}`)).toEqual(['BRV-100', 'BRV-200']);
    expect(await skus('stock_status=in_stock')).toEqual(['ALP-001', 'BRV-200']);
    expect(await skus('stock_status=out_of_stock')).toEqual(['ALP-002', 'BRV-100']);
    expect(await skus('published=false')).toEqual(['ALP-002']);
    expect(await skus(`published=true&vendor_id=${vendorA}`)).toEqual(['ALP-001']);
  });

  it('matches a category and all its subcategories', async () => {
    expect(await skus(`store_category_ids=${cats.deck.id}`)).toEqual(['ALP-001', 'ALP-002']);
    expect(await skus(`store_category_ids=${cats.cleats.id}`)).toEqual(['ALP-001']);
    expect(await skus(`store_category_ids=${cats.cleats.id}&store_category_ids=${cats.safety.id}`)).toEqual(['ALP-001', 'BRV-100']);
    expect(await skus(`vendor_category_ids=${cats.alphaRoot.id}`)).toEqual(['ALP-001']);
    expect(await skus(`category_ids=${cats.alphaRoot.id},${cats.safety.id}`)).toEqual(['ALP-001', 'BRV-100']);
    expect(await skus(`vendor_category_ids=${cats.alphaRoot.id}&store_category_ids=${cats.safety.id}`)).toEqual([]);
  });
});

describe('advanced filters', () => {
  it('text operators', async () => {
    expect(await adv('brand', 'is', 'LEWMAR')).toEqual(['ALP-001']);
    expect(await adv('brand', 'equal_to', 'lewmar')).toEqual(['ALP-001']);
    expect(await adv('brand', 'is_not', 'Lewmar')).toEqual(['ALP-002', 'BRV-100', 'BRV-200']);
    expect(await adv('brand', 'not_equal_to', 'Lofrans')).toEqual(['ALP-001', 'BRV-100', 'BRV-200']);
    expect(await adv('name', 'contains', 'cleat')).toEqual(['ALP-001']);
    expect(await adv('name', 'does_not_contain', 'a')).toEqual([]);
    expect(await adv('brand', 'does_not_contain', 'o')).toEqual(['ALP-001', 'BRV-100', 'BRV-200']);
    expect(await adv('sku', 'starts_with', 'brv')).toEqual(['BRV-100', 'BRV-200']);
    expect(await adv('name', 'ends_with', 'VEST')).toEqual(['BRV-100']);
    expect(await adv('google_category', 'is_empty')).toEqual(['ALP-002']);
    expect(await adv('google_category', 'is_not_empty')).toEqual(['ALP-001']);
    expect(await adv('brand', 'is_set')).toEqual(['ALP-001', 'ALP-002', 'BRV-200']);
    expect(await adv('brand', 'is_not_set')).toEqual(['BRV-100']);
    expect(await adv('vendor_name', 'is', 'Bravo Rigging')).toEqual(['BRV-100', 'BRV-200']);
    expect(await adv('store_category_name', 'contains', 'cleat')).toEqual(['ALP-001']);
    expect(await adv('name', 'contains', '50%')).toEqual(['BRV-200']);
  });

  it('number and currency operators', async () => {
    expect(await adv('stock', 'is', 12)).toEqual(['ALP-001']);
    expect(await adv('stock', 'equal_to', '0')).toEqual(['ALP-002']);
    expect(await adv('stock', 'is_not', 12)).toEqual(['ALP-002', 'BRV-100', 'BRV-200']);
    expect(await adv('stock', 'not_equal_to', 0)).toEqual(['ALP-001', 'BRV-100', 'BRV-200']);
    expect(await adv('list_price', 'greater_than', '19.99')).toEqual(['ALP-002']);
    expect(await adv('list_price', 'less_than', '$19.99')).toEqual(['BRV-100', 'BRV-200']);
    expect(await adv('list_price', 'greater_than_or_equal', 19.99)).toEqual(['ALP-001', 'ALP-002']);
    expect(await adv('list_price', 'less_than_or_equal', 7.25)).toEqual(['BRV-100', 'BRV-200']);
    expect(await adv('list_price', 'between', 7.25, 19.99)).toEqual(['ALP-001', 'BRV-200']);
    expect(await adv('list_price', 'between', 19.99, 7.25)).toEqual(['ALP-001', 'BRV-200']);
    expect(await adv('list_price', 'not_between', 7.25, 19.99)).toEqual(['ALP-002', 'BRV-100']);
    expect(await adv('list_price', 'is_zero')).toEqual(['BRV-100']);
    expect(await adv('list_price', 'is_not_zero')).toEqual(['ALP-001', 'ALP-002', 'BRV-200']);
    expect(await adv('stock', 'is_positive')).toEqual(['ALP-001', 'BRV-200']);
    expect(await adv('stock', 'is_negative')).toEqual(['BRV-100']);
    expect(await adv('market_price', 'is_set')).toEqual(['ALP-001']);
    expect(await adv('weight', 'is_not_set')).toEqual(['ALP-002', 'BRV-100', 'BRV-200']);
    expect(await adv('market_price', 'is_not', 24.5)).toEqual(['ALP-002', 'BRV-100', 'BRV-200']);
  });

  it('boolean operators', async () => {
    expect(await adv('featured', 'is', true)).toEqual(['ALP-001']);
    expect(await adv('featured', 'equal_to', 'false')).toEqual(['ALP-002', 'BRV-100', 'BRV-200']);
    expect(await adv('published', 'is_not', 'true')).toEqual(['ALP-002']);
    expect(await adv('published', 'not_equal_to', false)).toEqual(['ALP-001', 'BRV-100', 'BRV-200']);
    expect(await adv('published', 'is_true')).toEqual(['ALP-001', 'BRV-100', 'BRV-200']);
    expect(await adv('published', 'is_false')).toEqual(['ALP-002']);
    expect(await adv('featured', 'is_set')).toHaveLength(4);
    expect(await adv('featured', 'is_not_set')).toEqual([]);
  });

  it('date operators, in the server time zone', async () => {
    const todayDate = localDate(daysAgo(0));
    const yesterday = localDate(daysAgo(1));
    expect(await adv('created_at', 'is', todayDate)).toEqual(['ALP-001']);
    expect(await adv('created_at', 'equal_to', yesterday)).toEqual(['ALP-002']);
    expect(await adv('created_at', 'is_not', todayDate)).toEqual(['ALP-002', 'BRV-100', 'BRV-200']);
    expect(await adv('created_at', 'not_equal_to', yesterday)).toEqual(['ALP-001', 'BRV-100', 'BRV-200']);
    expect(await adv('created_at', 'before', yesterday)).toEqual(['BRV-100', 'BRV-200']);
    expect(await adv('created_at', 'after', yesterday)).toEqual(['ALP-001']);
    expect(await adv('created_at', 'before_or_equal', yesterday)).toEqual(['ALP-002', 'BRV-100', 'BRV-200']);
    expect(await adv('created_at', 'after_or_equal', yesterday)).toEqual(['ALP-001', 'ALP-002']);
    expect(await adv('created_at', 'between', localDate(daysAgo(41)), yesterday)).toEqual(['ALP-002', 'BRV-200']);
    expect(await adv('created_at', 'not_between', localDate(daysAgo(41)), yesterday)).toEqual(['ALP-001', 'BRV-100']);
    expect(await adv('created_at', 'is_today')).toEqual(['ALP-001']);
    expect(await adv('created_at', 'is_yesterday')).toEqual(['ALP-002']);
    expect(await adv('created_at', 'is_this_year')).toEqual(expect.arrayContaining(['ALP-001']));
    expect(await adv('created_at', 'is_this_year')).not.toContain('BRV-100');
    expect(await adv('created_at', 'is_this_month')).toContain('ALP-001');
    expect(await adv('created_at', 'is_this_week')).toContain('ALP-001');
    expect(await adv('created_at', 'is_this_week')).not.toContain('BRV-200');
    expect(await adv('updated_at', 'is_set')).toHaveLength(4);
  });

  it('combines rows with AND and ignores rows still missing a column or operator', async () => {
    const rows = [
      { column: 'list_price', operator: 'greater_than', value: 5 },
      { column: 'stock', operator: 'is_positive' },
      { column: '', operator: '' },
      { column: 'name', operator: '' },
    ];
    expect(await skus(`advanced_filters=${encodeURIComponent(JSON.stringify(rows))}`)).toEqual(['ALP-001', 'BRV-200']);
  });

  it('reads a number typed with thousands separators or a currency sign as that number', async () => {
    const plain = await skus(advanced('list_price', 'less_than', '1000'));
    expect(plain.length).toBeGreaterThan(0);
    expect(await skus(advanced('list_price', 'less_than', '1,000'))).toEqual(plain);
    expect(await skus(advanced('list_price', 'less_than', '$1,000.00'))).toEqual(plain);
  });

  it('refuses an unknown column, a wrong operator, a bad value and bad JSON with 400 naming it', async () => {
    const cases: Array<[string, RegExp]> = [
      [advanced('password_hash', 'is', 'x'), /unknown column 'password_hash'/],
      [advanced('name; drop table products', 'is', 'x'), /unknown column/],
      [advanced('stock', 'contains', '1'), /operator 'contains' does not apply to Stock/],
      [advanced('list_price', 'greater_than', 'cheap'), /'cheap' is not a number/],
      // A comma separates thousands only: '1,5' is neither 15 nor 1.5.
      [advanced('stock', 'greater_than', '1,5'), /Stock: '1,5' is not a number: a comma separates thousands/],
      [advanced('created_at', 'before', 'tomorrow'), /not a date/],
      [advanced('published', 'is', 'maybe'), /not true or false/],
      [advanced('list_price', 'between', 1), /second value/],
      [advanced('name', 'contains'), /a value is required/],
      ['advanced_filters=%7Bnot json', /not valid JSON/],
      ['advanced_filters=%7B%7D', /must be a list/],
    ];
    for (const [query, message] of cases) {
      const res = await t.request('GET', `/api/products?${query}`, t.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    expect((await t.request('GET', '/api/products?sort=password_hash', t.admin)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/products?order=sideways', t.admin)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/products?stock_status=some', t.admin)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/products?vendor_category_ids=abc', t.admin)).statusCode).toBe(400);
  });

  it('offers every operator of the spec table', () => {
    expect(OPERATORS_BY_TYPE.text).toHaveLength(12);
    expect(OPERATORS_BY_TYPE.number).toHaveLength(16);
    expect(OPERATORS_BY_TYPE.boolean).toHaveLength(8);
    expect(OPERATORS_BY_TYPE.date).toHaveLength(17);
  });
});

describe('sorting and paging', () => {
  it('sorts by every sortable column both ways, NULLs as the smallest value', async () => {
    for (const column of SORTABLE_COLUMNS) {
      const asc = (await list(`sort=${column}&order=asc`)).products.map((p) => p.sku);
      const desc = (await list(`sort=${column}&order=desc`)).products.map((p) => p.sku);
      expect(asc, column).toHaveLength(4);
      // Ties break on id in the same direction, so descending is exactly ascending reversed.
      expect(desc, column).toEqual([...asc].reverse());
    }
    expect((await list('sort=list_price&order=asc')).products.map((p) => p.sku)).toEqual(['BRV-100', 'BRV-200', 'ALP-001', 'ALP-002']);
    expect((await list('sort=brand&order=asc')).products.map((p) => p.sku)[0]).toBe('BRV-100'); // NULL brand first
    expect((await list('sort=vendor_name&order=desc')).products.map((p) => p.sku)).toEqual(['BRV-200', 'BRV-100', 'ALP-002', 'ALP-001']);
  });

  it('pages without overlap and reports the total on every page', async () => {
    const first = await list('limit=3&page=1&sort=sku');
    const second = await list('limit=3&page=2&sort=sku');
    expect(first.products.map((p) => p.sku)).toEqual(['ALP-001', 'ALP-002', 'BRV-100']);
    expect(second.products.map((p) => p.sku)).toEqual(['BRV-200']);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
    expect((await list('limit=3&page=9')).products).toEqual([]);
    expect((await list('limit=500')).pagination.limit).toBe(500);
  });
});

describe('deleting products', () => {
  it('deletes one product; a missing one is a 404', async () => {
    const id = await insertProduct(t.database.db, { sku: 'TMP-1' });
    const res = await t.request('DELETE', `/api/products/${id}`, t.admin);
    expect(res.json()).toEqual({ message: 'Product deleted successfully' });
    expect((await t.request('DELETE', `/api/products/${id}`, t.admin)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/products/${id}`, t.admin)).statusCode).toBe(404);
  });

  it('bulk-deletes by ids or by the list filter, admins only', async () => {
    const db = t.database.db;
    const a = await insertProduct(db, { sku: 'BULK-A', name: 'Bulk A' });
    const b = await insertProduct(db, { sku: 'BULK-B', name: 'Bulk B' });
    await insertProduct(db, { sku: 'BULK-C', name: 'Bulk C' });
    await insertProduct(db, { sku: 'BULK-D', name: 'Bulk D' });
    const manager = await t.register('clerk');
    expect((await t.request('POST', '/api/products/bulk-delete', manager.token, { ids: [a] })).statusCode).toBe(403);
    const byIds = await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [a, b, a] });
    expect(byIds.json()).toEqual({ message: '2 products deleted successfully', deleted: 2, variations_deleted: 0, changeId: expect.any(Number) });
    const byFilter = await t.request('POST', '/api/products/bulk-delete', t.admin, { filter: { search: 'bulk' } });
    expect(byFilter.json().deleted).toBe(2);
    expect(await skus('')).toEqual(['ALP-001', 'ALP-002', 'BRV-100', 'BRV-200']);
    const empty = await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Please select products to delete');
  });
});
