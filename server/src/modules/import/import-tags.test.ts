import fs from 'node:fs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, IMPORT_ROW_WARNINGS } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, productBySku, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let vendorId: number;

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Harbor Supply');
});

/** The cells of one CSV line without newlines in it. */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let value = '';
      at++;
      while (at < line.length) {
        if (line[at] === '"' && line[at + 1] === '"') (value += '"'), (at += 2);
        else if (line[at] === '"') break;
        else value += line[at++];
      }
      cells.push(value);
      at += 2;
    } else {
      const end = line.indexOf(',', at);
      cells.push(line.slice(at, end === -1 ? line.length : end));
      at = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

const fixture = (name: string) => fs.readFileSync(new URL(`../../test/files/${name}`, import.meta.url), 'utf8');
const headersOf = (csv: string) => parseCsvLine(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!);

async function runImport(csv: string, mapping: Record<string, string>, options: { mode?: string; updateMode?: boolean; badOptionalValues?: 'warn' | 'fail' } = {}) {
  const fields = {
    fieldMapping: JSON.stringify(mapping), updateMode: String(options.updateMode ?? false), selectedVendor: String(vendorId),
    ...(options.badOptionalValues ? { badOptionalValues: options.badOptionalValues } : {}),
  };
  return expectImportComplete(await t.upload(`/api/products/import/${options.mode ?? 'ultra-fast'}`, t.admin, fields, { name: 'products.csv', content: csv })).complete;
}
const preview = async (csv: string, mapping: Record<string, string>, badOptionalValues: 'warn' | 'fail' = 'warn') =>
  (await t.upload('/api/products/import/preview', t.admin, { fieldMapping: JSON.stringify(mapping), badOptionalValues }, { name: 'products.csv', content: csv })).json();
const tagsOf = async (sku: string) => (await productBySku(t, sku))?.tags;
const withTag = async (tag: string) =>
  (await t.request('GET', `/api/products?limit=100&tags=${encodeURIComponent(tag)}`, t.admin)).json().products.map((p: { sku: string }) => p.sku).sort();
const TAGGED = { sku: 'SKU', name: 'Name', tags: 'Tags' };
const MODES = ['ultra-fast', 'lightning', 'standard'] as const;
const VARIATION_TAGS = IMPORT_ROW_WARNINGS.variationInherits;
/** Stored tags by SKU, variations included (the product routes show a variation's parent's). */
const storedTags = async (...skus: string[]) =>
  (await t.database.db.selectFrom('products').select(['sku', 'tags']).where('sku', 'in', skus).orderBy('sku').execute()).map((p) => [p.sku, JSON.parse(p.tags)]);

describe('importing tags', () => {
  it.each(MODES)('%s: splits the cell on commas (WooCommerce\'s \\, is a comma inside a tag), keeps a tag repeated in another case once with a warning naming the one left out, and the list filters by them', async (mode) => {
    const p = `SPLIT-${mode}`;
    const csv = `SKU,Name,Tags\n${p}-1,One,"winter, wool"\n${p}-2,Two,"Sale\\, 50%,  Wool , WOOL, wool, Wool,"\n${p}-3,Three,\n`;
    const repeat = "a tag repeated in another letter case is kept once, as first written: 'WOOL' left out for 'Wool', 'wool' left out for 'Wool'";
    // A repeat drops nothing wrong: a warning even when bad values fail their row.
    const dry = await preview(csv, TAGGED, 'fail');
    expect(dry.dryRun).toMatchObject({ valid: 3, errorCount: 0, warningCount: 1, warnings: [{ row: 3, column: 'Tags', value: 'Sale\\, 50%,  Wool , WOOL, wool, Wool,', reason: repeat }] });
    const complete = await runImport(csv, TAGGED, { mode });
    expect(complete).toMatchObject({ imported: 3, errorCount: 0, warningCount: 1, warnings: [`Row 3: Tags: ${repeat}`] });
    expect(await tagsOf(`${p}-1`)).toEqual(['winter', 'wool']);
    expect(await tagsOf(`${p}-2`)).toEqual(['Sale, 50%', 'Wool']);
    expect(await tagsOf(`${p}-3`)).toEqual([]);
    expect((await withTag('wool')).filter((s: string) => s.startsWith(p))).toEqual([`${p}-1`, `${p}-2`]);
    expect((await withTag('sale, 50%')).filter((s: string) => s.startsWith(p))).toEqual([`${p}-2`]);
  });

  it.each(['ultra-fast', 'lightning', 'standard'])('%s: update mode replaces the tags when the column is mapped, keeps them when it is not, and skips without update mode', async (mode) => {
    const p = `UPD-${mode}`;
    await runImport(`SKU,Name,Tags\n${p}-1,One,"a, b"\n`, TAGGED, { mode });
    const skipped = await runImport(`SKU,Name,Tags\n${p}-1,One,"c"\n`, TAGGED, { mode });
    expect(skipped).toMatchObject({ skipped: 1 });
    expect(await tagsOf(`${p}-1`)).toEqual(['a', 'b']);
    await runImport(`SKU,Name,Tags\n${p}-1,One,"c, B"\n`, TAGGED, { mode, updateMode: true });
    expect(await tagsOf(`${p}-1`)).toEqual(['c', 'B']);
    expect((await withTag('a')).filter((s: string) => s.startsWith(p))).toEqual([]);
    expect((await withTag('c')).filter((s: string) => s.startsWith(p))).toEqual([`${p}-1`]);
    await runImport(`SKU,Name,Brand\n${p}-1,Renamed,Lewmar\n`, { sku: 'SKU', name: 'Name', brand: 'Brand' }, { mode, updateMode: true });
    expect(await productBySku(t, `${p}-1`)).toMatchObject({ name: 'Renamed', tags: ['c', 'B'] });
    // An empty cell in a mapped column empties them.
    await runImport(`SKU,Name,Tags\n${p}-1,One,\n`, TAGGED, { mode, updateMode: true });
    expect(await tagsOf(`${p}-1`)).toEqual([]);
    expect((await withTag('c')).filter((s: string) => s.startsWith(p))).toEqual([]);
    // The tag keys and the search index are exactly what the stored tags say.
    const db = t.database.db;
    const stale = await sql<{ n: number }>`select count(*) as n from product_tags k join products p on p.id = k.product_id
      where p.tags not like ${'%'} || k.tag || ${'%'} and lower(p.tags) not like ${'%'} || k.tag || ${'%'}`.execute(db);
    expect(Number(stale.rows[0]!.n)).toBe(0);
    if (t.database.dialect === 'sqlite') await sql`insert into products_search(products_search, rank) values ('integrity-check', 1)`.execute(db);
  });

  it('drops a tag cell with a tag over 100 characters or more than 50 tags with a warning on its row, by default', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`).join(', ');
    const csv = `SKU,Name,Tags\nWARN-1,Good,fine\nWARN-2,Long,"ok, ${'x'.repeat(101)}"\nWARN-3,Many,"${many}"\n`;
    const dry = await preview(csv, TAGGED);
    expect(dry.dryRun).toMatchObject({ valid: 3, errorCount: 0, warningCount: 2 });
    expect(dry.dryRun.warnings.map((w: { row: number; column: string }) => [w.row, w.column])).toEqual([[3, 'Tags'], [4, 'Tags']]);
    const complete = await runImport(csv, TAGGED, { mode: 'standard' });
    expect(complete).toMatchObject({ imported: 3, errorCount: 0, warningCount: 2 });
    expect(await tagsOf('WARN-1')).toEqual(['fine']);
    expect(await tagsOf('WARN-2')).toEqual([]);
  });

  it('reports a tag over 100 characters or more than 50 tags as the row\'s error, with its row number, when bad values fail their row', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`).join(', ');
    const csv = `SKU,Name,Tags\nBAD-1,Good,fine\nBAD-2,Long,"ok, ${'x'.repeat(101)}"\nBAD-3,Many,"${many}"\n`;
    const dry = await preview(csv, TAGGED, 'fail');
    expect(dry.dryRun).toMatchObject({ valid: 1, errorCount: 2 });
    expect(dry.dryRun.errors.map((e: { row: number; column: string; reason: string }) => [e.row, e.column, e.reason])).toEqual([
      [3, 'Tags', `the tag '${'x'.repeat(50)}…' is longer than 100 characters`],
      [4, 'Tags', '51 tags: at most 50'],
    ]);
    const complete = await runImport(csv, TAGGED, { mode: 'standard', badOptionalValues: 'fail' });
    expect(complete).toMatchObject({ imported: 1, errorCount: 2 });
    expect(await tagsOf('BAD-1')).toEqual(['fine']);
    expect(await productBySku(t, 'BAD-2')).toBeUndefined();
  });

  it("auto-maps WooCommerce's 'Tags' and imports the sample's 'winter, wool'", async () => {
    const csv = fixture('woocommerce-sample-products.csv');
    const mapping = autoMapHeaders(headersOf(csv));
    expect(mapping.tags).toBe('Tags');
    await runImport(csv, mapping, { updateMode: true });
    expect(await tagsOf('woo-beanie')).toEqual(['winter', 'wool']);
    expect(await withTag('WOOL')).toContain('woo-beanie');
  });

  it("auto-maps Shopify's 'Tags' and imports the template's tags", async () => {
    const csv = fixture('shopify-template-simple.csv');
    const mapping = autoMapHeaders(headersOf(csv));
    expect(mapping.tags).toBe('Tags');
    // The template's wrong barcodes are another part of issue 19: left out here.
    delete mapping.gtin;
    const complete = await runImport(csv, mapping, { updateMode: true });
    expect(complete.errorCount, JSON.stringify(complete.errors)).toBe(0);
    const { rows } = await sql<{ sku: string }>`select sku from products where tags like ${'%mens%'} order by sku`.execute(t.database.db);
    expect(rows).toHaveLength(2);
    const shirt = await productBySku(t, rows.find((r) => r.sku.toLowerCase().includes('shirt'))?.sku ?? rows[0]!.sku);
    expect(shirt.tags).toEqual(['mens', 't-shirt']);
    expect((await withTag('mens')).length).toBe(2);
    expect((await withTag('hat')).length).toBe(1);
  });
});

