import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const ids: Record<string, number> = {};

// The headers as they were before variants, written out here: a catalogue without variants must keep them exactly.
const WOO_HEADER_BEFORE =
  'Type,SKU,"GTIN, UPC, EAN, or ISBN",Name,Published,Is featured?,Visibility in catalog,Short description,Description,In stock?,Stock,' +
  'Weight (kg),Length (cm),Width (cm),Height (cm),Sale price,Regular price,Categories,Tags,Images,Brands,Category Path,Meta: mfn,' +
  'Meta: market_price,Meta: vendor_cost,Meta: google_category,Meta: visibility,Meta: meta_title,Meta: meta_description,Meta: meta_keywords,Meta: vendor';
const DIRECT_HEADER_BEFORE =
  'SKU,Name,MFN,GTIN,Brand,Short Description,Description,Stock,Stock Status,List Price,Market Price,Vendor Cost,Special Price,Weight (kg),Length (cm),' +
  'Width (cm),Height (cm),Google Category,Published,Featured,Visibility,Images,Meta Title,Meta Description,Meta Keywords,Tags,Vendor,' +
  'Vendor ParentCategory,Vendor Subcategory1,Vendor Subcategory2,Vendor Subcategory3,Vendor Subcategory4,' +
  'Store ParentCategory,Store Subcategory1,Store Subcategory2,Store Subcategory3,Store Subcategory4';
const wooAttribute = (n: number) => [`Attribute ${n} name`, `Attribute ${n} value(s)`, `Attribute ${n} visible`, `Attribute ${n} global`, `Attribute ${n} default`];
const WOO_HEADER_VARIANTS = WOO_HEADER_BEFORE.replace('Images,Brands,Category Path,', `Images,Parent,Brands,Category Path,${[...wooAttribute(1), ...wooAttribute(2)].join(',')},`);
const directAttribute = (n: number) => [`Attribute ${n} Name`, `Attribute ${n} Values`, `Attribute ${n} Visible`, `Attribute ${n} Global`, `Attribute ${n} Default`];
const DIRECT_HEADER_VARIANTS = `${DIRECT_HEADER_BEFORE.replace('SKU,Name,', 'SKU,Parent SKU,Name,')},${[...directAttribute(1), ...directAttribute(2)].join(',')}`;

const call = (method: string, url: string, body?: unknown) => t.request(method, url, t.admin, body);

async function variation(parent: number, body: Record<string, unknown>) {
  const res = await call('POST', `/api/products/${parent}/variations`, body);
  expect(res.statusCode, res.body).toBe(201);
  ids[body.sku as string] = res.json().id;
}

