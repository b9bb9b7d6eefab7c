import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, IMPORT_ROW_WARNINGS } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, productBySku, setupTestApp } from '../../test/test-app.js';

/** Variable products and their variations through the import (issue 18), on the engine the suite runs on. */
const t = setupTestApp();
let vendorId: number;
beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Rigging Co');
});

const WOO = fs.readFileSync(new URL('../../test/files/woocommerce-variable-products.csv', import.meta.url), 'utf8');
const headersOf = (csv: string) => csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!.split(',');

const preview = (csv: string, mapping: Record<string, string>, updateMode = false) =>
  t.upload('/api/products/import/preview', t.admin, { fieldMapping: JSON.stringify(mapping), updateMode: String(updateMode) }, { name: 'products.csv', content: csv });
const runImport = async (csv: string, mapping: Record<string, string>, options: { mode?: string; updateMode?: boolean } = {}) =>
  expectImportComplete(
    await t.upload(
      `/api/products/import/${options.mode ?? 'ultra-fast'}`,
      t.admin,
      { fieldMapping: JSON.stringify(mapping), updateMode: String(options.updateMode ?? false), selectedVendor: String(vendorId) },
      { name: 'products.csv', content: csv },
    ),
  );
const variationsOf = async (sku: string) => (await t.request('GET', `/api/products/${(await productBySku(t, sku)).id}/variations`, t.admin)).json();
const clear = () => t.database.db.deleteFrom('products').execute();

