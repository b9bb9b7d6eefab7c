import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, type Product } from '@bosun/shared';
import { sql } from 'kysely';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { createAdminTestApp, setupTestApp, sseEvents } from '../../test/test-app.js';

const source = setupTestApp();

/** Deep paths and awkward text: commas, quotes, newlines, formula starts, '>' and '\' in names, unicode. */
beforeAll(async () => {
  const db = source.database.db;
  const vendor = await insertVendor(db, 'Quirky Supply');
  let vParent: Awaited<ReturnType<typeof insertCategory>> | undefined;
  for (const name of ['Hardware, Deck', 'Cleats "Pro"', 'Horn >= 8 mm', 'Cast', 'Bronze\\Alloy']) {
    vParent = await insertCategory(db, { name, type: 'vendor', vendor_id: vendor, parent: vParent });
  }
  let sParent: Awaited<ReturnType<typeof insertCategory>> | undefined;
  for (const name of ['Deck & Hardware', 'Mooring', 'A\\>B, C', 'Héllo wörld', '=Level five']) {
    sParent = await insertCategory(db, { name, type: 'store', parent: sParent });
  }
  await insertProduct(db, {
    sku: 'RT-1', name: '=Cleat, "Pro"\nsecond line', mfn: '-5', gtin: '4006381333931',
    short_description: '<p>Short, <strong>sweet</strong></p>', description: '<h2>Specs</h2><ul><li>Ø 8 mm</li></ul>',
    brand: '@Brand', stock: 12, list_price: 19.99, market_price: 24.5, vendor_cost: 0.1, special_price: 17,
    weight: 0.4536, length: 20.32, width: 5, height: 4.1, vendor_id: vendor, vendor_category_id: vParent!.id,
    store_category_id: sParent!.id, google_category: 'Vehicles & Parts > Watercraft', published: 0, featured: 1,
    visibility: 'private', images: JSON.stringify(['https://x.test/a.jpg', 'https://x.test/b.jpg']),
    image_url: 'https://x.test/main.jpg', meta_title: "'=quoted", meta_description: 'Tab\tinside', meta_keywords: 'a, b',
    tags: JSON.stringify(['winter', 'Sale, 50%', 'back\\slash', '=formula', '"quoted"', 'Été']),
  });
  await insertProduct(db, {
    sku: 'RT-2', name: 'Plain', stock: 0, list_price: null, vendor_id: vendor, visibility: 'hidden',
    images: JSON.stringify(['https://x.test/only.jpg']), image_url: null,
  });
  await insertProduct(db, { sku: 'RT-3', name: 'Top level only', stock: 3, list_price: 1000000.5, vendor_id: vendor, store_category_id: (await insertCategory(db, { name: 'Solo', type: 'store' })).id });
});

const FIELDS: Array<keyof Product> = [
  'sku', 'name', 'mfn', 'gtin', 'short_description', 'description', 'brand', 'stock', 'list_price', 'market_price',
  'vendor_cost', 'special_price', 'weight', 'length', 'width', 'height', 'google_category', 'published', 'featured',
  'visibility', 'images', 'image_url', 'meta_title', 'meta_description', 'meta_keywords', 'vendor_category_path', 'store_category_path',
  'tags',
];
const pick = (p: Product) => Object.fromEntries(FIELDS.map((f) => [f, p[f]]));

describe.each(['woocommerce', 'direct'])('round trip through the %s layout', (mode) => {
  it('reproduces every product field and both category paths in an empty database', async () => {
    const csv = (await source.request('GET', `/api/products/export?mode=${mode}`, source.admin)).body;
    const target = await createAdminTestApp();
    try {
      const vendorId = await insertVendor(target.database.db, 'Quirky Supply');
      const headers = csv.replace(/^\uFEFF/, '').split('\r\n')[0]!.match(/("([^"]|"")*"|[^,]+)/g)!.map((h) => h.replace(/^"|"$/g, '').replaceAll('""', '"'));
      const fields = { fieldMapping: JSON.stringify(autoMapHeaders(headers)), updateMode: 'true', selectedVendor: String(vendorId) };
      const res = await target.upload('/api/products/import/ultra-fast', target.admin, fields, { name: `export.csv`, content: csv });
      const complete = sseEvents(res.body).at(-1);
      expect(complete).toMatchObject({ type: 'complete', imported: 3, errorCount: 0 });
      const before = (await source.request('GET', '/api/products?sort=sku', source.admin)).json().products.map(pick);
      const after = (await target.request('GET', '/api/products?sort=sku', target.admin)).json().products.map(pick);
      expect(after).toEqual(before);
    } finally {
      await target.close();
    }
  });
});