beforeAll(async () => {
  const db = t.database.db;
  const vendor = await insertVendor(db, 'Rigging Co');
  const vendorCategory = await insertCategory(db, { name: 'Lines', type: 'vendor', vendor_id: vendor });
  const storeCategory = await insertCategory(db, { name: 'Ropes', type: 'store' });
  const shared = { vendor_id: vendor, vendor_category_id: vendorCategory.id, store_category_id: storeCategory.id, brand: 'Marlow', google_category: '499' };
  ids.SHACKLE = await insertProduct(db, { ...shared, sku: 'SHACKLE', name: 'Shackle', stock: 4, list_price: 6 });
  // Its special price and vendor cost are left from when it was simple: a parent's prices are its variations'.
  ids.ROPE = await insertProduct(db, {
    ...shared, sku: 'ROPE', name: 'Rope', description: '<p>Braided</p>', short_description: 'Polyester', featured: 1, visibility: 'public',
    weight: 2, length: 30, image_url: '/rope.jpg', images: JSON.stringify(['/rope-2.jpg']), special_price: 9, vendor_cost: 4,
    meta_title: 'Rope', meta_description: 'A rope', meta_keywords: 'rope', mfn: 'MFN-ROPE',
  });
  const attributes = [
    { name: 'Diameter', values: ['1,5 mm', '8 mm'] },
    { name: 'Length', values: ['10 m', '20 m'], visible: false, global: true, default_value: '20 m' },
  ];
  expect((await call('PUT', `/api/products/${ids.ROPE}/attributes`, { attributes })).statusCode).toBe(200);
  // A simple product whose id comes between the rope's and its variations'.
  ids.CLEAT = await insertProduct(db, { ...shared, sku: 'CLEAT', name: 'Cleat', stock: 0, list_price: 3 });
  await variation(ids.ROPE, { sku: 'ROPE-1-10', values: ['1,5 mm', '10 m'], list_price: 10, stock: 3, gtin: '4006381333931', mfn: 'M-1', weight: 0.1, image_url: '/r1.jpg' });
  await variation(ids.ROPE, { sku: 'ROPE-1-20', values: ['1,5 mm', '20 m'], list_price: 12, stock: 0, enabled: false });
  await variation(ids.ROPE, { sku: 'ROPE-8-10', values: ['8 mm', '10 m'], list_price: 20, special_price: 18, market_price: 25, vendor_cost: 11, stock: 2, length: 10 });
  await variation(ids.ROPE, { sku: 'ROPE-8-20', values: ['8 mm', '20 m'], list_price: 30, stock: 1 });
  // One attribute only, and names and values a spreadsheet would run as formulas.
  ids.FORMULA = await insertProduct(db, { sku: 'FORMULA', name: 'Formula' });
  expect((await call('PUT', `/api/products/${ids.FORMULA}/attributes`, { attributes: [{ name: '=cmd|calc', values: ['@SUM(1)', '+1'] }] })).statusCode).toBe(200);
  await variation(ids.FORMULA, { sku: 'FORMULA-1', values: ['@SUM(1)'], list_price: 1, stock: 1 });
});

async function download(query: string) {
  const res = await t.request('GET', `/api/products/export?${query}`, t.admin);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const body = res.body.replace(/^\uFEFF/, '');
  return { header: body.split('\r\n')[0]!, rows: parse(body, { columns: true, bom: false }) as Array<Record<string, string>> };
}
const skus = async (query: string) => (await download(query)).rows.map((r) => r.SKU);
/** Every cell of the header empty but those given: the row is then compared whole. */
const rowOf = (header: string, cells: Record<string, string>) => {
  const columns = parse(header)[0] as string[];
  for (const name of Object.keys(cells)) expect(columns, name).toContain(name);
  return { ...Object.fromEntries(columns.map((c) => [c, ''])), ...cells };
};

const ORDER = ['SHACKLE', 'ROPE', 'ROPE-1-10', 'ROPE-1-20', 'ROPE-8-10', 'ROPE-8-20', 'CLEAT', 'FORMULA', 'FORMULA-1'];