describe("WooCommerce's variable products", () => {
  for (const mode of ['ultra-fast', 'standard'] as const) {
    it(`brings in two parents and seven variations, a parent after its variations, id:N parents and values in any order (${mode})`, async () => {
      await clear();
      const mapping = autoMapHeaders(headersOf(WOO));
      expect(mapping).toMatchObject({ product_type: 'Type', parent_sku: 'Parent', source_id: 'ID', attribute_2_values: 'Attribute 2 value(s)' });
      const dry = (await preview(WOO, mapping)).json();
      expect(dry.dryRun).toMatchObject({ valid: 10, create: 10, errorCount: 0, variants: { variations: 7, parents: 2 } });
      expect(dry.message).toContain('7 variations under 2 parents');

      const { complete } = await runImport(WOO, mapping, { mode });
      expect(complete.errors).toEqual([]);
      // Its variation rows repeat their parent's Featured and Visibility and carry WooCommerce's generated names: nothing to say.
      expect(complete.warnings).toEqual([]);
      // Counted as the dashboard counts: one simple product and two parents, their variations apart.
      expect(complete).toMatchObject({ imported: 10, errorCount: 0, totalProducts: 3, totalVariations: 7 });
      const rope = await productBySku(t, 'ROPE-DB');
      expect(rope).toMatchObject({ kind: 'variable', name: 'Double braid polyester rope', variation_count: 4, stock: 25, list_price: 39.9, variation_price_max: 99.9 });
      const ropes = await variationsOf('ROPE-DB');
      expect(ropes.attributes).toMatchObject([
        { name: 'Diameter', values: ['8 mm', '10 mm', '12 mm'] },
        { name: 'Length', values: ['30 m', '50 m'] },
      ]);
      expect(ropes.variations.map((v: { sku: string; values: string[]; enabled: boolean }) => [v.sku, v.values.join(' / '), v.enabled])).toEqual([
        ['ROPE-DB-8-30', '8 mm / 30 m', true],
        ['ROPE-DB-10-30', '10 mm / 30 m', true],
        ['ROPE-DB-10-50', '10 mm / 50 m', true],
        ['ROPE-DB-12-50', '12 mm / 50 m', false],
      ]);
      expect(ropes.variations[2]).toMatchObject({ list_price: 79.9, special_price: 74, stock: 5 });
      const jackets = await variationsOf('LJ-150');
      expect(jackets.attributes[1]).toMatchObject({ name: 'Colour', values: ['Red, fluorescent', 'Navy'] });
      // WooCommerce's storefront settings: global, the defaults, a hidden attribute.
      const settings = (attributes: Array<{ visible: boolean; global: boolean; default_value: string | null }>) => attributes.map((a) => [a.visible, a.global, a.default_value]);
      expect(settings(ropes.attributes)).toEqual([[true, true, '10 mm'], [true, true, '50 m']]);
      expect(settings(jackets.attributes)).toEqual([[true, false, 'M'], [false, false, null]]);
      expect(jackets.variations.map((v: { values: string[] }) => v.values)).toEqual([
        ['S', 'Red, fluorescent'],
        ['M', 'Red, fluorescent'],
        ['L', 'Navy'],
      ]);
      expect(await productBySku(t, 'LJ-150')).toMatchObject({ stock: 12, list_price: 129, variation_price_max: 139, featured: true });
      expect(await productBySku(t, 'FEND-40')).toMatchObject({ kind: 'simple', stock: 20 });
      // The list shows products and parents only; the dashboard counts variations apart.
      const list = (await t.request('GET', '/api/products?limit=50', t.admin)).json();
      expect(list.pagination.total).toBe(3);
      const { stats } = (await t.request('GET', '/api/dashboard/stats', t.admin)).json();
      expect(stats).toMatchObject({ totalVariations: 7 });
      // Search finds a parent by its variation's SKU; the vendor counts its products, not variations.
      const found = (await t.request('GET', '/api/products?search=DB-12-5', t.admin)).json();
      expect(found.products.map((p: { sku: string; matched_variation?: { sku: string } }) => [p.sku, p.matched_variation?.sku])).toEqual([['ROPE-DB', 'ROPE-DB-12-50']]);
      const vendor = await t.database.db.selectFrom('vendors').select(['product_count', 'in_stock_count']).where('id', '=', vendorId).executeTakeFirstOrThrow();
      expect(vendor).toEqual({ product_count: 3, in_stock_count: 3 });
    });
  }

  it('updates the same variations when the file comes again, and the parent follows', async () => {
    await clear();
    const mapping = autoMapHeaders(headersOf(WOO));
    await runImport(WOO, mapping);
    const again = WOO.replace('ROPE-DB-8-30,"Double braid polyester rope - 8 mm, 30 m",1,0,visible,,,taxable,1,12,,39.90', 'ROPE-DB-8-30,"Double braid polyester rope - 8 mm, 30 m",1,0,visible,,,taxable,1,40,,35.00');
    const dry = (await preview(again, mapping, true)).json();
    expect(dry.dryRun).toMatchObject({ update: 10, create: 0, errorCount: 0 });
    const { complete } = await runImport(again, mapping, { updateMode: true });
    expect(complete).toMatchObject({ imported: 0, updated: 10, errorCount: 0, totalProducts: 3, totalVariations: 7 });
    expect(await productBySku(t, 'ROPE-DB')).toMatchObject({ stock: 53, list_price: 35, variation_count: 4 });
    expect((await variationsOf('ROPE-DB')).variations).toHaveLength(4);
  });
});

