import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGES, TAG_MESSAGES } from '@bosun/shared';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let noPermission: string;

beforeAll(async () => {
  noPermission = (await t.registerWithout('deckhand', t.admin, 'products')).token;
});

const create = (body: object, token = t.admin) => t.request('POST', '/api/products', token, { name: 'Tagged', ...body });
const get = async (id: number) => (await t.request('GET', `/api/products/${id}`, t.admin)).json();
const list = async (query: string) => (await t.request('GET', `/api/products?limit=100&${query}`, t.admin)).json();
const skus = async (query: string) => (await list(query)).products.map((p: { sku: string }) => p.sku).sort();
const tagQuery = (...tags: string[]) => tags.map((tag) => `tags=${encodeURIComponent(tag)}`).join('&');
const storedKeys = async (productId: number) =>
  (await sql<{ tag: string }>`select tag from product_tags where product_id = ${productId} order by tag`.execute(t.database.db)).rows.map((r) => r.tag);

describe('a product carries its tags', () => {
  it('creates, reads and replaces tags: trimmed, in order, repeats in another ASCII case and blanks left out', async () => {
    const res = await create({ sku: 'TAG-1', tags: [' Winter ', 'wool', 'WINTER', '', 'Été', 'Ski, alpine'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tags).toEqual(['Winter', 'wool', 'Été', 'Ski, alpine']);
    const id = res.json().id;
    expect((await get(id)).tags).toEqual(['Winter', 'wool', 'Été', 'Ski, alpine']);
    expect(await storedKeys(id)).toEqual(['ski, alpine', 'winter', 'wool', 'Été']);

    const put = await t.request('PUT', `/api/products/${id}`, t.admin, { tags: ['rope'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().tags).toEqual(['rope']);
    expect(await storedKeys(id)).toEqual(['rope']);
    // A PUT without tags leaves them as they are.
    expect((await t.request('PUT', `/api/products/${id}`, t.admin, { brand: 'Lewmar' })).json().tags).toEqual(['rope']);
  });

  it('a product without tags has none', async () => {
    const res = await create({ sku: 'TAG-NONE' });
    expect(res.json().tags).toEqual([]);
  });

  it('refuses more than 50 tags, a tag over 100 characters, or tags that are not a list of text, naming the field', async () => {
    const tooMany = await create({ sku: 'TAG-X1', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details.fields).toEqual({ tags: TAG_MESSAGES.tooMany });
    const tooLong = await create({ sku: 'TAG-X2', tags: ['ok', 'x'.repeat(101)] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details.fields).toEqual({ 'tags.1': TAG_MESSAGES.tooLong });
    const notList = await create({ sku: 'TAG-X3', tags: 'winter' });
    expect(notList.statusCode).toBe(400);
    expect(Object.keys(notList.json().details.fields)).toEqual(['tags']);
    const nul = await create({ sku: 'TAG-X4', tags: ['a\0b'] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details.fields).toEqual({ 'tags.0': TAG_MESSAGES.nul });
    // 50 distinct tags are fine, and 51 that are 50 once repeats are left out.
    const fifty = await create({ sku: 'TAG-50', tags: [...Array.from({ length: 50 }, (_, i) => `t${i}`), 'T0'] });
    expect(fifty.statusCode, fifty.body).toBe(201);
    expect(fifty.json().tags).toHaveLength(50);
  });

  it('answers 401 without a token and 403 without the products permission', async () => {
    expect((await create({ sku: 'TAG-AUTH', tags: ['a'] }, '')).statusCode).toBe(401);
    expect((await create({ sku: 'TAG-AUTH', tags: ['a'] }, noPermission)).statusCode).toBe(403);
    expect((await t.request('GET', `/api/products?${tagQuery('rope')}`, noPermission)).statusCode).toBe(403);
  });
});

describe('the list filters and searches by tag', () => {
  beforeAll(async () => {
    await create({ sku: 'F-1', tags: ['Marine', 'rope'] });
    await create({ sku: 'F-2', tags: ['marine'] });
    await create({ sku: 'F-3', tags: ['Chandlery'] });
    await create({ sku: 'F-4', name: 'Marine grease' });
  });

  it('has tag X: ASCII case folded; one of several', async () => {
    expect(await skus(tagQuery('MARINE'))).toEqual(['F-1', 'F-2']);
    expect(await skus(tagQuery('chandlery', 'rope'))).toEqual(['F-1', 'F-3', 'TAG-1']);
    expect(await skus(tagQuery('nothing-has-this'))).toEqual([]);
    expect((await list(tagQuery('marine'))).pagination.total).toBe(2);
    // Counted from product_tags when the tags are the only filter: a product with two of them once, a key asked twice once.
    const either = tagQuery('marine', 'rope'); // F-1 has both
    expect(await skus(either)).toContain('F-1');
    expect((await list(either)).pagination.total).toBe((await skus(either)).length);
    expect((await list(tagQuery('marine', 'MARINE'))).pagination.total).toBe(2);
    expect((await list(tagQuery('nothing-has-this'))).pagination.total).toBe(0);
  });

  it('combines the tag filter with the search and other filters', async () => {
    // 'marine' alone finds F-4 by name and F-1, F-2 by tag; with the filter only the tagged ones.
    expect(await skus('search=marine')).toEqual(['F-1', 'F-2', 'F-4']);
    expect(await skus(`search=marine&${tagQuery('rope')}`)).toEqual(['F-1']);
    expect(await skus(`search=ma&${tagQuery('marine')}`)).toEqual(['F-1', 'F-2']);
  });

  it('search finds a product by a tag or part of one, from two characters on', async () => {
    expect(await skus('search=chandl')).toEqual(['F-3']);
    expect(await skus('search=CHANDLERY')).toEqual(['F-3']);
    expect(await skus('search=ro')).toContain('F-1');
    // A product without tags holds no tag text: '[]' finds nothing, in neither the short nor the trigram search.
    expect(await skus('search=%5B%5D')).toEqual([]);
    expect(await skus('search=%5B%5D%5D')).toEqual([]);
    const renamed = await create({ sku: 'F-5', tags: ['kelp'] });
    expect(await skus('search=kelp')).toEqual(['F-5']);
    await t.request('PUT', `/api/products/${renamed.json().id}`, t.admin, { tags: ['seaweed'] });
    expect(await skus('search=kelp')).toEqual([]);
    expect(await skus('search=seaweed')).toEqual(['F-5']);
  });

  it('refuses an empty or over-long tag in the filter, naming it', async () => {
    const res = await t.request('GET', `/api/products?${tagQuery('x'.repeat(101))}`, t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Tags \(item 1\): A tag must be at most 100 characters/);
  });

  it('a deleted product leaves no tag behind', async () => {
    const id = (await create({ sku: 'F-DEL', tags: ['gone'] })).json().id;
    expect(await storedKeys(id)).toEqual(['gone']);
    await t.request('DELETE', `/api/products/${id}`, t.admin);
    expect(await storedKeys(id)).toEqual([]);
    expect(await skus(tagQuery('gone'))).toEqual([]);
  });
});

describe('bulk edit adds and removes tags', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const [sku, tags] of [['B-1', ['Sale']], ['B-2', []], ['B-3', ['keep', 'sale']]] as const) {
      ids.push((await create({ sku, tags: [...tags] })).json().id);
    }
  });
  const bulk = (body: object, token = t.admin) => t.request('PUT', '/api/products/bulk/update', token, body);

  it('adds a tag to the selection, once per product whatever its case', async () => {
    const res = await bulk({ ids, updateData: { add_tags: ['sale', 'Summer'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBe(3);
    expect((await get(ids[0]!)).tags).toEqual(['Sale', 'Summer']);
    expect((await get(ids[1]!)).tags).toEqual(['sale', 'Summer']);
    expect((await get(ids[2]!)).tags).toEqual(['keep', 'sale', 'Summer']);
    expect(await skus(tagQuery('summer'))).toEqual(['B-1', 'B-2', 'B-3']);
  });

  it('removes a tag by its key, and adds and removes in one change', async () => {
    const res = await bulk({ ids, updateData: { remove_tags: ['SALE'], add_tags: ['clearance'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(ids[0]!)).tags).toEqual(['Summer', 'clearance']);
    expect((await get(ids[2]!)).tags).toEqual(['keep', 'Summer', 'clearance']);
    expect(await skus(tagQuery('sale'))).toEqual([]);
  });

  it('acts on every product matching the list filter, the tag filter too', async () => {
    const res = await bulk({ filter: { tags: ['keep'] }, updateData: { remove_tags: ['summer'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(ids[2]!)).tags).toEqual(['keep', 'clearance']);
    expect((await get(ids[0]!)).tags).toEqual(['Summer', 'clearance']);
  });

  it('refuses to give a product more than 50 tags, naming it, and changes nothing', async () => {
    const full = (await create({ sku: 'B-FULL', tags: Array.from({ length: 49 }, (_, i) => `t${i}`) })).json().id;
    const res = await bulk({ ids: [full, ids[0]], updateData: { add_tags: ['x1', 'x2'], brand: 'Changed' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BULK_MESSAGES.tooManyTags(1, ['B-FULL']));
    expect(res.json().details.fields).toHaveProperty(['updateData.add_tags']);
    expect((await get(ids[0]!)).tags).toEqual(['Summer', 'clearance']);
    expect((await get(ids[0]!)).brand).toBeNull();
    // A tag it has already does not count.
    expect((await bulk({ ids: [full], updateData: { add_tags: ['T0', 'x1'] } })).statusCode).toBe(200);
    expect((await get(full)).tags).toHaveLength(50);
  });

  it('refuses an empty or wrong tag list, naming the field; 401 and 403 as every bulk edit', async () => {
    const empty = await bulk({ ids, updateData: { add_tags: [] } });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().details.fields)[0]).toMatch(/^updateData\.add_tags/);
    const wrong = await bulk({ ids, updateData: { remove_tags: [7] } });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().details.fields)[0]).toMatch(/^updateData\.remove_tags/);
    expect((await bulk({ ids, updateData: { tags: ['x'] } })).statusCode).toBe(400);
    expect((await bulk({ ids, updateData: { add_tags: ['x'] } }, '')).statusCode).toBe(401);
    expect((await bulk({ ids, updateData: { add_tags: ['x'] } }, noPermission)).statusCode).toBe(403);
  });

  it('gives no tags to a variation: they are its parent\'s', async () => {
    const parent = await insertProduct(t.database.db, { sku: 'V-PARENT', kind: 'variable' });
    const variation = await insertProduct(t.database.db, { sku: 'V-CHILD', kind: 'variation', parent_id: parent, option1: 'S', name: '' });
    const res = await bulk({ ids: [parent, variation], updateData: { add_tags: ['rigging'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(parent)).tags).toEqual(['rigging']);
    const { rows } = await sql<{ tags: string }>`select tags from products where id = ${variation}`.execute(t.database.db);
    expect(rows[0]!.tags).toBe('[]');
    expect(await skus(tagQuery('rigging'))).toEqual(['V-PARENT']);
  });
});

describe('the OpenAPI document', () => {
  it('describes tags on the product, its create body and the list filter', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const text = res.body;
    const doc = JSON.parse(text);
    const create = doc.paths['/api/products'].post;
    expect(JSON.stringify(create.requestBody)).toContain('"tags"');
    expect(JSON.stringify(doc.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name))).toContain('tags');
  });
});
