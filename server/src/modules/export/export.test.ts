import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/test-app.js';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';

const t = setupTestApp();
let ids: Record<string, number> = {};

beforeAll(async () => {
  const db = t.database.db;
  const vendor = await insertVendor(db, 'Alpha, Inc');
  const vRoot = await insertCategory(db, { name: 'Hardware, Deck', type: 'vendor', vendor_id: vendor });
  const vLeaf = await insertCategory(db, { name: 'Cleats', type: 'vendor', vendor_id: vendor, parent: vRoot });
  const sRoot = await insertCategory(db, { name: 'Deck', type: 'store' });
  const sMid = await insertCategory(db, { name: 'Cleats & Chocks', type: 'store', parent: sRoot });
  const sLeaf = await insertCategory(db, { name: 'Horn', type: 'store', parent: sMid });
  ids = {
    cleat: await insertProduct(db, {
      sku: 'ALP-1', name: 'Cleat "Pro", 8 inch', description: '<p>Line one\nline two</p>', short_description: '=HYPERLINK("http://evil")',
      brand: '+Brand', mfn: '-5', meta_keywords: '-x', stock: 4, list_price: 10, market_price: 12.5, vendor_cost: 3.1, special_price: 9.99,
      weight: 0.25, vendor_id: vendor, vendor_category_id: vLeaf.id, store_category_id: sLeaf.id, featured: 1, visibility: 'private',
      images: JSON.stringify(['https://x.test/a.jpg', 'https://x.test/b.jpg']), image_url: 'https://x.test/main.jpg',
    }),
    chain: await insertProduct(db, { sku: 'ALP-2', name: '@chain', stock: 0, published: 0, vendor_id: vendor, meta_title: "'=already" }),
    other: await insertProduct(db, { sku: 'OTH-1', name: 'Other', stock: 9 }),
  };
});

async function download(query: string, token = t.admin) {
  const res = await t.request('GET', `/api/products/export?${query}`, token);
  return res;
}
const rowsOf = (body: string) => parse(body.replace(/^\uFEFF/, ''), { columns: true, bom: false }) as Array<Record<string, string>>;