describe('variation rows the import refuses, each with its row and reason', () => {
  const HEAD = 'Type,SKU,Name,Parent,Regular price,Stock,Attribute 1 name,Attribute 1 value(s)\r\n';
  const mapping = autoMapHeaders(headersOf(HEAD));

  it('keeps the good rows and reports a missing parent, an undeclared value, a repeated combination and a taken SKU', async () => {
    await clear();
    await runImport(`${HEAD}simple,TAKEN-1,Plain shackle,,5,1,,\r\n`, mapping);
    const csv =
      HEAD +
      'variable,SHK,Bow shackle,,,,Size,"6 mm, 8 mm"\r\n' +
      'variation,SHK-6,,SHK,4.5,10,Size,6 mm\r\n' +
      'variation,SHK-10,,SHK,6,3,Size,10 mm\r\n' +
      'variation,SHK-6B,,SHK,4.5,1,Size,6 mm\r\n' +
      'variation,ORPHAN-1,,NOPE,1,1,Size,6 mm\r\n' +
      'variation,TAKEN-1,,SHK,1,1,Size,8 mm\r\n' +
      'variation,SHK-8,,SHK,5,2,Size,8 mm\r\n';
    const dry = (await preview(csv, mapping)).json();
    const reasons = dry.dryRun.errors.map((e: { row: number; reason: string }) => [e.row, e.reason]).sort((a: [number], b: [number]) => a[0] - b[0]);
    expect(reasons).toEqual([
      [4, "'10 mm' is not a value of Size"],
      [5, 'A variation 6 mm already exists in this file (SKU SHK-6)'],
      [6, 'The parent NOPE is neither a variable product of this file nor one stored'],
      [7, 'SKU TAKEN-1 is a product of its own, not a variation'],
    ]);
    expect(dry.dryRun).toMatchObject({ valid: 3, errorCount: 4, variants: { variations: 2, parents: 1 } });

    const { complete } = await runImport(csv, mapping);
    expect(complete).toMatchObject({ imported: 3, errorCount: 4 });
    expect(complete.errors.join('\n')).toContain('Row 7: SKU: SKU TAKEN-1 is a product of its own, not a variation');
    expect((await variationsOf('SHK')).variations.map((v: { sku: string }) => v.sku)).toEqual(['SHK-6', 'SHK-8']);
    expect(await productBySku(t, 'TAKEN-1')).toMatchObject({ kind: 'simple', name: 'Plain shackle' });
  });

  it("refuses a plain row over a variation's SKU, and keeps a parent's stock and prices its variations'", async () => {
    await clear();
    await runImport(`${HEAD}variable,CHAIN,Galvanised chain,,,,Diameter,"6 mm, 8 mm"\r\nvariation,CHAIN-6,,CHAIN,9,30,Diameter,6 mm\r\n`, mapping);
    const plain = 'SKU,Name,Regular price,Stock\r\nCHAIN-6,Renamed chain,1,1\r\nCHAIN,Galvanised chain (hot-dip),1,999\r\n';
    const { complete } = await runImport(plain, autoMapHeaders(headersOf(plain)), { updateMode: true });
    expect(complete).toMatchObject({ updated: 1, errorCount: 1 });
    expect(complete.errors[0]).toMatch(/^Row 2: .*SKU CHAIN-6 is a variation/);
    expect(await productBySku(t, 'CHAIN')).toMatchObject({ name: 'Galvanised chain (hot-dip)', stock: 30, list_price: 9 });
    expect((await variationsOf('CHAIN')).variations[0]).toMatchObject({ sku: 'CHAIN-6', stock: 30, list_price: 9 });
  });

  it('adds variations to a stored parent, and adds values to its attributes without removing any', async () => {
    await clear();
    await runImport(`${HEAD}variable,ANCHOR,Delta anchor,,,,Weight,"6 kg, 10 kg"\r\nvariation,ANCHOR-6,,ANCHOR,150,2,Weight,6 kg\r\n`, mapping);
    const more = `${HEAD}variable,ANCHOR,Delta anchor,,,,Weight,"16 kg"\r\nvariation,ANCHOR-16,,ANCHOR,260,1,Weight,16 kg\r\nvariation,ANCHOR-10,,ANCHOR,199,1,Weight,10 kg\r\n`;
    const { complete } = await runImport(more, mapping, { updateMode: true });
    expect(complete).toMatchObject({ imported: 2, updated: 1, errorCount: 0 });
    const anchor = await variationsOf('ANCHOR');
    expect(anchor.attributes).toMatchObject([{ name: 'Weight', values: ['16 kg', '6 kg', '10 kg'] }]);
    expect(anchor.variations.map((v: { sku: string }) => v.sku)).toEqual(['ANCHOR-6', 'ANCHOR-16', 'ANCHOR-10']);
    // A file of variations alone finds its parent in the database.
    const alone = 'Parent,SKU,Regular price,Stock,Attribute 1 name,Attribute 1 value(s)\r\nANCHOR,ANCHOR-6,155,2,Weight,6 kg\r\n';
    await runImport(alone, autoMapHeaders(headersOf(alone)), { updateMode: true });
    expect((await variationsOf('ANCHOR')).variations[0]).toMatchObject({ sku: 'ANCHOR-6', list_price: 155 });
  });

  it("refuses a variable row's default that is not one of its values, or a visible flag it cannot read; a re-import without the columns keeps them", async () => {
    await clear();
    const head = 'Type,SKU,Name,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 default\r\n';
    const csv = `${head}variable,HOOK,Boat hook,,Length,"1 m, 2 m",maybe,\r\nvariable,HOOK2,Boat hook,,Length,"1 m, 2 m",0,3 m\r\nvariable,HOOK3,Boat hook,,Length,"1 m, 2 m",0,2 M\r\n`;
    const dry = (await preview(csv, autoMapHeaders(headersOf(csv)))).json();
    expect(dry.dryRun.errors).toEqual([
      { row: 2, column: 'Attribute 1 visible', value: 'maybe', reason: "'maybe' is not yes/no, true/false or 1/0" },
      { row: 3, column: 'Attribute 1 default', value: '3 m', reason: "The default '3 m' is not a value of Length" },
    ]);
    await runImport(csv, autoMapHeaders(headersOf(csv)));
    expect((await variationsOf('HOOK3')).attributes).toEqual([{ name: 'Length', values: ['1 m', '2 m'], visible: false, global: false, default_value: '2 m' }]);
    const plain = `${HEAD}variable,HOOK3,Boat hook,,,,Length,"3 m"\r\n`;
    await runImport(plain, mapping, { updateMode: true });
    expect((await variationsOf('HOOK3')).attributes).toEqual([{ name: 'Length', values: ['3 m'], visible: false, global: false, default_value: null }]);
  });

  it('says which attribute a variation row leaves without a value, and a Type Bosun has not', async () => {
    await clear();
    const csv = `${HEAD}variable,BUOY,Mooring buoy,,,,Colour,"Red, Yellow"\r\nvariation,BUOY-R,,BUOY,20,1,Colour,\r\ngrouped,SET-1,Buoy set,,,,,\r\n`;
    const dry = (await preview(csv, mapping)).json();
    expect(dry.dryRun.errors).toEqual([
      { row: 3, column: 'Attribute 1 value(s)', value: '', reason: "Give the variation's value of Colour" },
      { row: 4, column: 'Type', value: 'grouped', reason: 'ignored: grouped products are not supported' },
    ]);
  });
});