describe('exporting variable products', () => {
  it('writes the WooCommerce layout: each variable row, then its variations, with the Parent and attribute columns', async () => {
    const { header, rows } = await download('mode=woocommerce');
    expect(header).toBe(WOO_HEADER_VARIANTS);
    expect(rows.map((r) => r.SKU)).toEqual(ORDER);
    const inherited = {
      'Attribute 1 name': 'Diameter', 'Attribute 1 global': '0', 'Attribute 2 name': 'Length', 'Attribute 2 global': '1',
    };
    expect(rows[1]).toEqual(rowOf(header, {
      ...inherited, Type: 'variable', SKU: 'ROPE', Name: 'Rope', Published: '1', 'Is featured?': '1', 'Visibility in catalog': 'visible',
      'Short description': 'Polyester', Description: '<p>Braided</p>', 'In stock?': '1', 'Weight (kg)': '2', 'Length (cm)': '30',
      Categories: 'Ropes', Images: '/rope.jpg, /rope-2.jpg', Brands: 'Marlow', 'Category Path': 'Vendor: Lines, Store: Ropes',
      'Attribute 1 value(s)': '1\\,5 mm, 8 mm', 'Attribute 1 visible': '1', 'Attribute 2 value(s)': '10 m, 20 m', 'Attribute 2 visible': '0',
      'Attribute 2 default': '20 m',
      'Meta: mfn': 'MFN-ROPE', 'Meta: google_category': '499', 'Meta: visibility': 'public', 'Meta: meta_title': 'Rope',
      'Meta: meta_description': 'A rope', 'Meta: meta_keywords': 'rope', 'Meta: vendor': 'Rigging Co',
    }));
    const variationRow = (cells: Record<string, string>) => rowOf(header, { ...inherited, Type: 'variation', Parent: 'ROPE', ...cells });
    expect(rows.slice(2, 6)).toEqual([
      variationRow({
        SKU: 'ROPE-1-10', 'GTIN, UPC, EAN, or ISBN': '4006381333931', Published: '1', 'In stock?': '1', Stock: '3', 'Weight (kg)': '0.1',
        'Regular price': '10.00', Images: '/r1.jpg', 'Attribute 1 value(s)': '1\\,5 mm', 'Attribute 2 value(s)': '10 m', 'Meta: mfn': 'M-1',
      }),
      variationRow({ SKU: 'ROPE-1-20', Published: '0', 'In stock?': '0', Stock: '0', 'Regular price': '12.00', 'Attribute 1 value(s)': '1\\,5 mm', 'Attribute 2 value(s)': '20 m' }),
      variationRow({
        SKU: 'ROPE-8-10', Published: '1', 'In stock?': '1', Stock: '2', 'Length (cm)': '10', 'Sale price': '18.00', 'Regular price': '20.00',
        'Attribute 1 value(s)': '8 mm', 'Attribute 2 value(s)': '10 m', 'Meta: market_price': '25.00', 'Meta: vendor_cost': '11.00',
      }),
      variationRow({ SKU: 'ROPE-8-20', Published: '1', 'In stock?': '1', Stock: '1', 'Regular price': '30.00', 'Attribute 1 value(s)': '8 mm', 'Attribute 2 value(s)': '20 m' }),
    ]);
    // A simple product: Type simple, no parent, every attribute cell empty.
    expect(rows[0]).toMatchObject({ Type: 'simple', Parent: '', Stock: '4', 'Regular price': '6.00', Name: 'Shackle', 'Attribute 1 name': '', 'Attribute 1 global': '', 'Attribute 2 value(s)': '' });
    expect(rows[6]).toMatchObject({ Type: 'simple', SKU: 'CLEAT', Parent: '', 'In stock?': '0', 'Attribute 1 visible': '' });
  });

  it('writes the direct layout: a Parent SKU column, each attribute\'s name and values, and on the parent its settings', async () => {
    const { header, rows } = await download('mode=direct');
    expect(header).toBe(DIRECT_HEADER_VARIANTS);
    expect(rows.map((r) => r.SKU)).toEqual(ORDER);
    const attributes = { 'Attribute 1 Name': 'Diameter', 'Attribute 2 Name': 'Length' };
    expect(rows[1]).toEqual(rowOf(header, {
      ...attributes, SKU: 'ROPE', Name: 'Rope', MFN: 'MFN-ROPE', Brand: 'Marlow', 'Short Description': 'Polyester', Description: '<p>Braided</p>',
      'Weight (kg)': '2', 'Length (cm)': '30', 'Google Category': '499', Published: 'true', Featured: 'true', Visibility: 'public',
      Images: '/rope.jpg, /rope-2.jpg', 'Meta Title': 'Rope', 'Meta Description': 'A rope', 'Meta Keywords': 'rope', Vendor: 'Rigging Co',
      'Vendor ParentCategory': 'Lines', 'Store ParentCategory': 'Ropes', 'Attribute 1 Values': '1\\,5 mm, 8 mm', 'Attribute 2 Values': '10 m, 20 m',
      // The storefront settings, as the layout writes its other flags.
      'Attribute 1 Visible': 'true', 'Attribute 1 Global': 'false', 'Attribute 2 Visible': 'false', 'Attribute 2 Global': 'true', 'Attribute 2 Default': '20 m',
    }));
    expect(rows[2]).toEqual(rowOf(header, {
      ...attributes, SKU: 'ROPE-1-10', 'Parent SKU': 'ROPE', MFN: 'M-1', GTIN: '4006381333931', Stock: '3', 'Stock Status': 'in_stock', 'List Price': '10.00', 'Weight (kg)': '0.1',
      Published: 'true', Images: '/r1.jpg', 'Attribute 1 Values': '1\\,5 mm', 'Attribute 2 Values': '10 m',
    }));
    expect(rows[3]).toMatchObject({ SKU: 'ROPE-1-20', 'Parent SKU': 'ROPE', Published: 'false', Stock: '0', Name: '', Vendor: '', 'Store ParentCategory': '' });
    expect(rows[4]).toMatchObject({ SKU: 'ROPE-8-10', 'Special Price': '18.00', 'Market Price': '25.00', 'Vendor Cost': '11.00', 'Weight (kg)': '', 'Length (cm)': '10' });
    expect(rows[0]).toMatchObject({ SKU: 'SHACKLE', 'Parent SKU': '', Stock: '4', 'List Price': '6.00', 'Attribute 1 Name': '', 'Attribute 1 Values': '', 'Attribute 1 Visible': '', 'Attribute 1 Global': '' });
    // A product with fewer attributes than the header: the missing one's settings are empty too.
    expect(rows[7]).toMatchObject({ SKU: 'FORMULA', 'Attribute 1 Visible': 'true', 'Attribute 2 Name': '', 'Attribute 2 Visible': '', 'Attribute 2 Global': '', 'Attribute 2 Default': '' });
  });

  it('neutralises attribute names and values a spreadsheet would run as formulas', async () => {
    for (const mode of ['woocommerce', 'direct']) {
      const { rows } = await download(`mode=${mode}&ids=${ids.FORMULA}`);
      const [parent, child] = rows;
      const [name, values] = mode === 'direct' ? ['Attribute 1 Name', 'Attribute 1 Values'] : ['Attribute 1 name', 'Attribute 1 value(s)'];
      expect(parent).toMatchObject({ SKU: 'FORMULA', [name]: "'=cmd|calc", [values]: "'@SUM(1), +1" });
      expect(child).toMatchObject({ SKU: 'FORMULA-1', [name]: "'=cmd|calc", [values]: "'@SUM(1)" });
    }
  });

  it('takes a variable product\'s variations along with it in a filtered or selected export, never a variation alone', async () => {
    const rope = ['ROPE', 'ROPE-1-10', 'ROPE-1-20', 'ROPE-8-10', 'ROPE-8-20'];
    for (const mode of ['woocommerce', 'direct']) {
      expect(await skus(`mode=${mode}&ids=${ids.ROPE},${ids.CLEAT}`)).toEqual([...rope, 'CLEAT']);
      // A variation is not a row of the list: selected alone, it exports nothing.
      expect(await skus(`mode=${mode}&ids=${ids['ROPE-1-10']}`)).toEqual([]);
      // A search that finds the rope through one variation's SKU, and a filter its disabled variation does not match.
      expect(await skus(`mode=${mode}&search=ROPE-8-2`)).toEqual(rope);
      expect(await skus(`mode=${mode}&search=rope`)).toEqual(rope);
      expect(await skus(`mode=${mode}&published=true&stock_min=1`)).toEqual(['SHACKLE', ...rope, 'FORMULA', 'FORMULA-1']);
    }
  });

  it('keeps the header of before variants when no exported product has any', async () => {
    for (const [mode, before] of [['woocommerce', WOO_HEADER_BEFORE], ['direct', DIRECT_HEADER_BEFORE]] as const) {
      const { header, rows } = await download(`mode=${mode}&ids=${ids.SHACKLE},${ids.CLEAT}`);
      expect(header).toBe(before);
      expect(rows.map((r) => r.SKU)).toEqual(['SHACKLE', 'CLEAT']);
      expect(Object.keys(rows[0]!).join(',')).toBe(before.replace('"GTIN, UPC, EAN, or ISBN"', 'GTIN, UPC, EAN, or ISBN'));
    }
    // Filtered: the catalogue has attributes, the exported products none.
    expect((await download('mode=woocommerce&search=SHACKLE')).header).toBe(WOO_HEADER_BEFORE);
  });

  it('pairs many parents with their variations across batches and blocks of ids, in both layouts', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    // 300 parents with 1-5 variations each and one with 2,048, among simple products; the
    // variations are made after every product, so their ids are in later blocks than their parents'.
    const listed = Array.from({ length: 400 }, (_, i) => {
      const sku = `MANY-${String(i).padStart(3, '0')}`;
      return { sku, name: sku, kind: i % 4 ? ('variable' as const) : ('simple' as const), stock: 0, created_at: now, updated_at: now };
    });
    await db.insertInto('products').values(listed).execute();
    const made = await db.selectFrom('products').select(['id', 'sku', 'kind']).where('sku', 'like', 'MANY-%').orderBy('id').execute();
    const parents = made.filter((p) => p.kind === 'variable').map((p) => ({ ...p, count: p.sku === 'MANY-201' ? 2048 : (Number(p.sku.slice(5)) % 5) + 1 }));
    const attributes = parents.map((p) => ({ product_id: p.id, position: 1, name: 'Size', value_list: JSON.stringify(Array.from({ length: p.count }, (_, n) => `S${n}`)) }));
    for (let at = 0; at < attributes.length; at += 100) await db.insertInto('product_attributes').values(attributes.slice(at, at + 100)).execute();
    const variations = parents.flatMap((parent) =>
      Array.from({ length: parent.count }, (_, n) => ({
        sku: `${parent.sku}-${n}`, name: '', kind: 'variation' as const, parent_id: parent.id, option1: `S${n}`, stock: 1, list_price: n + 1, created_at: now, updated_at: now,
      })),
    );
    for (let at = 0; at < variations.length; at += 500) await db.insertInto('products').values(variations.slice(at, at + 500)).execute();
    const countOf = new Map(parents.map((p) => [p.sku, p.count]));
    const expected = listed.flatMap(({ sku }) => [sku, ...Array.from({ length: countOf.get(sku) ?? 0 }, (_, n) => `${sku}-${n}`)]);
    try {
      for (const mode of ['woocommerce', 'direct']) {
        const { rows } = await download(`mode=${mode}`);
        const many = rows.filter((r) => r.SKU!.startsWith('MANY-'));
        expect(many.map((r) => r.SKU)).toEqual(expected);
        const parentColumn = mode === 'direct' ? 'Parent SKU' : 'Parent';
        const valuesColumn = mode === 'direct' ? 'Attribute 1 Values' : 'Attribute 1 value(s)';
        const last = many.at(-1)!;
        expect(last).toMatchObject({ SKU: 'MANY-399-4', [parentColumn]: 'MANY-399', [valuesColumn]: 'S4' });
        expect(many.find((r) => r.SKU === 'MANY-201-2047')).toMatchObject({ [parentColumn]: 'MANY-201', [valuesColumn]: 'S2047' });
        // The whole catalogue, read by the workers one block of ids at a time, and filtered, read as one statement.
        expect((await skus(`mode=${mode}&search=MANY-`)).length).toBe(expected.length);
      }
    } finally {
      await db.deleteFrom('products').where('sku', 'like', 'MANY-%').where('parent_id', 'is not', null).execute();
      await db.deleteFrom('products').where('sku', 'like', 'MANY-%').execute();
    }
  }, 120_000);
});
