import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertVendor } from '../../test/fixtures.js';
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