describe('the limit of 2,048 variations per product', () => {
  const HEAD = 'Type,SKU,Name,Parent,Regular price,Stock,Attribute 1 name,Attribute 1 value(s),Attribute 2 name,Attribute 2 value(s)\r\n';
  const mapping = autoMapHeaders(headersOf(HEAD));
  // 46 × 45 = 2,070 combinations declared; the first file stores 2,046 of them.
  const sizes = Array.from({ length: 46 }, (_, i) => `S${i + 1}`);
  const colours = Array.from({ length: 45 }, (_, i) => `C${i + 1}`);
  const combination = (n: number) => [sizes[Math.floor(n / colours.length)]!, colours[n % colours.length]!] as const;
  const variationRow = (n: number) => `variation,BIG-${n},,BIG,1,1,Size,${combination(n)[0]},Colour,${combination(n)[1]}\r\n`;
  const parentRow = `variable,BIG,Fender,,,,Size,"${sizes.join(', ')}",Colour,"${colours.join(', ')}"\r\n`;

  it("brings in a parent with 2,048 variations in one file, with its stock total, price range and count (PostgreSQL's totals trigger counts once per statement)", async () => {
    await clear();
    const head = 'Type,SKU,Name,Parent,Regular price,Stock,Attribute 1 name,Attribute 1 value(s),Attribute 2 name,Attribute 2 value(s)\r\n';
    const sizes64 = Array.from({ length: 64 }, (_, i) => `S${i + 1}`);
    const colours32 = Array.from({ length: 32 }, (_, i) => `C${i + 1}`);
    const rows = Array.from({ length: 2048 }, (_, n) => `variation,FULL-${n},,FULL,${(10 + (n % 97)).toFixed(2)},${n % 5},Size,${sizes64[n >> 5]},Colour,${colours32[n % 32]}\r\n`);
    const csv = `${head}variable,FULL,Anchor chain,,,,Size,"${sizes64.join(', ')}",Colour,"${colours32.join(', ')}"\r\n${rows.join('')}`;
    const started = performance.now();
    const { complete } = await runImport(csv, autoMapHeaders(headersOf(csv)));
    if (process.env.BOSUN_TIMINGS) console.log(`2,048 variations imported in ${Math.round(performance.now() - started)} ms`);
    expect(complete).toMatchObject({ imported: 2049, errorCount: 0 });
    const stock = Array.from({ length: 2048 }, (_, n) => n % 5).reduce((a, b) => a + b, 0);
    expect(await productBySku(t, 'FULL')).toMatchObject({ kind: 'variable', variation_count: 2048, stock, stock_status: 'in_stock', list_price: 10, variation_price_max: 106 });
    // Deleting some in one statement counts the parent again once.
    await t.database.db.deleteFrom('products').where('sku', 'in', ['FULL-96', 'FULL-193']).execute();
    expect(await productBySku(t, 'FULL')).toMatchObject({ variation_count: 2046, stock: stock - 1 - 3, list_price: 10, variation_price_max: 106 });
  });

  it("counts a stored parent's variations with the file's new ones: the row making the 2,049th is refused, naming the limit, in the dry run and every mode", async () => {
    await clear();
    const stored = await runImport(HEAD + parentRow + Array.from({ length: 2046 }, (_, n) => variationRow(n)).join(''), mapping);
    expect(stored.complete).toMatchObject({ imported: 2047, errorCount: 0 });
    expect(await productBySku(t, 'BIG')).toMatchObject({ variation_count: 2046 });
    // Two stored variations updated (not counted again), then three new ones: the third would be the 2,049th.
    const more = HEAD + variationRow(0) + variationRow(2045) + variationRow(2046) + variationRow(2047) + variationRow(2048);
    const refused = { row: 6, column: 'Parent', value: 'BIG', reason: 'A product takes at most 2,048 variations; this would make 2,049' };
    const dry = (await preview(more, mapping, true)).json();
    expect(dry.dryRun).toMatchObject({ valid: 4, update: 2, create: 2, errorCount: 1, errors: [refused] });
    // With its parent's row in the file too, the parent's stored variations still count.
    const withParent = (await preview(HEAD + parentRow + more.slice(HEAD.length), mapping, true)).json();
    expect(withParent.dryRun).toMatchObject({ errorCount: 1, errors: [{ ...refused, row: 7 }] });
    for (const mode of ['ultra-fast', 'lightning', 'standard']) {
      const { complete } = await runImport(more, mapping, { mode, updateMode: true });
      expect(complete.errors).toEqual(['Row 6: Parent: A product takes at most 2,048 variations; this would make 2,049']);
      expect(await productBySku(t, 'BIG')).toMatchObject({ variation_count: 2048 });
    }
    expect((await variationsOf('BIG')).variations).toHaveLength(2048);
  });
});

