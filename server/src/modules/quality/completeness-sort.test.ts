import { QUALITY_CHECK_NAMES, ROW_QUALITY_CHECKS, type QualityCheck } from '@bosun/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { queryPlan } from '../../test/query-plan.js';
import { setupTestApp, sseEvents } from '../../test/test-app.js';
import { queueCountQuery } from './quality.repository.js';

/**
 * The completeness sort from its stored value (issue 23, migrations 0044 and 0052): after every
 * kind of write, the list sorted by completeness is the order the per-product rule gives (GET
 * /api/quality/products/:id: the switched-on checks passed, ties by id), in both directions; the
 * stored value counts a switched-off check as passed by every product.
 */
const t = setupTestApp();

const listIds = async (query: string) => {
  const res = await t.request('GET', `/api/products?${query}&limit=500`, t.admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().products as { id: number }[]).map((p) => p.id);
};

/** Each listed product's checks passed, as its quality page counts them, a switched-off check passed. */
async function passedByRule(ids: number[]) {
  const passed = new Map<number, number>();
  for (const id of ids) {
    const res = await t.request('GET', `/api/quality/products/${id}`, t.admin);
    expect(res.statusCode, res.body).toBe(200);
    const { failed } = res.json() as { failed: string[] };
    passed.set(id, QUALITY_CHECK_NAMES.length - failed.length);
  }
  return passed;
}

/** The list's completeness order, both ways, equals the rule's; answers the rule's values. */
async function expectSortedByRule() {
  const asc = await listIds('sort=completeness&order=asc');
  const passed = await passedByRule(asc);
  const byRule = [...asc].sort((a, b) => passed.get(a)! - passed.get(b)! || a - b);
  expect(asc).toEqual(byRule);
  expect(await listIds('sort=completeness&order=desc')).toEqual([...byRule].reverse());
  // The stored values themselves, not only their order: an order can come out right by chance.
  const stored = await t.database.db.selectFrom('products').select(['id', 'quality_passed']).where('parent_id', 'is', null).execute();
  expect(new Map(stored.map((r) => [r.id, Number(r.quality_passed)]))).toEqual(passed);
  return passed;
}

