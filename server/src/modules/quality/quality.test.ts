import { QUALITY_CHECK_NAMES, QUALITY_CHECKS, type QualityCheck } from '@bosun/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { productProblemsSql } from '../../db/quality-sql.js';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp, sseEvents } from '../../test/test-app.js';

/** The quality API (issue 23): queues, a product's completeness, the checks' settings, the list's problem filter and sort. */
const t = setupTestApp();
let noProducts: string;
let noSettings: string;

beforeAll(async () => {
  noProducts = (await t.registerWithout('qualityclerk', t.admin, 'products')).token;
  noSettings = (await t.registerWithout('qualitystaff', t.admin, 'vendors')).token;
});

const summary = async (token = t.admin) => {
  const res = await t.request('GET', '/api/quality/summary', token);
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json().queues as { check: QualityCheck; count: number }[]).map((q) => [q.check, q.count]));
};

/**
 * What the kept bits, GTIN counts and queue counts should be, counted again from the rows: every
 * product's bits recomputed from its columns, the GTIN keys grouped, each queue counted by a scan.
 */
async function expectKeptRight() {
  const db = t.database.db;
  // A variable product's bits include its variations' failures of the checks that queue the parent (migration 0041).
  const problems = productProblemsSql(t.database.dialect, '', 'products.id');
  const { rows: stale } = await sql.raw<{ id: number }>(`select id from products where quality_problems <> ${problems}`).execute(db);
  expect(stale).toEqual([]);
  const kept = await db.selectFrom('gtin_counts').select(['gtin', 'n']).where('n', '>', 0).orderBy('gtin').execute();
  const { rows: grouped } = await sql<{ gtin: string; n: number }>`select gtin_key as gtin, count(*) as n from products
    where parent_id is null and gtin_key is not null group by gtin_key order by gtin_key`.execute(db);
  expect(kept.map((r) => [r.gtin, Number(r.n)])).toEqual(grouped.map((r) => [r.gtin, Number(r.n)]));
  const { rows: listed } = await sql<{ quality_problems: number; gtin_key: string | null }>`select quality_problems, gtin_key from products where parent_id is null`.execute(db);
  const keyCounts = new Map<string, number>();
  for (const r of listed) if (r.gtin_key) keyCounts.set(r.gtin_key, (keyCounts.get(r.gtin_key) ?? 0) + 1);
  const counted = Object.fromEntries(
    QUALITY_CHECK_NAMES.map((c) => [
      c,
      listed.filter((r) => (c === 'duplicate_gtin' ? r.gtin_key !== null && keyCounts.get(r.gtin_key)! > 1 : (r.quality_problems & QUALITY_CHECKS[c].bit) !== 0)).length,
    ]),
  );
  // The summary answers the switched-on checks only.
  const answered = await summary();
  expect(answered).toEqual(Object.fromEntries(Object.keys(answered).map((c) => [c, counted[c]])));
  return counted;
}

