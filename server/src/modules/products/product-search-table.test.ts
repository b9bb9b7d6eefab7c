import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresSearchText } from '../../db/product-search-text.js';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp, sseEvents } from '../../test/test-app.js';

/**
 * PostgreSQL's narrow search table (migration 0035) holds exactly the listed products' search
 * text, through every kind of write, and a write that leaves the text alone does not touch it.
 */
const t = setupTestApp();

/** The table beside the text worked out from products now. */
async function keptAndWorkedOut() {
  const db = t.database.db;
  const kept = await sql<{ id: number; text: string }>`select id, text from product_search order by id`.execute(db);
  const worked = await sql<{ id: number; text: string }>`select p.id, ${postgresSearchText('p')} as text from products p where p.parent_id is null order by p.id`.execute(db);
  return { kept: kept.rows, worked: worked.rows };
}

async function expectInStep() {
  const { kept, worked } = await keptAndWorkedOut();
  expect(kept).toEqual(worked);
}

const skus = async (query: string) =>
  ((await t.request('GET', `/api/products?limit=100&${query}`, t.admin)).json().products as Array<{ sku: string }>).map((p) => p.sku).sort();

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL's search table", () => {
  it('follows creates, edits, tags, bulk edits, imports, variations, an undo and deletes', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'Searched');
    const created = await t.request('POST', '/api/products', t.admin, { sku: 'SRC-1', name: 'Galvanised Shackle', brand: 'Wichard', vendor_id: vendorId, tags: ['Winter'] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await expectInStep();
    expect(await skus('search=shackle')).toEqual(['SRC-1']);

    expect((await t.request('PUT', `/api/products/${id}`, t.admin, { name: 'Bow Shackle', tags: ['Summer'] })).statusCode).toBe(200);
    await expectInStep();
    expect(await skus('search=galvanised')).toEqual([]);
    expect(await skus('search=summer')).toEqual(['SRC-1']);

    const bulk = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [id], updateData: { brand: 'Harken' } });
    expect(bulk.statusCode).toBe(200);
    await expectInStep();

    const parent = await insertProduct(db, { sku: 'SRC-ROPE', name: 'Dyneema rope', kind: 'variable' });
    await insertProduct(db, { sku: 'SRC-ROPE-8', parent_id: parent, kind: 'variation', name: '', option1: '8 mm' });
    await expectInStep();
    // A variation's own code finds its parent, not a row of its own.
    expect(await skus('search=rope-8')).toEqual(['SRC-ROPE']);

    const csv = ['SKU,Name,Brand', 'SRC-1,Bow Shackle,Ronstan', 'SRC-2,Snatch Block,Lewmar'].join('\n');
    const fields = { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name', brand: 'Brand' }), selectedVendor: String(vendorId), updateMode: 'true' };
    const imported = await t.upload('/api/products/import/ultra-fast', t.admin, fields, { name: 's.csv', content: csv });
    expect(sseEvents(imported.body).at(-1)).toMatchObject({ type: 'complete', imported: 1, updated: 1 });
    await expectInStep();
    expect(await skus('search=ronstan')).toEqual(['SRC-1']);
    expect(await skus('search=snatch')).toEqual(['SRC-2']);

    const run = await db.selectFrom('changes').select('id').where('import_run_id', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await t.request('POST', `/api/changes/${run.id}/undo`, t.admin, {})).statusCode).toBeLessThan(300);
    await expectInStep();
    expect(await skus('search=snatch')).toEqual([]);
    expect(await skus('search=harken')).toEqual(['SRC-1']);

    expect((await t.request('DELETE', `/api/products/${id}`, t.admin)).statusCode).toBeLessThan(300);
    await expectInStep();
    expect((await t.request('DELETE', `/api/vendors/${vendorId}`, t.admin)).statusCode).toBeLessThan(300);
    await expectInStep();
  });

  it('is not written by a change that leaves the text alone (a bulk price edit)', async () => {
    const db = t.database.db;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertProduct(db, { sku: `PRC-${i}`, name: `Cleat ${i}`, list_price: 10 }));
    const versions = async () => (await sql<{ v: string }>`select xmin::text as v from product_search where id in (${sql.join(ids)}) order by id`.execute(db)).rows.map((r) => r.v);
    const before = await versions();
    const bulk = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids, updateData: { list_price: { op: 'increase', by: 'percent', value: 10 } } });
    expect(bulk.statusCode).toBe(200);
    expect(await versions()).toEqual(before);
    await expectInStep();
  });

  it("narrows 'contains' on a searched column through it, with the column's own match deciding", async () => {
    const db = t.database.db;
    await insertProduct(db, { sku: 'CNT-A', name: 'Anchor chain', brand: 'Plain' });
    await insertProduct(db, { sku: 'CNT-B', name: 'Plain shackle', brand: 'Anchorline' });
    const filter = encodeURIComponent(JSON.stringify([{ column: 'name', operator: 'contains', value: 'ANCHOR' }]));
    // The brand holds the text too, so the table finds both; only the name decides.
    expect(await skus(`advanced_filters=${filter}`)).toEqual(['CNT-A']);
  });

  it('answers a two-character search alone from it: own text only, counted and paged', async () => {
    const db = t.database.db;
    await insertProduct(db, { sku: 'TWO-1', name: 'Qtip cleat' });
    await insertProduct(db, { sku: 'TWO-2', name: 'Plain', brand: 'AQTA' });
    const parent = await insertProduct(db, { sku: 'TWO-P', name: 'Plain parent', kind: 'variable' });
    await insertProduct(db, { sku: 'QT-VAR', parent_id: parent, kind: 'variation', name: '', option1: 'S' });
    const res = (await t.request('GET', '/api/products?search=qt&limit=1', t.admin)).json();
    // A variation's code finds its parent from three characters on only, as on SQLite.
    expect(res.pagination.total).toBe(2);
    expect(res.products.map((p: { sku: string }) => p.sku)).toEqual(['TWO-2']);
    expect(await skus('search=qt')).toEqual(['TWO-1', 'TWO-2']);
  });
});