describe('the completeness sort', () => {
  it('orders by the checks passed after creates, edits, an import, a bulk edit, a settings change and an image check', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'Completeness');
    // Creates: several checks failed and passed, a GTIN held twice, a variable product whose variation fails stock.
    const full = { gtin: '96385074', image_url: 'https://img.test/a.jpg', description: 'Text', weight: 1, length: 1, width: 1, height: 1, list_price: 10, vendor_cost: 5, stock: 1 };
    const complete = await insertProduct(db, { vendor_id: vendorId, sku: 'C-FULL', ...full });
    const twinA = await insertProduct(db, { vendor_id: vendorId, sku: 'C-TWIN-A', ...full, gtin: '4006381333931' });
    await insertProduct(db, { vendor_id: vendorId, sku: 'C-TWIN-B', gtin: '4006381333931', stock: -2, list_price: 1, vendor_cost: 2 });
    const parent = await insertProduct(db, { vendor_id: vendorId, sku: 'C-VAR', kind: 'variable', ...full, gtin: null });
    await insertProduct(db, { parent_id: parent, kind: 'variation', sku: 'C-VAR-1', name: '', option1: 'Red', gtin: '96385074', stock: -1 });
    const created = await t.request('POST', '/api/products', t.admin, { sku: 'C-API', name: 'Cleat', vendor_id: vendorId, description: 'Long text' });
    expect(created.statusCode, created.body).toBe(201);
    let passed = await expectSortedByRule();
    expect(passed.get(complete)).toBe(9); // all but the shop category
    expect(passed.get(twinA)).toBe(8); // and its GTIN is held twice

    // Edits: the twin's GTIN changes, so the other one is no longer a duplicate either.
    const twinB = (await db.selectFrom('products').select('id').where('sku', '=', 'C-TWIN-B').executeTakeFirstOrThrow()).id;
    expect((await t.request('PUT', `/api/products/${twinB}`, t.admin, { gtin: '9780306406157', description: 'Now described' })).statusCode).toBe(200);
    passed = await expectSortedByRule();
    expect(passed.get(twinA)).toBe(9);

    // An import (SQLite: a bulk write with the row triggers set aside): new rows, and a stored one made a duplicate again.
    const csv = ['SKU,Name,GTIN,Stock,Description', 'C-TWIN-B,Twin,4006381333931,3,Back', 'C-IMP-1,Fairlead,,-4,', 'C-IMP-2,Block,96385074,2,Pulley'].join('\n');
    const fields = { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name', gtin: 'GTIN', stock: 'Stock', description: 'Description' }), selectedVendor: String(vendorId), updateMode: 'true' };
    const imported = await t.upload('/api/products/import/ultra-fast', t.admin, fields, { name: 'c.csv', content: csv });
    expect(sseEvents(imported.body).at(-1)).toMatchObject({ type: 'complete', imported: 2, updated: 1 });
    passed = await expectSortedByRule();
    expect(passed.get(twinA)).toBe(8);

    // A bulk edit of the negative-stock queue.
    const bulk = await t.request('PUT', '/api/products/bulk/update', t.admin, { filter: { problem: 'negative_stock' }, updateData: { stock: 5 } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await expectSortedByRule();

    // A category mapping's apply (PostgreSQL: a store-category write that sets the bit itself; SQLite: a bulk write).
    const vendorCategory = await insertCategory(db, { name: 'Cleats', type: 'vendor', vendor_id: vendorId });
    const shopCategory = await insertCategory(db, { name: 'Deck', type: 'store' });
    const mapped = await insertProduct(db, { vendor_id: vendorId, sku: 'C-MAP', vendor_category_id: vendorCategory.id, ...full, gtin: '9780306406157' });
    const mapping = await t.request('POST', '/api/category-mappings', t.admin, { mappings: [{ vendor_category_id: vendorCategory.id, store_category_id: shopCategory.id }], apply: 'missing' });
    expect(mapping.statusCode, mapping.body).toBe(200);
    passed = await expectSortedByRule();
    expect(passed.get(mapped)).toBe(10);

    // A settings change: checks switched off no longer count; then one switched on again, and the margin moved.
    const off = await t.request('PUT', '/api/quality/settings', t.admin, { checks: { no_image: false, duplicate_gtin: false, no_dimensions: false } });
    expect(off.statusCode, off.body).toBe(200);
    passed = await expectSortedByRule();
    expect(passed.get(complete)).toBe(9); // the three switched off count as passed
    const on = await t.request('PUT', '/api/quality/settings', t.admin, { checks: { duplicate_gtin: true } });
    expect(on.statusCode, on.body).toBe(200);
    passed = await expectSortedByRule();
    expect(passed.get(complete)).toBe(8); // C-IMP-2 has its GTIN
    // The margin alone: the bits are recounted set-based, and their triggers keep the count.
    const margin = await t.request('PUT', '/api/quality/settings', t.admin, { margin_percent: 60 });
    expect(margin.statusCode, margin.body).toBe(200);
    passed = await expectSortedByRule();
    expect(passed.get(complete)).toBe(7); // its 50% margin is now below 60%
    expect(passed.get(twinA)).toBe(7); // and a duplicate counts again

    // The background image check finds an address broken, then loading again.
    const check = { url: 'https://img.test/a.jpg', broken: 1, detail: 'HTTP 404', checked_at: '2026-12-01T00:00:00Z' };
    await db.insertInto('image_url_checks').values(check).execute();
    passed = await expectSortedByRule();
    expect(passed.get(complete)).toBe(6);
    await db.updateTable('image_url_checks').set({ broken: 0 }).where('url', '=', check.url).execute();
    passed = await expectSortedByRule();
    expect(passed.get(complete)).toBe(7);
  });

  // PostgreSQL's plan: products-sort-plan.test.ts, which switches table scans off to see what the index serves.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('is read from its index on SQLite, with no sort of the rows', async () => {
    const { rows } = await sql<{ detail: string }>`explain query plan select p.id from products p where p.parent_id is null
      order by p.quality_passed desc, p.id desc limit 20`.execute(t.database.db);
    const plan = rows.map((r) => r.detail).join('\n');
    expect(plan).toContain('products_quality_passed_idx');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it("counts each queue from that check's own index (SQLite and PostgreSQL)", async () => {
    // SQLite: built last, the completeness index is no queue's: each row check's count reads its own
    // alone (migration 0044). Both: a check across rows starts from its failing keys and looks each
    // up in the products' index of the column (failsCheckSql's 'rows' reading), not at every listed row.
    const indexes: Record<QualityCheck, string> = {
      ...(Object.fromEntries(ROW_QUALITY_CHECKS.map((check) => [check, `products_quality_${check}_idx`])) as Record<QualityCheck, string>),
      duplicate_gtin: 'products_gtin_key_idx',
      broken_image: 'products_image_url_idx',
    };
    if (t.database.dialect === 'postgres') {
      // A shop's table, counted (the plan follows the statistics): 5,000 products that pass most checks, half without a GTIN.
      await sql`insert into products (sku, name, gtin, image_url, description, weight, length, width, height, list_price, vendor_cost, stock, created_at, updated_at)
        select 'QP-' || i, 'Bulk ' || i, case when i % 2 = 0 then null else '4006381333931' end, 'https://img.test/' || i || '.jpg', 'Text', 1, 1, 1, 1, 10, 5, 1,
          '2026-01-01', '2026-01-01' from generate_series(1, 5000) i`.execute(t.database.db);
      await sql`vacuum analyze products`.execute(t.database.db);
    }
    const misread: string[] = [];
    for (const check of QUALITY_CHECK_NAMES) {
      const plan = await queryPlan(t.database, queueCountQuery(check).compile(t.database.db));
      const acrossRows = check === 'duplicate_gtin' || check === 'broken_image';
      const read = t.database.dialect === 'sqlite' && !acrossRows ? `COVERING INDEX ${indexes[check]}` : indexes[check];
      // SQLite: 'SCAN p' without its index reads every listed row; PostgreSQL: a Seq Scan of products.
      if (!plan.includes(read) || /SCAN p USING INDEX products_quality_passed_idx|Seq Scan on products/.test(plan)) misread.push(`${check}:\n${plan}`);
    }
    expect(misread).toEqual([]);
  });
});