const total = async (query: string) => {
  const res = await t.request('GET', `/api/products?${query}`, t.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { products: { id: number; sku: string }[]; pagination: { total: number } };
};

describe('quality queues', () => {
  it('keep the bits and counts right through creates, edits, bulk edits, imports, deletes, a vendor deleted and an undo', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'Quality Marine');
    for (let i = 0; i < 6; i++) {
      await insertProduct(db, { vendor_id: vendorId, gtin: i < 3 ? '4006381333931' : null, list_price: 10, vendor_cost: i % 2 ? 12 : 5, stock: i - 2, description: i % 3 ? 'Text' : null });
    }
    const before = await expectKeptRight();
    expect(before).toMatchObject({ duplicate_gtin: 3, below_margin: 3, negative_stock: 2, no_description: 2, invalid_gtin: 3 });

    const created = await t.request('POST', '/api/products', t.admin, { sku: 'Q-1', name: 'Cleat', vendor_id: vendorId, gtin: '4006381333931', list_price: 5, vendor_cost: 8 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await expectKeptRight()).duplicate_gtin).toBe(4);
    expect((await t.request('PUT', `/api/products/${id}`, t.admin, { gtin: '96385074', list_price: 9 })).statusCode).toBe(200);
    expect((await expectKeptRight()).duplicate_gtin).toBe(3);

    // The 'below cost' queue, fixed by a bulk edit of every product in it.
    expect((await total('problem=below_margin')).pagination.total).toBe(3);
    const bulk = await t.request('PUT', '/api/products/bulk/update', t.admin, { filter: { problem: 'below_margin' }, updateData: { list_price: 30 } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().updated).toBe(3);
    expect((await expectKeptRight()).below_margin).toBe(0);
    // A bulk edit that sets a GTIN moves the GTIN keys and counts (Q-1 holds 96385074 already).
    const twoOthers = await db.selectFrom('products').select('id').where('vendor_id', '=', vendorId).where('gtin', 'is', null).limit(2).execute();
    const gtinEdit = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: twoOthers.map((r) => r.id), updateData: { gtin: '96385074' } });
    expect(gtinEdit.statusCode, gtinEdit.body).toBe(200);
    expect((await expectKeptRight()).duplicate_gtin).toBe(6);
    expect((await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: twoOthers.map((r) => r.id), updateData: { gtin: null } })).statusCode).toBe(200);
    expect((await expectKeptRight()).duplicate_gtin).toBe(3);

    const csv = ['SKU,Name,GTIN,Stock', 'Q-1,Cleat,4006381333931,-4', 'Q-2,Fairlead,4006381333931,2', 'Q-3,Block,,1'].join('\n');
    const fields = { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name', gtin: 'GTIN', stock: 'Stock' }), selectedVendor: String(vendorId), updateMode: 'true' };
    const imported = await t.upload('/api/products/import/ultra-fast', t.admin, fields, { name: 'q.csv', content: csv });
    expect(sseEvents(imported.body).at(-1)).toMatchObject({ type: 'complete', imported: 2, updated: 1 });
    expect((await expectKeptRight()).duplicate_gtin).toBe(5);

    const run = await db.selectFrom('changes').select('id').where('import_run_id', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await t.request('POST', `/api/changes/${run.id}/undo`, t.admin, {})).statusCode).toBeLessThan(300);
    expect((await expectKeptRight()).duplicate_gtin).toBe(3);

    // A variable product and its variations: only listed products are queued.
    const parent = await insertProduct(db, { vendor_id: vendorId, kind: 'variable', gtin: '4006381333931' });
    await insertProduct(db, { parent_id: parent, kind: 'variation', name: '', option1: 'Red', gtin: '4006381333931', stock: -1 });
    expect((await expectKeptRight()).duplicate_gtin).toBe(4);

    expect((await t.request('DELETE', `/api/products/${parent}`, t.admin)).statusCode).toBeLessThan(300);
    const some = await db.selectFrom('products').select('id').where('vendor_id', '=', vendorId).limit(2).execute();
    expect((await t.request('POST', '/api/products/bulk-delete', t.admin, { ids: some.map((r) => r.id) })).statusCode).toBeLessThan(300);
    await expectKeptRight();
    expect((await t.request('DELETE', `/api/vendors/${vendorId}`, t.admin)).statusCode).toBeLessThan(300);
    await expectKeptRight();
  });

  it("shows a product's completeness and what it misses, from the switched-on checks", async () => {
    const id = await insertProduct(t.database.db, { sku: 'COMP-1', list_price: 10, vendor_cost: 10, stock: 1 });
    const res = await t.request('GET', `/api/quality/products/${id}`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      completeness: 50, // 5 of 10 passed
      checked: QUALITY_CHECK_NAMES,
      failed: ['no_image', 'invalid_gtin', 'no_description', 'no_dimensions', 'no_store_category'],
    });
    expect((await t.request('GET', '/api/quality/products/999999', t.admin)).statusCode).toBe(404);
    expect((await t.request('GET', '/api/quality/products/abc', t.admin)).statusCode).toBe(400);
  });

  it('switches a check off without rewriting products, and a margin percent recounts the prices', async () => {
    const db = t.database.db;
    const id = await insertProduct(db, { sku: 'MARGIN-1', list_price: 10, vendor_cost: 10 });
    const edge = await insertProduct(db, { sku: 'MARGIN-2', list_price: 10.1, vendor_cost: 8.08 });
    const updatedAt = (await db.selectFrom('products').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at;
    const off = await t.request('PUT', '/api/quality/settings', t.admin, { checks: { no_image: false, duplicate_gtin: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ checks: { no_image: false, duplicate_gtin: false, invalid_gtin: true }, margin_percent: 0 });
    const queues = await summary();
    expect(Object.keys(queues)).not.toContain('no_image');
    expect(Object.keys(queues)).not.toContain('duplicate_gtin');
    const quality = (await t.request('GET', `/api/quality/products/${id}`, t.admin)).json();
    expect(quality.checked).toHaveLength(8);
    expect(quality.failed).not.toContain('no_image');
    expect((await db.selectFrom('products').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at).toBe(updatedAt);

    // A price equal to its cost is below no margin at 0%; at 20% it is, and 10.10 over 8.08 is exactly 20%.
    const inQueue = async () => (await total('problem=below_margin&limit=500')).products.map((p) => p.sku).filter((s) => s.startsWith('MARGIN'));
    expect(await inQueue()).toEqual([]);
    expect((await t.request('PUT', '/api/quality/settings', t.admin, { margin_percent: 20 })).json().margin_percent).toBe(20);
    expect((await inQueue()).sort()).toEqual(['MARGIN-1']);
    await expectKeptRight();
    expect((await t.request('PUT', '/api/quality/settings', t.admin, { margin_percent: 20.5 })).statusCode).toBe(200);
    expect((await inQueue()).sort()).toEqual(['MARGIN-1', 'MARGIN-2']);
    // New writes use the percent too.
    await insertProduct(db, { sku: 'MARGIN-3', list_price: 100, vendor_cost: 80 });
    expect((await inQueue()).sort()).toEqual(['MARGIN-1', 'MARGIN-2', 'MARGIN-3']);
    await t.request('PUT', '/api/quality/settings', t.admin, { margin_percent: 0, checks: { no_image: true, duplicate_gtin: true } });
    expect(await inQueue()).toEqual([]);
    await expectKeptRight();
    expect(edge).toBeGreaterThan(0);
  });

  it('refuses a bad settings body naming the field, and changes nothing', async () => {
    for (const body of [{ margin_percent: -1 }, { margin_percent: 100 }, { margin_percent: 'ten' }, { checks: { no_image: 'off' } }, { checks: { colour: true } }, { other: 1 }]) {
      const res = await t.request('PUT', '/api/quality/settings', t.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const bad = await t.request('PUT', '/api/quality/settings', t.admin, { margin_percent: 150 });
    expect(bad.json().details.fields).toHaveProperty('margin_percent');
    expect((await t.request('GET', '/api/quality/settings', t.admin)).json().margin_percent).toBe(0);
  });

  it('filters the list by a problem and sorts it by completeness', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'Sorted');
    const worst = await insertProduct(db, { vendor_id: vendorId, sku: 'SORT-W', stock: -1, list_price: 1, vendor_cost: 2 });
    const best = await insertProduct(db, {
      vendor_id: vendorId, sku: 'SORT-B', gtin: '96385074', image_url: 'https://img.test/x.jpg', description: 'x', weight: 1, length: 1, width: 1, height: 1,
    });
    const asc = (await total(`vendor_id=${vendorId}&sort=completeness&order=asc`)).products.map((p) => p.id);
    expect(asc).toEqual([worst, best]);
    const desc = (await total(`vendor_id=${vendorId}&sort=completeness&order=desc`)).products.map((p) => p.id);
    expect(desc).toEqual([best, worst]);
    const negative = await total(`vendor_id=${vendorId}&problem=negative_stock`);
    expect(negative.products.map((p) => p.id)).toEqual([worst]);
    expect(negative.pagination.total).toBe(1);
    const bad = await t.request('GET', '/api/products?problem=nonsense', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('problem');
  });

  it('needs a token, the products flag for the queues and the settings flag to switch checks', async () => {
    for (const url of ['/api/quality/summary', '/api/quality/products/1', '/api/quality/settings']) {
      expect((await t.request('GET', url, undefined)).statusCode, url).toBe(401);
    }
    expect((await t.request('GET', '/api/quality/summary', noProducts)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/quality/products/1', noProducts)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/quality/settings', noProducts)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/quality/summary', noSettings)).statusCode).toBe(200);
    expect((await t.request('GET', '/api/quality/settings', noSettings)).statusCode).toBe(200);
    expect((await t.request('PUT', '/api/quality/settings', noSettings, { margin_percent: 5 })).statusCode).toBe(403);
    expect((await t.request('PUT', '/api/quality/settings', undefined, { margin_percent: 5 })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/quality/settings', t.admin)).json().margin_percent).toBe(0);
  });
});