describe("Shopify's product CSV", () => {
  const SHOPIFY = fs.readFileSync(new URL('../../test/files/shopify-products.csv', import.meta.url), 'utf8');

  it('makes one product of the rows sharing a Handle: variants as variations, Default Title as a simple product, image rows as its gallery', async () => {
    await clear();
    const mapping = autoMapHeaders(headersOf(SHOPIFY));
    expect(mapping).toMatchObject({ handle: 'Handle', name: 'Title', sku: 'Variant SKU', list_price: 'Variant Price', attribute_2_values: 'Option2 Value', weight: 'Variant Grams' });
    expect(mapping.product_type).toBeUndefined();
    const dry = (await preview(SHOPIFY, mapping)).json();
    expect(dry.dryRun).toMatchObject({ valid: 11, create: 11, errorCount: 0, variants: { variations: 8, parents: 2 } });
    expect(dry.totalRows).toBe(10);

    const { complete } = await runImport(SHOPIFY, mapping);
    expect(complete.errors).toEqual([]);
    expect(complete).toMatchObject({ imported: 11, totalProducts: 3, totalVariations: 8 });
    expect(await productBySku(t, 'antifouling-paint')).toMatchObject({
      kind: 'variable', name: 'Hard antifouling paint', brand: 'SeaCoat', stock: 31, list_price: 54.9, variation_price_max: 159, variation_count: 5,
      image_url: 'https://cdn.example.com/af-red.jpg', images: ['https://cdn.example.com/af-tin-back.jpg'],
    });
    const paint = await variationsOf('antifouling-paint');
    expect(paint.attributes).toMatchObject([
      { name: 'Colour', values: ['Red', 'Blue', 'Black'] },
      { name: 'Volume', values: ['0.75 L', '2.5 L'] },
    ]);
    expect(paint.variations[0]).toMatchObject({ sku: 'AF-RED-075', values: ['Red', '0.75 L'], stock: 14, list_price: 54.9, market_price: 59.9, vendor_cost: 31, weight: 1.1, gtin: '4006381333931' });
    expect(paint.variations[2]).toMatchObject({ sku: 'AF-BLU-075', image_url: 'https://cdn.example.com/af-blue.jpg' });
    expect((await variationsOf('bow-shackle')).variations.map((v: { sku: string }) => v.sku)).toEqual(['SHK-B-6', 'SHK-B-8', 'SHK-B-10']);
    expect(await productBySku(t, 'HOOK-1')).toMatchObject({ kind: 'simple', name: 'Telescopic boat hook', stock: 7, list_price: 34, weight: 0.9 });
  });

  it('makes a SKU for a variant without one, said on its own row (shopify-import.test.ts has the rules)', async () => {
    await clear();
    const csv = 'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price\nfender,Fender,Size,S,FEN-S,10\nfender,,,M,,12\n';
    const { complete } = await runImport(csv, autoMapHeaders(headersOf(csv)));
    expect(complete).toMatchObject({ imported: 3, errorCount: 0, warnings: [`Row 3: Variant SKU: ${IMPORT_ROW_WARNINGS.madeSku('fender-m', 'Handle and option values')}`] });
  });
});

