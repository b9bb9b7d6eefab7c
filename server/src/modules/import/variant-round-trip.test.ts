import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders } from '@bosun/shared';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { createAdminTestApp, setupTestApp, sseEvents, type AdminTestApp } from '../../test/test-app.js';

/** Export → import into an empty shop → export gives the same files, variable products included (issue 18). */
const source = setupTestApp();

type Settings = { visible?: boolean; global?: boolean; default_value?: string };

async function makeVariable(t: AdminTestApp, product: { sku: string; name: string; vendor_id: number; store_category_id?: number }, attributes: Array<[string, string[], Settings?]>) {
  const id = await insertProduct(t.database.db, { ...product, brand: 'Liros', description: '<p>Braided, for sheets.</p>' });
  const put = await t.request('PUT', `/api/products/${id}/attributes`, t.admin, { attributes: attributes.map(([name, values, settings]) => ({ name, values, ...settings })) });
  expect(put.statusCode, put.body).toBe(200);
  const generated = await t.request('POST', `/api/products/${id}/variations/generate`, t.admin, {
    values: attributes.map(([, values]) => values),
    sku_pattern: `{sku}-${attributes.map(([name]) => `{${name}}`).join('-')}`,
    list_price: 19.9,
    stock: 4,
  });
  expect(generated.statusCode, generated.body).toBe(200);
  const { variations } = (await t.request('GET', `/api/products/${id}/variations`, t.admin)).json();
  // Some variations with values of their own: a price, a weight, disabled.
  await t.request('PATCH', `/api/products/${id}/variations`, t.admin, {
    variations: [
      { id: variations[0].id, list_price: 24.5, special_price: 22, weight: 0.8, gtin: '4006381333931' },
      { id: variations[1].id, enabled: false, stock: 0 },
    ],
  });
}

beforeAll(async () => {
  const db = source.database.db;
  const vendor = await insertVendor(db, 'Rigging Co');
  const rope = await insertCategory(db, { name: 'Rope, braided', type: 'store' });
  await makeVariable(source, { sku: 'RT-ROPE', name: 'Double braid', vendor_id: vendor, store_category_id: rope.id }, [
    ['Diameter', ['8 mm', '1,5 mm', '10 mm'], { default_value: '1,5 mm', global: true }],
    ['Length', ['30 m', '50 m'], { visible: false }],
  ]);
  await insertProduct(db, { sku: 'RT-SIMPLE', name: 'Fender', stock: 3, list_price: 12, vendor_id: vendor });
  await makeVariable(source, { sku: 'RT-SHACKLE', name: 'Bow shackle', vendor_id: vendor }, [['Size', ['S', 'M']]]);
  // Defaults holding a backslash and a comma, beside the value the list unescape would make of them.
  await makeVariable(source, { sku: 'RT-PIN', name: 'Clevis pin', vendor_id: vendor }, [
    ['Thread', ['1,5 mm', '1\\,5 mm', 'M6\\M8'], { default_value: '1\\,5 mm' }],
    ['Finish', ['C:\\new', 'Zinc, bright', 'back\\'], { default_value: 'back\\' }],
  ]);
});

/** A product's attributes with their storefront settings, as the variations API gives them. */
async function attributesOf(t: AdminTestApp, sku: string) {
  const { id } = await t.database.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
  return (await t.request('GET', `/api/products/${id}/variations`, t.admin)).json().attributes;
}

/** The header and rows of a CSV export; the ID column (each shop numbers its own rows) left out. */
const withoutIds = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').map((line) => (line.startsWith('ID,') || /^\d+,/.test(line) ? line.replace(/^[^,]*,/, '') : line));

