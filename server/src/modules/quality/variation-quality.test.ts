import { autoMapHeaders, QUALITY_CHECKS, type QualityCheck } from '@bosun/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { productProblemsSql } from '../../db/quality-sql.js';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, productBySku, setupTestApp } from '../../test/test-app.js';

/**
 * A variation's quality problems and its parent's queues (issue 23, migration 0041): the list
 * shows parents, so a variation failing its own GTIN, price or stock check puts its parent in that
 * queue; its image, texts, sizes and category are the parent's own checks. Kept at every kind of
 * write: row writes, a bulk edit, a delete, a margin recount and the import's bulk path.
 */
const t = setupTestApp();
const db = () => t.database.db;
let vendorId: number;

const bits = async (id: number) => (await db().selectFrom('products').select('quality_problems').where('id', '=', id).executeTakeFirstOrThrow()).quality_problems;
const fails = async (id: number, check: QualityCheck) => ((await bits(id)) & QUALITY_CHECKS[check].bit) !== 0;
const queue = async (check: QualityCheck) => {
  const res = await t.request('GET', `/api/products?problem=${check}&limit=100`, t.admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().products as { id: number }[]).map((p) => p.id);
};
/** Every product's kept bits beside the bits counted again from the rows. */
async function expectBitsRight() {
  const { rows } = await sql.raw<{ id: number }>(`select id from products where quality_problems <> ${productProblemsSql(t.database.dialect, '', 'products.id')}`).execute(db());
  expect(rows).toEqual([]);
}
const VALID_GTIN = '4006381333931';

/** A variable product with two variations that pass every check of their own. */
async function family(sku: string) {
  const parent = await insertProduct(db(), { sku, vendor_id: vendorId, kind: 'variable', description: 'Text', image_url: 'https://example.test/a.jpg', weight: 1, length: 1, width: 1, height: 1 });
  const variation = (suffix: string) =>
    insertProduct(db(), { sku: `${sku}-${suffix}`, parent_id: parent, kind: 'variation', name: '', option1: suffix, gtin: VALID_GTIN, list_price: 10, vendor_cost: 5, stock: 3 });
  return { parent, a: await variation('A'), b: await variation('B') };
}

beforeAll(async () => {
  vendorId = await insertVendor(db(), 'Variation Marine');
});

