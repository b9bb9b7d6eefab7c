import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, type Product } from '@bosun/shared';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { createAdminTestApp, expectImportComplete, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();

/** Measures with up to 4 decimals, the precision a converting import column stores (row-mapper.ts). */
const MEASURED = [
  { sku: 'U-1', weight: 0.25, length: 20.32, width: 5, height: null },
  { sku: 'U-2', weight: 0.4536, length: 1.0001, width: 123.4567, height: 0.0001 },
  { sku: 'U-3', weight: 12.3457, length: 0, width: 999_999.9999, height: 7.62 },
  { sku: 'U-4', weight: null, length: null, width: null, height: null },
];

beforeAll(async () => {
  const vendor = await insertVendor(t.database.db, 'Harbor Supply');
  for (const m of MEASURED) await insertProduct(t.database.db, { ...m, name: `Measured ${m.sku}`, gtin: '4006381333931', vendor_id: vendor });
});

const download = (query: string, token = t.admin) => t.request('GET', `/api/products/export?${query}`, token);
const rowsOf = (body: string) => parse(body.replace(/^\uFEFF/, ''), { columns: true, bom: false }) as Array<Record<string, string>>;
const headerOf = (body: string) => parse(body.replace(/^\uFEFF/, ''), { to_line: 1 })[0] as string[];

describe('the WooCommerce export in the target store units', () => {
  it("writes the shop's units by default, named as WooCommerce names them", async () => {
    expect(headerOf((await download('mode=woocommerce')).body)).toEqual(expect.arrayContaining(['Weight (kg)', 'Length (cm)', 'Width (cm)', 'Height (cm)']));
    await t.request('PUT', '/api/settings', t.admin, { weight_unit: 'lb', dimension_unit: 'in' });
    try {
      const res = await download('mode=woocommerce');
      // WooCommerce's pound is 'lbs': a store in pounds maps 'Weight (lbs)' by itself, not 'Weight (lb)'.
      expect(headerOf(res.body)).toEqual(expect.arrayContaining(['Weight (lbs)', 'Length (in)', 'Width (in)', 'Height (in)']));
      expect(rowsOf(res.body)[0]).toMatchObject({ 'Weight (lbs)': '0.25', 'Length (in)': '20.32' });
    } finally {
      await t.request('PUT', '/api/settings', t.admin, { weight_unit: 'kg', dimension_unit: 'cm' });
    }
  });

  it('converts to lbs and inches under the headers WooCommerce writes for them', async () => {
    const res = await download('mode=woocommerce&weight_unit=lbs&dimension_unit=in');
    expect(res.statusCode).toBe(200);
    const header = headerOf(res.body);
    expect(header).toEqual(expect.arrayContaining(['Weight (lbs)', 'Length (in)', 'Width (in)', 'Height (in)']));
    expect(header.filter((h) => /\((kg|cm)\)/.test(h))).toEqual([]);
    const rows = rowsOf(res.body);
    // The fewest decimals that read back as the stored value: 0.25 kg is 0.5512 lbs, 5 cm 1.9685 in.
    expect(rows[0]).toMatchObject({ 'Weight (lbs)': '0.5512', 'Length (in)': '8', 'Width (in)': '1.9685', 'Height (in)': '' });
    expect(rows[3]).toMatchObject({ 'Weight (lbs)': '', 'Length (in)': '', 'Width (in)': '', 'Height (in)': '' });
  });

  it('converts to grams, ounces, metres and millimetres', async () => {
    const grams = rowsOf((await download('weight_unit=g&dimension_unit=mm')).body);
    expect(grams[0]).toMatchObject({ 'Weight (g)': '250', 'Length (mm)': '203.2', 'Width (mm)': '50' });
    expect(grams[2]).toMatchObject({ 'Weight (g)': '12345.7', 'Height (mm)': '76.2' });
    const ounces = rowsOf((await download('weight_unit=oz&dimension_unit=m')).body);
    expect(ounces[0]).toMatchObject({ 'Weight (oz)': '8.82', 'Length (m)': '0.2032', 'Width (m)': '0.05' });
  });

  it('refuses a unit WooCommerce does not offer, and units on the direct layout, naming the field', async () => {
    const stone = await download('mode=woocommerce&weight_unit=stone');
    expect(stone.statusCode).toBe(400);
    expect(stone.json().message).toContain('weight_unit must be kg, lbs, g or oz');
    expect(stone.json().details.fields).toHaveProperty('weight_unit');
    const yards = await download('dimension_unit=yd');
    expect(yards.statusCode).toBe(400);
    expect(yards.json().details.fields).toHaveProperty('dimension_unit');
    // Bosun's own layout always writes the shop's units: an option it would ignore is refused.
    const direct = await download('mode=direct&weight_unit=lbs');
    expect(direct.statusCode).toBe(400);
    expect(direct.json().details.fields).toHaveProperty('weight_unit');
    expect(direct.json().message).toContain('weight_unit applies to the woocommerce layout only');
    // An empty value is the default, as the other export options treat it.
    expect((await download('mode=direct&weight_unit=&dimension_unit=')).statusCode).toBe(200);
  });

  it('needs a token and the products permission', async () => {
    expect((await t.request('GET', '/api/products/export?weight_unit=lbs')).statusCode).toBe(401);
    const clerk = await t.registerWithout('clerk', t.admin, 'products');
    expect((await download('weight_unit=lbs&dimension_unit=in', clerk.token)).statusCode).toBe(403);
  });

  it("writes the GTIN under WooCommerce's exporter header, which Bosun's import maps by itself", async () => {
    const res = await download('mode=woocommerce');
    // WooCommerce's importer maps no GTIN header by itself (its auto_map_columns has none): its exporter's is kept.
    expect(headerOf(res.body)).toContain('GTIN, UPC, EAN, or ISBN');
    expect(rowsOf(res.body)[0]!['GTIN, UPC, EAN, or ISBN']).toBe('4006381333931');
    expect(autoMapHeaders(headerOf(res.body)).gtin).toBe('GTIN, UPC, EAN, or ISBN');
  });
});

describe('a round trip through lbs and inches', () => {
  const pick = (p: Product) => ({ sku: p.sku, gtin: p.gtin, weight: p.weight, length: p.length, width: p.width, height: p.height });

  it('brings every weight and size back exactly, to the stored precision', async () => {
    const csv = (await download('mode=woocommerce&weight_unit=lbs&dimension_unit=in')).body;
    const target = await createAdminTestApp();
    try {
      const vendorId = await insertVendor(target.database.db, 'Harbor Supply');
      const mapping = autoMapHeaders(headerOf(csv));
      expect(mapping).toMatchObject({ weight: 'Weight (lbs)', length: 'Length (in)', width: 'Width (in)', height: 'Height (in)' });
      const fields = { fieldMapping: JSON.stringify(mapping), updateMode: 'false', selectedVendor: String(vendorId) };
      const { complete } = expectImportComplete(await target.upload('/api/products/import/ultra-fast', target.admin, fields, { name: 'woo.csv', content: csv }));
      expect(complete).toMatchObject({ imported: MEASURED.length, errorCount: 0 });
      const before = (await t.request('GET', '/api/products?sort=sku&search=U-', t.admin)).json().products.map(pick);
      const after = (await target.request('GET', '/api/products?sort=sku&search=U-', target.admin)).json().products.map(pick);
      expect(before).toHaveLength(MEASURED.length);
      expect(after).toEqual(before);
    } finally {
      await target.close();
    }
  });
});