describe.each(['woocommerce', 'direct'])('variable products through the %s layout', (mode) => {
  it('come back the same: the export of the imported shop is the export it came from', async () => {
    const exported = (await source.request('GET', `/api/products/export?mode=${mode}`, source.admin)).body;
    expect(exported).toContain("RT-ROPE-8mm-30m");
    // The attributes' storefront settings: global and the default on Diameter, Length hidden; each layout writes its own flags.
    const rope = (parse(exported.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>).find((r) => r.SKU === 'RT-ROPE')!;
    const [visible, global, byDefault] = mode === 'woocommerce' ? ['visible', 'global', 'default'] : ['Visible', 'Global', 'Default'];
    const cells = (n: number) => [visible, global, byDefault].map((c) => rope[`Attribute ${n} ${c}`]);
    const [on, off] = mode === 'woocommerce' ? ['1', '0'] : ['true', 'false'];
    expect([cells(1), cells(2)]).toEqual([[on, on, '1,5 mm'], [off, off, '']]);
    const target = await createAdminTestApp();
    try {
      const vendorId = await insertVendor(target.database.db, 'Rigging Co');
      const headers = exported.replace(/^\uFEFF/, '').split('\r\n')[0]!.match(/("([^"]|"")*"|[^,]+)/g)!.map((h) => h.replace(/^"|"$/g, '').replaceAll('""', '"'));
      const fields = { fieldMapping: JSON.stringify(autoMapHeaders(headers)), updateMode: 'false', selectedVendor: String(vendorId) };
      const res = await target.upload('/api/products/import/ultra-fast', target.admin, fields, { name: 'export.csv', content: exported });
      const complete = sseEvents(res.body).at(-1);
      expect(complete.errors).toEqual([]);
      expect(complete).toMatchObject({ type: 'complete', imported: 4 + 6 + 2 + 9, errorCount: 0 });
      const again = (await target.request('GET', `/api/products/export?mode=${mode}`, target.admin)).body;
      expect(withoutIds(again)).toEqual(withoutIds(exported));
      // Stored as they were in the shop the file came from, not only written alike.
      expect(await attributesOf(target, 'RT-ROPE')).toEqual(await attributesOf(source, 'RT-ROPE'));
      expect(await attributesOf(target, 'RT-ROPE')).toEqual([
        { name: 'Diameter', values: ['8 mm', '1,5 mm', '10 mm'], visible: true, global: true, default_value: '1,5 mm' },
        { name: 'Length', values: ['30 m', '50 m'], visible: false, global: false, default_value: null },
      ]);
      expect(await attributesOf(target, 'RT-SHACKLE')).toEqual([{ name: 'Size', values: ['S', 'M'], visible: true, global: false, default_value: null }]);
      // A default is written plainly, as WooCommerce writes it, and read so: '1\,5 mm' stays itself, not '1,5 mm'.
      const pin = (parse(exported.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>).find((r) => r.SKU === 'RT-PIN')!;
      expect([pin[`Attribute 1 ${byDefault}`], pin[`Attribute 2 ${byDefault}`]]).toEqual(['1\\,5 mm', 'back\\']);
      expect(await attributesOf(target, 'RT-PIN')).toEqual([
        { name: 'Thread', values: ['1,5 mm', '1\\,5 mm', 'M6\\M8'], visible: true, global: false, default_value: '1\\,5 mm' },
        { name: 'Finish', values: ['C:\\new', 'Zinc, bright', 'back\\'], visible: true, global: false, default_value: 'back\\' },
      ]);
    } finally {
      await target.close();
    }
  });
});

describe("a WooCommerce shop's attribute settings", () => {
  it('come back out as they went in: hidden attributes, global ones and the default variation', async () => {
    const WOO = fs.readFileSync(new URL('../../test/files/woocommerce-variable-products.csv', import.meta.url), 'utf8').replace(/^\uFEFF/, '');
    const target = await createAdminTestApp();
    try {
      const vendorId = await insertVendor(target.database.db, 'Rigging Co');
      const fields = { fieldMapping: JSON.stringify(autoMapHeaders(WOO.split(/\r?\n/)[0]!.split(','))), updateMode: 'false', selectedVendor: String(vendorId) };
      const complete = sseEvents((await target.upload('/api/products/import/ultra-fast', target.admin, fields, { name: 'woo.csv', content: WOO })).body).at(-1);
      expect(complete).toMatchObject({ type: 'complete', imported: 10, errorCount: 0 });
      const exported = (await target.request('GET', '/api/products/export?mode=woocommerce', target.admin)).body;
      const settings = (csv: string) =>
        (parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>)
          .filter((r) => r.Type === 'variable')
          .map((r) => [r.SKU, ...[1, 2].flatMap((n) => ['visible', 'global', 'default'].map((c) => r[`Attribute ${n} ${c}`]))]);
      expect(settings(exported)).toEqual(settings(WOO));
      expect(settings(WOO)).toEqual([
        ['ROPE-DB', '1', '1', '10 mm', '1', '1', '50 m'],
        ['LJ-150', '1', '0', 'M', '0', '0', ''],
      ]);
    } finally {
      await target.close();
    }
  });
});
