import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { gtinKeySql, productProblemsSql, qualityPassedSql } from '../../db/quality-sql.js';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp, sseEvents } from '../../test/test-app.js';
import { copyText } from './postgres-copy.js';

/**
 * The PostgreSQL import's COPY path (issue 21): a batch goes through COPY into a staging table.
 * The import's rules are the shared tests' (import.test.ts and the rest run on both engines);
 * these are what COPY itself could get wrong: the text format's escapes, and batches that
 * follow one another.
 */
const t = setupTestApp();

const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;

describe('copyText', () => {
  it('escapes what the text format reads as separators or escapes, and writes NULL as \\N', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText(12.5)).toBe('12.5');
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    // The text of a NULL, or of the end-of-data marker, stays text.
    expect(copyText('\\N')).toBe('\\\\N');
    expect(copyText('\\.')).toBe('\\\\.');
  });
});

describe('an import through COPY', () => {
  for (const mode of ['ultra-fast', 'lightning', 'standard']) {
    it(`keeps every character of a value in ${mode} mode`, async () => {
      const tag = mode.replace('-', '');
      const vendorId = await insertVendor(t.database.db, `Characters ${mode}`);
      const description = `<p>Tab\there, line\nbreak, CR\r\nback\\slash \\N "quoted" ünïcödé ⚓ 🚤</p>`;
      const name = 'Shackle \\N';
      // No '\\.' here (copyText's test has it): written unescaped it fails the batch, whose rows are then written one by one without COPY.
      const csv = `SKU,Name,Description,Brand\n${tag}-CH-1,${csvCell(name)},${csvCell(description)},A\\B\n${tag}-CH-2,Plain,,\n`;
      const mapping = { sku: 'SKU', name: 'Name', description: 'Description', brand: 'Brand' };
      const res = await t.upload(`/api/products/import/${mode}`, t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId) }, { name: 'c.csv', content: csv });
      expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'complete', imported: 2, errorCount: 0 });
      const stored = await t.database.db.selectFrom('products').select(['sku', 'name', 'description', 'brand']).where('sku', 'like', `${tag}-CH-%`).orderBy('sku').execute();
      expect(stored).toEqual([
        { sku: `${tag}-CH-1`, name, description, brand: 'A\\B' },
        { sku: `${tag}-CH-2`, name: 'Plain', description: null, brand: null },
      ]);
    });
  }

  it('creates a category once when batches after the first use it, and files each row under it', async () => {
    const vendorId = await insertVendor(t.database.db, 'Batches');
    // Lightning writes 1,000 rows per batch: 2,500 rows are three batches, each bringing new paths and reusing the first's.
    const lines = ['SKU,Name,Categories'];
    for (let i = 0; i < 2_500; i++) lines.push(`BT-${i},Item ${i},"Vendor:Deck > Batch ${Math.floor(i / 1_000)}, Store:Rigging > Shared"`);
    const mapping = { sku: 'SKU', name: 'Name', category_hierarchy: 'Categories' };
    const res = await t.upload('/api/products/import/lightning', t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId) }, { name: 'b.csv', content: lines.join('\n') });
    expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'complete', imported: 2_500, errorCount: 0 });
    const categories = await t.database.db.selectFrom('categories').select(['name', 'type', 'direct_product_count']).where('name', 'in', ['Deck', 'Batch 0', 'Batch 1', 'Batch 2', 'Rigging', 'Shared']).orderBy('type').orderBy('name').execute();
    expect(categories).toEqual([
      { name: 'Rigging', type: 'store', direct_product_count: 0 },
      { name: 'Shared', type: 'store', direct_product_count: 2_500 },
      { name: 'Batch 0', type: 'vendor', direct_product_count: 1_000 },
      { name: 'Batch 1', type: 'vendor', direct_product_count: 1_000 },
      { name: 'Batch 2', type: 'vendor', direct_product_count: 500 },
      { name: 'Deck', type: 'vendor', direct_product_count: 0 },
    ]);
    // Ids follow the file's order, as on SQLite.
    const ids = await t.database.db.selectFrom('products').select(['id', 'sku']).where('sku', 'like', 'BT-%').orderBy('id').execute();
    expect(ids.map((p) => p.sku)).toEqual(lines.slice(1).map((line) => line.split(',')[0]));
  });
});