describe('the Category Path spelling', () => {
  it("is 'Vendor: …, Store: …' in the export, as the preview shows it, and both spellings import to the same categories", async () => {
    const csv = (await source.request('GET', '/api/products/export?mode=woocommerce', source.admin)).body;
    const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(rows.find((row) => row.SKU === 'RT-1')!['Category Path']).toBe(
      'Vendor: Hardware\\, Deck > Cleats "Pro" > Horn \\>= 8 mm > Cast > Bronze\\\\Alloy, Store: Deck & Hardware > Mooring > A\\\\\\>B\\, C > Héllo wörld > =Level five',
    );

    const target = await createAdminTestApp();
    try {
      const vendorId = await insertVendor(target.database.db, 'Quirky Supply');
      const mapping = { sku: 'SKU', name: 'Name', category_hierarchy: 'Category Path' };
      const file = ['SKU,Name,Category Path', 'NEW-1,New spelling,"Vendor: Deck > Cleats, Store: Mooring > Lines"', 'OLD-1,Old spelling,"Vendor:Deck > Cleats, Store:Mooring > Lines"'].join('\n');
      const res = await target.upload('/api/products/import/standard', target.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId) }, { name: 'paths.csv', content: file });
      expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'complete', imported: 2, errorCount: 0 });
      const products = (await target.request('GET', '/api/products?sort=sku', target.admin)).json().products as Product[];
      expect(products.map((p) => [p.sku, p.vendor_category_path, p.store_category_path])).toEqual([
        ['NEW-1', 'Deck > Cleats', 'Mooring > Lines'],
        ['OLD-1', 'Deck > Cleats', 'Mooring > Lines'],
      ]);
      // One category per path: the two spellings did not make two trees.
      const flat = (await target.request('GET', '/api/categories', target.admin)).json().flatCategories as Array<{ name: string }>;
      expect(flat.filter((c) => c.name === 'Cleats')).toHaveLength(1);
    } finally {
      await target.close();
    }
  });
});

describe('a failing batch', () => {
  it('is retried row by row: the good rows are kept and the bad one reported', async () => {
    const t = await createAdminTestApp();
    try {
      if (t.database.dialect !== 'sqlite') return; // the failure is injected with a SQLite trigger
      const vendorId = await insertVendor(t.database.db, 'V');
      await sql`create trigger refuse_boom before insert on products when new.sku = 'BOOM' begin select raise(abort, 'refused by the database'); end`.execute(t.database.db);
      // The batch's new category is created again by the row-by-row retry: the rolled-back one is never used.
      const rows = ['SKU,Name,Categories', 'OK-1,One,Ropes > Dock Lines', 'BOOM,Bad,Ropes', 'OK-2,Two,Ropes'].join('\n');
      const mapping = { sku: 'SKU', name: 'Name', category_hierarchy: 'Categories' };
      const res = await t.upload('/api/products/import/ultra-fast', t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId) }, { name: 'x.csv', content: rows });
      const complete = sseEvents(res.body).at(-1);
      expect(complete).toMatchObject({ imported: 2, errorCount: 1 });
      expect(complete.errors[0]).toContain('Row 3');
      expect(complete.errors[0]).toMatch(/^Row \d+: could not be saved \(the database refused it\)$/);
      const products = (await t.request('GET', '/api/products?sort=sku', t.admin)).json().products as Array<{ sku: string; store_category_path: string }>;
      expect(products.map((p) => [p.sku, p.store_category_path])).toEqual([['OK-1', 'Ropes > Dock Lines'], ['OK-2', 'Ropes']]);
      const flat = (await t.request('GET', '/api/categories', t.admin)).json().flatCategories as Array<{ name: string; product_count: number }>;
      expect(flat.filter((c) => c.name === 'Ropes')).toMatchObject([{ product_count: 2 }]);
    } finally {
      await t.close();
    }
  });
});