describe("a variation's problems queue its parent", () => {
  it('negative stock, price below cost, special above list and a bad GTIN do; the parent leaves the queue when no variation fails', async () => {
    const { parent, a, b } = await family('FAM-1');
    expect(await fails(parent, 'negative_stock')).toBe(false);
    await db().updateTable('products').set({ stock: -2 }).where('id', '=', a).execute();
    expect(await fails(parent, 'negative_stock')).toBe(true);
    expect(await queue('negative_stock')).toContain(parent);
    // Variations are never listed themselves.
    expect(await queue('negative_stock')).not.toContain(a);

    await db().updateTable('products').set({ list_price: 4 }).where('id', '=', b).execute();
    await db().updateTable('products').set({ special_price: 99 }).where('id', '=', b).execute();
    await db().updateTable('products').set({ gtin: '4006381333932' }).where('id', '=', b).execute();
    for (const check of ['below_margin', 'special_above_list', 'invalid_gtin'] as const) expect(await fails(parent, check), check).toBe(true);
    await expectBitsRight();

    await db().updateTable('products').set({ stock: 1 }).where('id', '=', a).execute();
    expect(await fails(parent, 'negative_stock')).toBe(false);
    // Price equal to cost is not below it.
    await db().updateTable('products').set({ list_price: 5, special_price: null, gtin: VALID_GTIN }).where('id', '=', b).execute();
    for (const check of ['below_margin', 'special_above_list', 'invalid_gtin'] as const) expect(await fails(parent, check), check).toBe(false);
    await expectBitsRight();
  });

  it("the parent's own checks (image, description, sizes, shop category) stay its own, and an edit of the parent keeps its variations' bits", async () => {
    const { parent, a } = await family('FAM-2');
    await db().updateTable('products').set({ stock: -1 }).where('id', '=', a).execute();
    // The parent's own columns written: its row checks are counted again, its variations' bits kept.
    const res = await t.request('PUT', `/api/products/${parent}`, t.admin, { description: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await fails(parent, 'no_description')).toBe(true);
    expect(await fails(parent, 'negative_stock')).toBe(true);
    expect(await fails(parent, 'no_store_category')).toBe(true);
    // A variation never fails the parent's own checks.
    expect(await fails(a, 'no_image')).toBe(false);
    expect(await fails(a, 'no_store_category')).toBe(false);
    await expectBitsRight();
  });

  it('a deleted variation takes its problem off the parent; a bulk edit of the stock through the parent fixes the queue', async () => {
    const { parent, a, b } = await family('FAM-3');
    await db().updateTable('products').set({ stock: -1 }).where('id', 'in', [a, b]).execute();
    await db().deleteFrom('products').where('id', '=', a).execute();
    expect(await fails(parent, 'negative_stock')).toBe(true);
    await db().deleteFrom('products').where('id', '=', b).execute();
    expect(await fails(parent, 'negative_stock')).toBe(false);

    const other = await family('FAM-4');
    await db().updateTable('products').set({ stock: -5 }).where('id', '=', other.b).execute();
    expect(await queue('negative_stock')).toContain(other.parent);
    const bulk = await t.request('PUT', '/api/products/bulk/update', t.admin, { filter: { problem: 'negative_stock' }, updateData: { stock: 0 } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await queue('negative_stock')).toEqual([]);
    await expectBitsRight();
  });

  it("a new margin percent queues the parent of a variation under it, and takes it out again", async () => {
    const { parent } = await family('FAM-5');
    // 10 over 5: a 50% margin.
    expect((await t.request('PUT', '/api/quality/settings', t.admin, { margin_percent: 60 })).statusCode).toBe(200);
    expect(await fails(parent, 'below_margin')).toBe(true);
    expect((await t.request('PUT', '/api/quality/settings', t.admin, { margin_percent: 0 })).statusCode).toBe(200);
    expect(await fails(parent, 'below_margin')).toBe(false);
    await expectBitsRight();
  });

  it("an import's variations (the bulk path) queue their parent, and an update of their GTIN takes it out", async () => {
    const head = 'Type,SKU,Name,Parent,Regular price,Stock,GTIN,Attribute 1 name,Attribute 1 value(s)\r\n';
    const mapping = autoMapHeaders(head.trim().split(','));
    expect(mapping).toMatchObject({ gtin: 'GTIN' });
    const run = async (csv: string, updateMode: boolean) => {
      const res = await t.upload('/api/products/import/ultra-fast', t.admin, { fieldMapping: JSON.stringify(mapping), updateMode: String(updateMode), selectedVendor: String(vendorId) }, { name: 'v.csv', content: csv });
      expectImportComplete(res);
    };
    // The import stores no negative stock (a row's -3 is read as 0): a missing GTIN is the variation's problem here.
    await run(`${head}variable,BUOY,Mooring buoy,,,,,Colour,"Red, Yellow"\r\nvariation,BUOY-R,,BUOY,20,1,,Colour,Red\r\nvariation,BUOY-Y,,BUOY,20,2,${VALID_GTIN},Colour,Yellow\r\n`, false);
    const parent = (await productBySku(t, 'BUOY'))!.id;
    expect(await fails(parent, 'invalid_gtin')).toBe(true);
    await expectBitsRight();
    await run(`${head}variation,BUOY-R,,BUOY,20,1,${VALID_GTIN},Colour,Red\r\n`, true);
    expect(await fails(parent, 'invalid_gtin')).toBe(false);
    expect(await queue('invalid_gtin')).not.toContain(parent);
    await expectBitsRight();
  });
});
