import { beforeAll, describe, expect, it } from 'vitest';
import { NAME_AND_SKU_REQUIRED, PRODUCT_FORM_MESSAGES } from '@bosun/shared';
import { insertCategory, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let vendorA: number;
let vendorB: number;
let vendorCat: number;
let storeCat: number;

beforeAll(async () => {
  const db = t.database.db;
  vendorA = await insertVendor(db, 'Alpha');
  vendorB = await insertVendor(db, 'Bravo');
  vendorCat = (await insertCategory(db, { name: 'Alpha Cleats', type: 'vendor', vendor_id: vendorA })).id;
  storeCat = (await insertCategory(db, { name: 'Deck', type: 'store' })).id;
});

const full = {
  sku: 'LEW-100',
  name: 'Bow Cleat',
  mfn: 'LM-1',
  gtin: '4006381333931',
  short_description: '<p>Strong</p>',
  description: '<h2>Specs</h2><ul><li>316 steel</li></ul>',
  brand: 'Lewmar',
  stock: 7,
  list_price: 19.99,
  market_price: 24.5,
  vendor_cost: 9.1,
  special_price: 17,
  weight: 0.45,
  length: 20,
  width: 5,
  height: 4,
  google_category: 'Boat Hardware',
  published: false,
  featured: true,
  visibility: 'private',
  images: ['https://img.example.test/1.jpg'],
  image_url: 'https://img.example.test/1.jpg',
  meta_title: 'Bow cleat',
  meta_description: 'A cleat',
  meta_keywords: 'cleat,bow',
};

describe('POST /api/products', () => {
  it('creates a product with every field and names its vendor and categories', async () => {
    const res = await t.request('POST', '/api/products', t.admin, { ...full, vendor_id: vendorA, vendor_category_id: vendorCat, store_category_id: storeCat });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...full, vendor_name: 'Alpha', vendor_category_name: 'Alpha Cleats', store_category_name: 'Deck', id: expect.any(Number) });
  });

  it('applies the defaults and turns empty values into null', async () => {
    const res = await t.request('POST', '/api/products', t.admin, { sku: 'MIN-1', name: 'Minimal', list_price: '', mfn: '  ', stock: null, vendor_id: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ published: true, featured: false, visibility: 'public', stock: 0, list_price: null, mfn: null, vendor_id: null, images: [] });
  });

  it("requires name and SKU with the spec's message", async () => {
    const res = await t.request('POST', '/api/products', t.admin, { sku: ' ', name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual({ sku: NAME_AND_SKU_REQUIRED, name: NAME_AND_SKU_REQUIRED });
  });

  it('refuses a taken SKU with 409 naming it', async () => {
    const res = await t.request('POST', '/api/products', t.admin, { sku: 'LEW-100', name: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A product with SKU LEW-100 already exists');
  });

  it('checks numbers, stock, visibility, booleans and GTIN, naming each field', async () => {
    const cases: Array<[object, string]> = [
      [{ list_price: -1 }, 'list_price'],
      [{ list_price: 1.999 }, 'list_price'],
      [{ weight: 'heavy' }, 'weight'],
      [{ stock: 1.5 }, 'stock'],
      [{ stock: -2 }, 'stock'],
      [{ visibility: 'secret' }, 'visibility'],
      [{ published: 'yes' }, 'published'],
      [{ gtin: '4006381333932' }, 'gtin'],
      [{ gtin: '12345' }, 'gtin'],
      [{ image_url: 'javascript:alert(1)' }, 'image_url'],
      [{ image_url: '//evil.example/boat.jpg' }, 'image_url'],
      [{ description: 'x'.repeat(200_001) }, 'description'],
      [{ short_description: 'x'.repeat(200_001) }, 'short_description'],
      [{ images: ['/\\evil.example/boat.jpg'] }, 'images.0'],
      [{ unknown_field: 1 }, 'body'],
    ];
    for (const [extra, field] of cases) {
      const res = await t.request('POST', '/api/products', t.admin, { sku: `BAD-${field}-${Math.random()}`, name: 'Bad', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      if (field !== 'body') expect(Object.keys(res.json().details.fields), JSON.stringify(extra)).toContain(field);
    }
    // A valid UPC-A and an ISBN-10 with X are accepted.
    for (const gtin of ['036000291452', '080442957X']) {
      expect((await t.request('POST', '/api/products', t.admin, { sku: `G-${gtin}`, name: 'Ok', gtin })).statusCode).toBe(201);
    }
  });

  it('checks that vendor and categories exist and fit together', async () => {
    const cases: Array<[object, string]> = [
      [{ vendor_id: 99999 }, PRODUCT_FORM_MESSAGES.vendorNotFound],
      [{ vendor_id: vendorB, vendor_category_id: vendorCat }, PRODUCT_FORM_MESSAGES.vendorCategoryWrongVendor],
      [{ vendor_id: vendorA, vendor_category_id: storeCat }, PRODUCT_FORM_MESSAGES.vendorCategoryNotFound],
      [{ store_category_id: vendorCat }, PRODUCT_FORM_MESSAGES.storeCategoryNotFound],
      [{ store_category_id: 99999 }, PRODUCT_FORM_MESSAGES.storeCategoryNotFound],
    ];
    for (const [extra, message] of cases) {
      const res = await t.request('POST', '/api/products', t.admin, { sku: `REF-${Math.random()}`, name: 'Ref', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('sanitises descriptions: scripts and handlers go, formatting stays', async () => {
    const res = await t.request('POST', '/api/products', t.admin, {
      sku: 'HTML-1',
      name: 'Html',
      description: '<p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="https://x.test/a.png" onerror="bad()"><table><tr><td>1</td></tr></table>',
      short_description: '<a href="https://x.test" target="_blank">link</a><style>body{}</style>',
    });
    const product = res.json();
    expect(product.description).toBe('<p>Hi <strong>there</strong></p><a>x</a><img src="https://x.test/a.png" /><table><tr><td>1</td></tr></table>');
    expect(product.short_description).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">link</a>');
  });

  it('ignores read-only fields a client sends back', async () => {
    const res = await t.request('POST', '/api/products', t.admin, {
      sku: 'RO-1', name: 'Read only', id: 999, created_at: '2000-01-01', vendor_name: 'Fake', store_category_name: 'Fake',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe(999);
    expect(res.json().vendor_name).toBeNull();
  });
});

describe('PUT /api/products/:id', () => {
  it('changes only the fields sent and moves updated_at', async () => {
    const created = (await t.request('POST', '/api/products', t.admin, { ...full, sku: 'UPD-1' })).json();
    await new Promise((r) => setTimeout(r, 5));
    const res = await t.request('PUT', `/api/products/${created.id}`, t.admin, { list_price: 21.5, published: true, updated_at: '1999-01-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...full, sku: 'UPD-1', list_price: 21.5, published: true });
    expect(res.json().updated_at > created.updated_at).toBe(true);
    expect(res.json().created_at).toBe(created.created_at);
  });

  it('refuses a SKU another product holds, a blank name and a missing product', async () => {
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'UPD-2', name: 'Two' })).json();
    expect((await t.request('PUT', `/api/products/${created.id}`, t.admin, { sku: 'LEW-100' })).statusCode).toBe(409);
    expect((await t.request('PUT', `/api/products/${created.id}`, t.admin, { sku: 'UPD-2' })).statusCode).toBe(200);
    expect((await t.request('PUT', `/api/products/${created.id}`, t.admin, { name: ' ' })).statusCode).toBe(400);
    expect((await t.request('PUT', '/api/products/99999', t.admin, { name: 'x' })).statusCode).toBe(404);
  });

  it('checks the vendor category against the stored vendor when only the category changes', async () => {
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'UPD-3', name: 'Three', vendor_id: vendorB })).json();
    const res = await t.request('PUT', `/api/products/${created.id}`, t.admin, { vendor_category_id: vendorCat });
    expect(res.json().message).toBe(PRODUCT_FORM_MESSAGES.vendorCategoryWrongVendor);
  });

  it('GET answers the product, or 404', async () => {
    const created = (await t.request('POST', '/api/products', t.admin, { sku: 'GET-1', name: 'Get me' })).json();
    expect((await t.request('GET', `/api/products/${created.id}`, t.admin)).json().name).toBe('Get me');
    const missing = await t.request('GET', '/api/products/99999', t.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found');
  });

  it('needs the products permission for reads and writes', async () => {
    const m = await t.registerWithout('clerk', t.admin, 'products');
    expect((await t.request('POST', '/api/products', m.token, { sku: 'X', name: 'X' })).statusCode).toBe(403);
    expect((await t.request('PUT', '/api/products/1', m.token, { name: 'X' })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/products/1', m.token)).statusCode).toBe(403);
    expect((await t.request('DELETE', '/api/products/1', m.token)).statusCode).toBe(403);
    expect((await t.request('POST', '/api/products', undefined, { sku: 'X', name: 'X' })).statusCode).toBe(401);
  });
});