describe("a variation row's cells for what it takes from its parent", () => {
  it('are said per row when they hold more than the parent gives, in the dry run and every mode, and never fail the row', async () => {
    const header = 'ID,Type,SKU,Name,Is featured?,Visibility in catalog,Description,Categories,Parent,Attribute 1 name,Attribute 1 value(s),Regular price';
    const csv = [
      header,
      '1,variable,INH-P,Cleat,0,visible,<p>Cast aluminium</p>,Deck > Cleats,,Size,"S, M, L",',
      // WooCommerce's own shape: its generated name, the parent's Featured and Visibility; the parent's description and category repeated: silent.
      '2,variation,INH-S,Cleat - S,0,visible,<p>Cast aluminium</p>,Deck > Cleats,INH-P,Size,S,10',
      // A description and a category of its own, another name, featured: each said, none kept.
      '3,variation,INH-M,Cleat medium,1,visible,<p>Anodised</p>,Deck > Hardware,id:1,Size,M,12',
      // Not a visibility Bosun reads: said, and the row still comes in.
      '4,variation,INH-L,,0,sideways,,,INH-P,Size,L,14',
    ].join('\n');
    const mapping = autoMapHeaders(headersOf(csv));
    const said = [
      { row: 4, column: 'Name', value: 'Cleat medium' },
      { row: 4, column: 'Categories', value: 'Deck > Hardware' },
      { row: 4, column: 'Is featured?', value: '1' },
      { row: 4, column: 'Description', value: '<p>Anodised</p>' },
      { row: 5, column: 'Visibility in catalog', value: 'sideways' },
    ].map((w) => ({ ...w, reason: IMPORT_ROW_WARNINGS.variationInherits }));
    const byPlace = (w: { row: number; column: string }) => `${w.row} ${w.column}`;
    const dry = (await preview(csv, mapping)).json();
    expect(dry.dryRun).toMatchObject({ valid: 4, errorCount: 0, warningCount: said.length });
    expect([...dry.dryRun.warnings].sort((a, b) => byPlace(a).localeCompare(byPlace(b)))).toEqual([...said].sort((a, b) => byPlace(a).localeCompare(byPlace(b))));
    for (const mode of ['ultra-fast', 'lightning', 'standard']) {
      await clear();
      const { complete } = await runImport(csv, mapping, { mode });
      expect(complete).toMatchObject({ imported: 4, errorCount: 0, warningCount: said.length });
      expect(await productBySku(t, 'INH-P')).toMatchObject({ name: 'Cleat', featured: false, description: '<p>Cast aluminium</p>', variation_count: 3 });
    }
    // A parent already stored: a cell that reads as an empty one would (WooCommerce writes 0 and 'visible' on every row) is silent.
    const later = [header, '5,variation,INH-S,Cleat - S,0,visible,,,INH-P,Size,S,11', '6,variation,INH-L,,1,,,,INH-P,Size,L,15'].join('\n');
    const { complete } = await runImport(later, mapping, { updateMode: true });
    expect(complete).toMatchObject({ errorCount: 0, warningCount: 1, warnings: [`Row 3: Is featured?: ${IMPORT_ROW_WARNINGS.variationInherits}`] });
  });
});