describe('tags of variable products', () => {
  it("says a variation row's Tags cell is not kept (its parent's are), in the dry run and every mode: WooCommerce's variation rows, Shopify's later rows of a Handle", async () => {
    const wooMapping = {
      product_type: 'Type', sku: 'SKU', name: 'Name', parent_sku: 'Parent', attribute_1_name: 'Attribute 1 name', attribute_1_values: 'Attribute 1 value(s)', tags: 'Tags',
    };
    for (const mode of MODES) {
      const p = `VT-${mode}`;
      const woo = `Type,SKU,Name,Parent,Attribute 1 name,Attribute 1 value(s),Tags\nvariable,${p},Fender,,Size,"S, M",fender\n`
        + `variation,${p}-S,,${p},Size,S,\nvariation,${p}-M,,${p},Size,M,"blue, large"\n`;
      const warning = { row: 4, column: 'Tags', value: 'blue, large', reason: VARIATION_TAGS };
      expect((await preview(woo, wooMapping)).dryRun).toMatchObject({ valid: 3, errorCount: 0, warningCount: 1, warnings: [warning] });
      expect(await runImport(woo, wooMapping, { mode })).toMatchObject({ imported: 3, errorCount: 0, warningCount: 1, warnings: [`Row 4: Tags: ${VARIATION_TAGS}`] });
      expect(await storedTags(p, `${p}-M`, `${p}-S`)).toEqual([[p, ['fender']], [`${p}-M`, []], [`${p}-S`, []]]);

      // The first row's Tags are the product's, not its variant's: only the later row's are reported.
      const shopify = `Handle,Title,Option1 Name,Option1 Value,Variant SKU,Tags\nfender-${mode},Fender,Size,S,SH-${p}-S,"fender, boat"\nfender-${mode},,,M,SH-${p}-M,blue\n`;
      const shopifyMapping = autoMapHeaders(headersOf(shopify));
      expect(shopifyMapping).toMatchObject({ handle: 'Handle', tags: 'Tags' });
      expect((await preview(shopify, shopifyMapping)).dryRun).toMatchObject({ errorCount: 0, warningCount: 1, warnings: [{ row: 3, column: 'Tags', value: 'blue', reason: VARIATION_TAGS }] });
      expect(await runImport(shopify, shopifyMapping, { mode })).toMatchObject({ imported: 3, errorCount: 0, warningCount: 1, warnings: [`Row 3: Tags: ${VARIATION_TAGS}`] });
      expect(await storedTags(`fender-${mode}`, `SH-${p}-M`, `SH-${p}-S`)).toEqual([[`SH-${p}-M`, []], [`SH-${p}-S`, []], [`fender-${mode}`, ['fender', 'boat']]]);
    }
  });

  it("gives a Shopify product's tags to the product its variant rows make, none to the variations", async () => {
    const csv = fixture('shopify-products.csv');
    const complete = await runImport(csv, autoMapHeaders(headersOf(csv)), { updateMode: true });
    expect(complete.errors).toEqual([]);
    expect(await tagsOf('antifouling-paint')).toEqual(['antifouling', 'paint']);
    const { rows } = await sql<{ n: number }>`select count(*) as n from products where parent_id is not null and tags <> '[]'`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
    expect(await withTag('PAINT')).toContain('antifouling-paint');
  });
});