describe('a standard import', () => {
  it('writes a SKU that comes twice in a batch row after row, as its own savepoints would', async () => {
    const vendorId = await insertVendor(t.database.db, 'Twice');
    // The second row's price and visibility are dropped (bad values): written after the first, it keeps the first's.
    const csv = 'SKU,Name,Price,Visibility\nTW-1,First,5.00,hidden\nTW-2,Other,3.00,public\nTW-1,Second,abc,sideways\n';
    const mapping = { sku: 'SKU', name: 'Name', list_price: 'Price', visibility: 'Visibility' };
    const res = await t.upload('/api/products/import/standard', t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId), updateMode: 'true' }, { name: 't.csv', content: csv });
    expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'complete', errorCount: 0 });
    const stored = await t.database.db.selectFrom('products').select(['sku', 'name', 'list_price', 'visibility']).where('sku', 'like', 'TW-%').orderBy('sku').execute();
    expect(stored).toEqual([
      { sku: 'TW-1', name: 'Second', list_price: 5, visibility: 'hidden' },
      { sku: 'TW-2', name: 'Other', list_price: 3, visibility: 'public' },
    ]);
  });
});

describe("an import's new products", () => {
  it('get the quality bits, GTIN key and completeness the row triggers give them, mapped columns or not', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'Quality rows');
    // A stored GTIN that an imported row makes a duplicate; a margin the prices are checked against.
    await insertProduct(db, { vendor_id: vendorId, sku: 'QI-STORED', gtin: '4006381333931' });
    expect((await t.request('PUT', '/api/quality/settings', t.admin, { margin_percent: 20 })).statusCode).toBe(200);
    const header = 'SKU,Name,GTIN,List,Cost,Special,Stock,Description,Weight,Length,Width,Height,Image';
    const rows = [
      'QI-1,Whole,4006381333931,10,5,,3,Full text,1,2,3,4,https://example.com/a.jpg',
      'QI-2,Spaced GTIN," 400-638 1333931 ",10,9,12,-2,   ,1,2,,4,',
      'QI-3,ISBN X,0-8044-2957-X,20,15,,0,Text,0,1,1,1,',
      'QI-4,Bad GTIN,1234567890123,,,,5,Text,1,1,1,1,https://example.com/b.jpg',
      'QI-5,Letters,ABC,10,,,,,,,,,',
      'QI-6,ISBN,0306406152,7.5,6,,1,Text,1,1,1,1,https://example.com/c.jpg',
    ];
    const mapping = { sku: 'SKU', name: 'Name', gtin: 'GTIN', list_price: 'List', vendor_cost: 'Cost', special_price: 'Special', stock: 'Stock', description: 'Description', weight: 'Weight', length: 'Length', width: 'Width', height: 'Height', image_url: 'Image' };
    const fields = (m: object) => ({ fieldMapping: JSON.stringify(m), selectedVendor: String(vendorId) });
    const mapped = await t.upload('/api/products/import/ultra-fast', t.admin, fields(mapping), { name: 'q.csv', content: [header, ...rows].join('\n') });
    expect(sseEvents(mapped.body).at(-1)).toMatchObject({ type: 'complete', imported: 6, errorCount: 0 });
    // No quality column mapped: each new product takes the table's defaults (kind, images, stock) and the checks follow them.
    const bare = await t.upload('/api/products/import/lightning', t.admin, fields({ sku: 'SKU', name: 'Name' }), { name: 'b.csv', content: 'SKU,Name\nQI-7,Bare\nQI-8,Bare too\n' });
    expect(sseEvents(bare.body).at(-1)).toMatchObject({ type: 'complete', imported: 2, errorCount: 0 });

    const dialect = t.database.dialect;
    const { rows: stored } = await sql.raw<{ sku: string; quality_problems: number; gtin_key: string | null; quality_passed: number; problems: number; key: string | null; passed: number }>(
      `select sku, quality_problems, gtin_key, quality_passed, ${productProblemsSql(dialect, '', 'products.id')} as problems,
        ${gtinKeySql(dialect, 'gtin')} as key, ${qualityPassedSql('products.')} as passed
       from products where sku like 'QI-%' order by sku`,
    ).execute(db);
    expect(stored.map((r) => r.sku)).toEqual(['QI-1', 'QI-2', 'QI-3', 'QI-4', 'QI-5', 'QI-6', 'QI-7', 'QI-8', 'QI-STORED']);
    for (const r of stored) expect({ sku: r.sku, bits: r.quality_problems, key: r.gtin_key, passed: Number(r.quality_passed) }).toEqual({ sku: r.sku, bits: Number(r.problems), key: r.key, passed: Number(r.passed) });
    // What the rows were written to test: keys cleaned, each check failing somewhere, the duplicate counted.
    const bySku = new Map(stored.map((r) => [r.sku, r]));
    expect(bySku.get('QI-2')!.gtin_key).toBe('4006381333931');
    expect(bySku.get('QI-3')!.gtin_key).toBe('080442957X');
    // Only 'no shop category' (16): the file has no category column.
    expect(bySku.get('QI-1')!.quality_problems).toBe(16);
    expect(bySku.get('QI-6')!.quality_problems).toBe(16);
    expect(bySku.get('QI-7')!.quality_problems).toBe(1 | 2 | 4 | 8 | 16);
    expect(new Set(stored.map((r) => r.quality_problems)).size).toBeGreaterThan(4);
    expect(bySku.get('QI-STORED')!.quality_passed).toBeLessThan(bySku.get('QI-6')!.quality_passed);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('an import whose database connection is cut in the middle', () => {
  it('keeps the batches committed before, leaves nothing half-written, and lets the next import run', async () => {
    const vendorId = await insertVendor(t.database.db, 'Cut off');
    const lines = ['SKU,Name,Categories'];
    for (let i = 0; i < 20_000; i++) lines.push(`CUT-${i},Item ${i},Vendor:Cut ${Math.floor(i / 1_000)}`);
    const mapping = { sku: 'SKU', name: 'Name', category_hierarchy: 'Categories' };
    const upload = t.upload('/api/products/import/lightning', t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId) }, { name: 'cut.csv', content: lines.join('\n') });
    // Once a few batches are in, the import's own connection is ended by the server, as a restart or an administrator would.
    const db = t.database.db;
    const written = async () => Number((await db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('sku', 'like', 'CUT-%').executeTakeFirstOrThrow()).n);
    while ((await written()) < 3_000) await new Promise((r) => setTimeout(r, 20));
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'bosun import' and datname = current_database()`.execute(db);
    const events = sseEvents((await upload).body);
    expect(events.at(-1)?.type).toBe('error');
    const count = await written();
    expect(count % 1_000).toBe(0);
    expect(count).toBeLessThan(20_000);
    // Every product written has its category, and every category written has its products: batch by batch, whole or not at all.
    const cats = await db.selectFrom('categories').select(['name', 'direct_product_count']).where('name', 'like', 'Cut %').execute();
    expect(cats.length).toBe(count / 1_000);
    for (const c of cats) expect(c.direct_product_count).toBe(1_000);
    const next = await t.upload('/api/products/import/ultra-fast', t.admin, { fieldMapping: JSON.stringify(mapping), selectedVendor: String(vendorId) }, { name: 'next.csv', content: 'SKU,Name,Categories\nAFTER-1,After,Vendor:After\n' });
    expect(sseEvents(next.body).at(-1)).toMatchObject({ type: 'complete', imported: 1 });
  });
});