describe("a variable row's stock and price cells", () => {
  it("are said on the row and never read: its stock and prices are its variations'; Shopify's first row keeps them for its variant", async () => {
    const csv = [
      'ID,Type,SKU,Name,Stock,Regular price,Sale price,Parent,Attribute 1 name,Attribute 1 value(s)',
      // WooCommerce's parent-level stock management, and a price a parent cannot have.
      '1,variable,TOT-P,Winch handle,20,abc,,,Length,"8 in, 10 in"',
      '2,variation,TOT-8,,5,39.90,,TOT-P,Length,8 in',
      '3,variation,TOT-10,,7,44.90,42.00,TOT-P,Length,10 in',
    ].join('\n');
    const mapping = autoMapHeaders(headersOf(csv));
    const said = ['Stock', 'Regular price'].map((column, i) => ({ row: 2, column, value: ['20', 'abc'][i], reason: IMPORT_ROW_WARNINGS.variableTotals }));
    const dry = (await preview(csv, mapping)).json();
    expect(dry.dryRun).toMatchObject({ valid: 3, errorCount: 0, warningCount: 2, warnings: said });
    for (const mode of ['ultra-fast', 'lightning', 'standard']) {
      await clear();
      const { complete } = await runImport(csv, mapping, { mode });
      expect(complete).toMatchObject({ imported: 3, errorCount: 0, warningCount: 2 });
      expect(await productBySku(t, 'TOT-P')).toMatchObject({ kind: 'variable', stock: 12, list_price: 39.9 });
    }
    const SHOPIFY = fs.readFileSync(new URL('../../test/files/shopify-products.csv', import.meta.url), 'utf8');
    await clear();
    const shopify = await runImport(SHOPIFY, autoMapHeaders(headersOf(SHOPIFY)));
    expect(shopify.complete.warnings).toEqual([]);
  });
});

describe('a value with a comma', () => {
  it("reads a variation's value whole, its comma escaped or not", async () => {
    await clear();
    const csv = 'Type,SKU,Name,Parent,Attribute 1 name,Attribute 1 value(s)\r\nvariable,WINCH,Trailer winch,,Capacity,"5\\,200 lb, 6\\,000 lb"\r\nvariation,WINCH-52,,WINCH,Capacity,"5,200 lb"\r\nvariation,WINCH-60,,WINCH,Capacity,"6\\,000 lb"\r\n';
    const { complete } = await runImport(csv, autoMapHeaders(headersOf(csv)));
    expect(complete.errors).toEqual([]);
    expect((await variationsOf('WINCH')).variations.map((v: { values: string[] }) => v.values[0])).toEqual(['5,200 lb', '6,000 lb']);
  });
});