describe('exporting tags', () => {
  it.each(['woocommerce', 'direct'])("%s layout: a 'Tags' column, ', ' between tags, a comma inside one as '\\,'", async (mode) => {
    await t.request('POST', '/api/products', t.admin, { sku: 'EXP-TAGS', name: 'Exported', tags: ['winter', 'Sale, 50%', 'back\\slash'] });
    const csv = (await t.request('GET', `/api/products/export?mode=${mode}&search=EXP-TAGS`, t.admin)).body.replace(/^\uFEFF/, '');
    const [header, row] = csv.split('\r\n').map(parseCsvLine);
    const at = header!.indexOf('Tags');
    expect(at).toBeGreaterThan(-1);
    expect(row![at]).toBe('winter, Sale\\, 50%, back\\\\slash');
    expect(autoMapHeaders(header!).tags).toBe('Tags');
  });
});

describe('tags with commas and backslashes', () => {
  // A comma inside a tag is written '\,' and a backslash '\\', so export then import gives back each tag as it was.
  const AWKWARD = ['Sale, 50%', 'back\\slash', 'ends in \\', 'a\\,b', ',', 'two\\\\, then comma'];

  it.each(['woocommerce', 'direct'])('%s layout: export then import gives back every tag exactly', async (layout) => {
    const sku = `RT-TAGS-${layout}`;
    expect((await t.request('POST', '/api/products', t.admin, { sku, name: 'Awkward tags', tags: AWKWARD })).statusCode).toBe(201);
    const csv = (await t.request('GET', `/api/products/export?mode=${layout}&search=${sku}`, t.admin)).body.replace(/^\uFEFF/, '');
    const [header, row] = csv.split('\r\n').map(parseCsvLine);
    expect(row![header!.indexOf('Tags')]).toBe('Sale\\, 50%, back\\\\slash, ends in \\\\, a\\\\\\,b, \\,, two\\\\\\\\\\, then comma');
    await t.database.db.deleteFrom('products').where('sku', '=', sku).execute();
    const complete = await runImport(csv, autoMapHeaders(header!));
    expect(complete).toMatchObject({ imported: 1, errorCount: 0 });
    expect(await tagsOf(sku)).toEqual(AWKWARD);
  });

  it('keeps a backslash before any other character as it is', async () => {
    await runImport('SKU,Name,Tags\nLONE-BACKSLASH,One,"C:\\path, a\\b"\n', TAGGED);
    expect(await tagsOf('LONE-BACKSLASH')).toEqual(['C:\\path', 'a\\b']);
  });
});
