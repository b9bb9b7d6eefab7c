import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp, sseEvents } from '../../test/test-app.js';

/**
 * The list's counts kept by triggers on PostgreSQL (migration 0028) stay what counting the rows
 * says, through every kind of write, and the list answers its totals from them.
 */
const t = setupTestApp();

/** The kept counts beside the counts of the rows, zero counts left out of both. */
async function keptAndCounted() {
  const db = t.database.db;
  const kept = await db.selectFrom('listed_product_counts').select(['key', 'n']).where('n', '<>', 0).orderBy('key').execute();
  const { rows } = await sql<{ key: string; n: number }>`select k.key, count(*)::int as n from products r
    cross join lateral (values ('all'), ('published:' || r.published), ('stock_status:' || r.stock_status)) k(key)
    where r.parent_id is null group by k.key order by k.key`.execute(db);
  return { kept: kept.map((r) => [r.key, Number(r.n)]), counted: rows.map((r) => [r.key, r.n]) };
}

async function expectKeptCounts() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
}

describe.runIf(process.env.TEST_DATABASE_URL)('the counts the list keeps on PostgreSQL', () => {
  it('follow creates, edits, bulk edits, imports, variations, deletes, a vendor deleted and an undo', async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'Counted');
    for (let i = 0; i < 5; i++) await insertProduct(db, { vendor_id: vendorId, published: i % 2, stock: i });
    await expectKeptCounts();

    const created = await t.request('POST', '/api/products', t.admin, { sku: 'CNT-1', name: 'Cleat', vendor_id: vendorId, stock: 3 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await t.request('PUT', `/api/products/${id}`, t.admin, { published: false, stock: 0 })).statusCode).toBe(200);
    await expectKeptCounts();

    const bulk = await t.request('PUT', '/api/products/bulk/update', t.admin, { filter: { vendor_id: String(vendorId) }, updateData: { published: true } });
    expect(bulk.statusCode).toBe(200);
    await expectKeptCounts();

    // A variable product's variations are not listed; its stock status follows theirs.
    const parent = await insertProduct(db, { vendor_id: vendorId, kind: 'variable', stock: 0 });
    await insertProduct(db, { parent_id: parent, kind: 'variation', stock: 4, name: '', option1: 'Red' });
    await insertProduct(db, { parent_id: parent, kind: 'variation', stock: 0, name: '', option1: 'Blue' });
    await expectKeptCounts();

    const csv = ['SKU,Name,Stock,Published', 'CNT-1,Cleat,9,1', 'CNT-2,Fairlead,0,0', 'CNT-3,Block,2,1'].join('\n');
    const fields = { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name', stock: 'Stock', published: 'Published' }), selectedVendor: String(vendorId), updateMode: 'true' };
    const imported = await t.upload('/api/products/import/ultra-fast', t.admin, fields, { name: 'c.csv', content: csv });
    const complete = sseEvents(imported.body).at(-1);
    expect(complete).toMatchObject({ type: 'complete', imported: 2, updated: 1 });
    await expectKeptCounts();

    const run = await db.selectFrom('changes').select('id').where('import_run_id', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await t.request('POST', `/api/changes/${run.id}/undo`, t.admin, {})).statusCode).toBeLessThan(300);
    await expectKeptCounts();

    expect((await t.request('DELETE', `/api/products/${id}`, t.admin)).statusCode).toBeLessThan(300);
    await expectKeptCounts();

    const other = await insertVendor(db, 'Going away');
    for (let i = 0; i < 3; i++) await insertProduct(db, { vendor_id: other });
    await expectKeptCounts();
    expect((await t.request('DELETE', `/api/vendors/${other}`, t.admin)).statusCode).toBeLessThan(300);
    await expectKeptCounts();
  });

  it('answer the list totals they serve, as counting the rows does', async () => {
    const db = t.database.db;
    const { rows } = await sql<{ all: number; published: number; out: number }>`select count(*)::int as all, count(*) filter (where published = 1)::int as published,
      count(*) filter (where stock_status = 'out_of_stock')::int as out from products where parent_id is null`.execute(db);
    const total = async (query: string) => (await t.request('GET', `/api/products?${query}`, t.admin)).json().pagination.total as number;
    expect(await total('')).toBe(rows[0]!.all);
    expect(await total('published=true')).toBe(rows[0]!.published);
    expect(await total('stock_status=out_of_stock')).toBe(rows[0]!.out);
    // Two filters together are counted from the rows.
    await db.updateTable('listed_product_counts').set({ n: 999_999 }).execute();
    expect(await total('published=true&stock_status=out_of_stock')).toBeLessThan(999_999);
    expect(await total('')).toBe(999_999);
    await sql`delete from listed_product_counts`.execute(db);
    await sql`insert into listed_product_counts (key, n) select k.key, count(*) from products r
      cross join lateral (values ('all'), ('published:' || r.published), ('stock_status:' || r.stock_status)) k(key) where r.parent_id is null group by k.key`.execute(db);
  });

  it("answer a vendor's and a category subtree's totals from the vendor's and the categories' kept counts", async () => {
    const db = t.database.db;
    const vendorId = await insertVendor(db, 'Subtrees');
    const deck = await insertCategory(db, { name: 'Deck', type: 'store' });
    const root = deck.id;
    const child = (await insertCategory(db, { name: 'Cleats', type: 'store', parent: deck })).id;
    const other = (await insertCategory(db, { name: 'Sails', type: 'store' })).id;
    const vendorRoot = (await insertCategory(db, { name: 'Hardware', type: 'vendor', vendor_id: vendorId })).id;
    for (let i = 0; i < 6; i++) {
      await insertProduct(db, { vendor_id: vendorId, store_category_id: [root, child, other][i % 3], vendor_category_id: i % 2 ? vendorRoot : null });
    }
    const parent = await insertProduct(db, { vendor_id: vendorId, kind: 'variable', store_category_id: child });
    await insertProduct(db, { parent_id: parent, kind: 'variation', name: '', option1: 'S' });
    const counted = async (where: ReturnType<typeof sql>) =>
      Number((await sql<{ n: number }>`select count(*)::int as n from products p where p.parent_id is null and ${where}`.execute(db)).rows[0]!.n);
    const total = async (query: string) => (await t.request('GET', `/api/products?${query}`, t.admin)).json().pagination.total as number;
    expect(await total(`vendor_id=${vendorId}`)).toBe(await counted(sql`p.vendor_id = ${vendorId}`));
    expect(await total(`store_category_ids=${root}`)).toBe(await counted(sql`p.store_category_id in (${root}, ${child})`));
    // Overlapping subtrees count each product once.
    expect(await total(`store_category_ids=${root}&store_category_ids=${child}&store_category_ids=${other}`)).toBe(await counted(sql`p.store_category_id in (${root}, ${child}, ${other})`));
    expect(await total(`vendor_category_ids=${vendorRoot}`)).toBe(await counted(sql`p.vendor_category_id = ${vendorRoot}`));
    // A store category's id given as a vendor category matches nothing, as the rows say.
    expect(await total(`vendor_category_ids=${root}`)).toBe(0);
  });

  it('keep half of each page of the tables triggers count in free, so that counting does not bloat them', async () => {
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`select relname, reloptions from pg_class
      where relname in ('categories', 'vendors', 'listed_product_counts') order by relname`.execute(t.database.db);
    expect(rows.map((r) => [r.relname, r.reloptions])).toEqual([
      ['categories', ['fillfactor=50']],
      ['listed_product_counts', ['fillfactor=50']],
      ['vendors', ['fillfactor=50']],
    ]);
  });
});