describe('GET /api/products/export', () => {
  it('streams the WooCommerce layout with a BOM, a dated file name and WooCommerce headers', async () => {
    const res = await download('mode=woocommerce');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="products_woocommerce_${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const header = res.body.slice(1).split('\r\n')[0]!;
    expect(header).toContain('SKU,"GTIN, UPC, EAN, or ISBN",Name,Published,Is featured?,Visibility in catalog,Short description,Description,In stock?,Stock,Weight (kg),Length (cm)');
    expect(header).toContain('Sale price,Regular price,Categories,Tags,Images,Brands,Category Path');
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r.SKU)).toEqual(['ALP-1', 'ALP-2', 'OTH-1']);
    expect(rows[0]).toMatchObject({
      Name: 'Cleat "Pro", 8 inch',
      Description: '<p>Line one\nline two</p>',
      'Regular price': '10.00',
      'Sale price': '9.99',
      'Is featured?': '1',
      'Visibility in catalog': 'hidden',
      'Meta: visibility': 'private',
      Categories: 'Deck > Cleats & Chocks > Horn',
      'Category Path': 'Vendor: Hardware\\, Deck > Cleats, Store: Deck > Cleats & Chocks > Horn',
      Images: 'https://x.test/main.jpg, https://x.test/a.jpg, https://x.test/b.jpg',
      'In stock?': '1',
      'Meta: vendor': 'Alpha, Inc',
    });
    expect(rows[1]).toMatchObject({ Published: '0', 'In stock?': '0', Categories: '', 'Category Path': '' });
  });

  it('neutralises formula cells with one apostrophe, and writes a cell that is a plain number as it is', async () => {
    const rows = rowsOf((await download('mode=woocommerce')).body);
    expect(rows[0]!['Short description']).toBe(`'=HYPERLINK("http://evil")`);
    expect(rows[0]!.Brands).toBe("'+Brand");
    // '-5' is a number to a spreadsheet, not a formula; '-x' would be run.
    expect(rows[0]!['Meta: mfn']).toBe('-5');
    expect(rows[0]!['Meta: meta_keywords']).toBe("'-x");
    expect(rows[1]!.Name).toBe("'@chain");
    expect(rows[1]!['Meta: meta_title']).toBe("''=already");
  });

  it('writes the direct layout with every field and one column per category level', async () => {
    const res = await download('mode=direct');
    const rows = rowsOf(res.body);
    expect(res.headers['content-disposition']).toContain('products_direct_');
    expect(rows[0]).toMatchObject({
      SKU: 'ALP-1', 'List Price': '10.00', 'Market Price': '12.50', 'Vendor Cost': '3.10', 'Weight (kg)': '0.25',
      Published: 'true', Featured: 'true', Visibility: 'private',
      'Vendor ParentCategory': 'Hardware, Deck', 'Vendor Subcategory1': 'Cleats', 'Vendor Subcategory2': '',
      'Store ParentCategory': 'Deck', 'Store Subcategory1': 'Cleats & Chocks', 'Store Subcategory2': 'Horn',
    });
  });

  it('honours the list filters, stock bounds and a selection', async () => {
    const skus = async (q: string) => rowsOf((await download(q)).body).map((r) => r.SKU);
    expect(await skus('search=alp')).toEqual(['ALP-1', 'ALP-2']);
    expect(await skus('stock_min=1')).toEqual(['ALP-1', 'OTH-1']);
    expect(await skus('stock_max=0')).toEqual(['ALP-2']);
    expect(await skus('published=false')).toEqual(['ALP-2']);
    expect(await skus(`ids=${ids.other},${ids.chain}`)).toEqual(['ALP-2', 'OTH-1']);
    expect(await skus(`advanced_filters=${encodeURIComponent(JSON.stringify([{ column: 'list_price', operator: 'is_set' }]))}`)).toEqual(['ALP-1']);
    expect(await skus('search=nothing-matches')).toEqual([]);
    expect((await download('mode=pdf')).statusCode).toBe(400);
  });

  it('reads an uncounted product by its status for the stock bounds, as the list does', async () => {
    const db = t.database.db;
    const made = [
      await insertProduct(db, { sku: 'UNC-IN', stock: null, stock_status: 'in_stock' }),
      await insertProduct(db, { sku: 'UNC-OUT', stock: null, stock_status: 'out_of_stock' }),
      await insertProduct(db, { sku: 'UNC-BACK', stock: null, stock_status: 'backorder' }),
      await insertProduct(db, { sku: 'BACK-0', stock: 0, stock_status: 'backorder' }),
    ];
    try {
      const skus = async (q: string) => rowsOf((await download(`mode=direct&${q}`)).body).map((r) => r.SKU);
      expect(await skus('stock_min=1')).toEqual(['ALP-1', 'OTH-1', 'UNC-IN']);
      expect(await skus('stock_min=5')).toEqual(['OTH-1', 'UNC-IN']);
      expect(await skus('stock_max=0')).toEqual(['ALP-2', 'UNC-OUT', 'UNC-BACK', 'BACK-0']);
      expect(await skus('stock_min=0&stock_max=4')).toEqual(['ALP-1', 'ALP-2', 'UNC-OUT', 'UNC-BACK', 'BACK-0']);
      expect(await skus('stock_max=-1')).toEqual([]);
      // The same products as the list's stock status filter, where the status and the count agree.
      const listed = (await t.request('GET', '/api/products?stock_status=in_stock&limit=50', t.admin)).json().products.map((p: { sku: string }) => p.sku).sort();
      expect(listed).toEqual(['ALP-1', 'OTH-1', 'UNC-IN']);
    } finally {
      await db.deleteFrom('products').where('id', 'in', made).execute();
    }
  });

  it('uses the unit settings in the headers', async () => {
    await t.request('PUT', '/api/settings', t.admin, { weight_unit: 'lb', dimension_unit: 'in' });
    const header = (await download('mode=direct')).body.split('\r\n')[0]!;
    expect(header).toContain('Weight (lb),Length (in),Width (in),Height (in)');
    await t.request('PUT', '/api/settings', t.admin, { weight_unit: 'kg', dimension_unit: 'cm' });
  });

  it('streams a catalogue larger than one chunk whole and in id order', async () => {
    // About 2.5 MB of CSV: more than one block of ids and more than one buffer per block, with a multi-byte character at every row.
    const now = new Date().toISOString();
    const rows = Array.from({ length: 2_500 }, (_, i) => ({
      sku: `BULK-${String(i).padStart(5, '0')}`, name: `Anchor ⚓ ${i}`, description: `<p>${'Galvanised, "heavy" chain. '.repeat(30)}</p>`,
      stock: i % 7, created_at: now, updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insertInto('products').values(rows.slice(i, i + 500)).execute();
    try {
      for (const mode of ['woocommerce', 'direct']) {
        const res = await download(`mode=${mode}&search=BULK-`);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.length).toBeGreaterThan(2_000_000);
        const exported = rowsOf(res.body);
        expect(exported.map((r) => r.SKU)).toEqual(rows.map((r) => r.sku));
        expect(exported.at(-1)).toMatchObject({ Name: 'Anchor ⚓ 2499', Description: rows.at(-1)!.description, Stock: String(2499 % 7) });
      }
      // Filters that leave whole blocks of ids empty: only the second block, and only the first.
      const skusOf = async (q: string) => rowsOf((await download(`mode=direct&${q}`)).body).map((r) => r.SKU);
      expect(await skusOf('search=BULK-024')).toEqual(rows.slice(2400, 2500).map((r) => r.sku));
      expect(await skusOf('search=BULK-000')).toEqual(rows.slice(0, 100).map((r) => r.sku));
      expect(await skusOf('search=BULK-0&stock_max=0')).toEqual(rows.filter((_, i) => i % 7 === 0).map((r) => r.sku));
      // The whole catalogue, which the workers read one block of ids at a time.
      for (const mode of ['woocommerce', 'direct']) {
        expect(rowsOf((await download(`mode=${mode}`)).body).map((r) => r.SKU)).toEqual(['ALP-1', 'ALP-2', 'OTH-1', ...rows.map((r) => r.sku)]);
      }
    } finally {
      await t.database.db.deleteFrom('products').where('sku', 'like', 'BULK-%').execute();
    }
  });

  it('needs a token and the products permission; a download token works once', async () => {
    expect((await t.request('GET', '/api/products/export')).statusCode).toBe(401);
    const m = await t.registerWithout('clerk', t.admin, 'products');
    expect((await download('', m.token)).statusCode).toBe(403);
    const { token } = (await t.request('POST', '/api/auth/download-token', t.admin)).json();
    const first = await t.request('GET', `/api/products/export?mode=direct&download_token=${token}`);
    expect(first.statusCode).toBe(200);
    expect(rowsOf(first.body)).toHaveLength(3);
    expect((await t.request('GET', `/api/products/export?download_token=${token}`)).statusCode).toBe(401);
    expect((await t.request('GET', '/api/products/export?download_token=forged')).statusCode).toBe(401);
    // A download token is not a bearer token anywhere else.
    const second = (await t.request('POST', '/api/auth/download-token', t.admin)).json().token;
    expect((await t.request('GET', `/api/users?download_token=${second}`)).statusCode).toBe(401);
  });
});
