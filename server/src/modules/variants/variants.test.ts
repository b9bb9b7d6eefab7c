import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGES, MAX_VARIATIONS, VARIANT_MESSAGES } from '@bosun/shared';
import { insertProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.register('owner', 'admin')).token;
});
afterAll(async () => t.close());

const call = (method: string, url: string, body?: unknown, token = admin) => t.request(method, url, token, body);
const ROPE_ATTRIBUTES = [
  { name: 'Diameter', values: ['8 mm', '10 mm', '12 mm'] },
  { name: 'Length', values: ['25 m', '50 m', '100 m', '200 m'] },
];

/** A variable rope with Diameter × Length, and its 12 variations generated. */
async function rope(sku: string) {
  const id = await insertProduct(t.database.db, { sku, name: `Rope ${sku}`, weight: 2, image_url: '/rope.jpg' });
  expect((await call('PUT', `/api/products/${id}/attributes`, { attributes: ROPE_ATTRIBUTES })).statusCode).toBe(200);
  const made = await call('POST', `/api/products/${id}/variations/generate`, {
    values: ROPE_ATTRIBUTES.map((a) => a.values),
    sku_pattern: '{sku}-{Diameter}-{Length}',
    list_price: 20,
    stock: 5,
  });
  expect(made.json()).toEqual({ message: '12 variations created', created: 12, skipped: 0 });
  return id;
}
const variations = async (id: number) => (await call('GET', `/api/products/${id}/variations`)).json();

describe('attributes', () => {
  it('make a simple product variable, keeping it, and simple again once it has no variations', async () => {
    const id = await insertProduct(t.database.db, { sku: 'SHACKLE', name: 'Shackle' });
    const res = await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ name: 'Size', values: ['6 mm', '8 mm'] }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: VARIANT_MESSAGES.attributesSaved, product: { id, sku: 'SHACKLE', name: 'Shackle', kind: 'variable' }, attributes: [{ name: 'Size', values: ['6 mm', '8 mm'] }], variations: [] });
    const v = await call('POST', `/api/products/${id}/variations`, { sku: 'SHACKLE-6', values: ['6 mm'], list_price: 4.5 });
    expect(v.statusCode).toBe(201);
    const refused = await call('PUT', `/api/products/${id}/attributes`, { attributes: [] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(VARIANT_MESSAGES.hasVariations(1));
    expect((await call('POST', `/api/products/${id}/variations/delete`, { ids: [v.json().id] })).json()).toEqual({ message: '1 variation deleted', deleted: 1 });
    const simple = await call('PUT', `/api/products/${id}/attributes`, { attributes: [] });
    expect(simple.json()).toMatchObject({ product: { kind: 'simple' }, attributes: [] });
  });

  it('refuse bad attribute lists with the field named', async () => {
    const id = await insertProduct(t.database.db, { sku: 'BAD-ATTR', name: 'Bad' });
    const cases: Array<[unknown, string]> = [
      [{ attributes: [{ name: 'A', values: ['x'] }, { name: 'B', values: ['x'] }, { name: 'C', values: ['x'] }, { name: 'D', values: ['x'] }] }, 'at most 3 attributes'],
      [{ attributes: [{ name: 'Size', values: ['S', 's'] }] }, "'s' is listed twice"],
      [{ attributes: [{ name: 'Size', values: ['S'] }, { name: 'size', values: ['M'] }] }, "The attribute 'size' is listed twice"],
      [{ attributes: [{ name: '', values: ['S'] }] }, 'Attribute name is required'],
      [{ attributes: [{ name: 'Size', values: [] }] }, 'An attribute needs at least one value'],
      [{ attributes: [{ name: 'Size', values: ['S'], colour: 'red' }] }, 'colour'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', `/api/products/${id}/attributes`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await variations(id)).product.kind).toBe('simple');
  });

  it('rename an attribute and a value and move attributes, carrying the variations along', async () => {
    const id = await rope('ROPE-MOVE');
    const res = await call('PUT', `/api/products/${id}/attributes`, {
      attributes: [
        { name: 'Length', values: ['25 m', '50 m', '100 m', '200 m'], was: 2 },
        { name: 'Thickness', values: ['8mm', '10 mm', '12 mm'], was: 1, renames: [{ from: '8 mm', to: '8mm' }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = await variations(id);
    expect(after.attributes.map((a: { name: string }) => a.name)).toEqual(['Length', 'Thickness']);
    const bySku = new Map(after.variations.map((v: { sku: string; values: string[] }) => [v.sku, v.values]));
    expect(bySku.get('ROPE-MOVE-8mm-25m')).toEqual(['25 m', '8mm']);
    expect(bySku.get('ROPE-MOVE-12mm-200m')).toEqual(['200 m', '12 mm']);
  });

  it('add an attribute with the value existing variations take, and refuse one without it', async () => {
    const id = await rope('ROPE-ADD');
    const attributes = ROPE_ATTRIBUTES.map((a, i) => ({ ...a, was: i + 1 }));
    const without = await call('PUT', `/api/products/${id}/attributes`, { attributes: [...attributes, { name: 'Colour', values: ['White', 'Blue'] }] });
    expect(without.statusCode).toBe(400);
    expect(without.json().details.fields['attributes.2.fill']).toBe(VARIANT_MESSAGES.fillNeeded('Colour'));
    const res = await call('PUT', `/api/products/${id}/attributes`, { attributes: [...attributes, { name: 'Colour', values: ['White', 'Blue'], fill: 'White' }] });
    expect(res.statusCode).toBe(200);
    expect(new Set(res.json().variations.map((v: { values: string[] }) => v.values[2]))).toEqual(new Set(['White']));
  });

  it("keep each attribute's storefront settings: given, kept when left out, the default following a rename and dropped with its value", async () => {
    const id = await insertProduct(t.database.db, { sku: 'CLEAT', name: 'Cleat' });
    const put = (attributes: unknown[]) => call('PUT', `/api/products/${id}/attributes`, { attributes });
    const first = await put([
      { name: 'Size', values: ['S', 'M', 'L'], default_value: 'M' },
      { name: 'Finish', values: ['Steel', 'Bronze'], visible: false, global: true },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().attributes).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'], visible: true, global: false, default_value: 'M' },
      { name: 'Finish', values: ['Steel', 'Bronze'], visible: false, global: true, default_value: null },
    ]);
    // Left out, they stay; 'M' renamed to 'Medium' stays the default; the attributes change places.
    const moved = await put([
      { name: 'Finish', values: ['Steel', 'Bronze'], was: 2 },
      { name: 'Size', values: ['S', 'Medium', 'L'], was: 1, renames: [{ from: 'M', to: 'Medium' }] },
    ]);
    expect(moved.json().attributes).toEqual([
      { name: 'Finish', values: ['Steel', 'Bronze'], visible: false, global: true, default_value: null },
      { name: 'Size', values: ['S', 'Medium', 'L'], visible: true, global: false, default_value: 'Medium' },
    ]);
    const cleared = await put([{ name: 'Finish', values: ['Steel'], was: 1, visible: true, default_value: 'Steel' }, { name: 'Size', values: ['S', 'L'], was: 2 }]);
    expect((await variations(id)).attributes).toEqual([
      { name: 'Finish', values: ['Steel'], visible: true, global: true, default_value: 'Steel' },
      { name: 'Size', values: ['S', 'L'], visible: true, global: false, default_value: null },
    ]);
    expect(cleared.statusCode).toBe(200);
    const refused = await put([{ name: 'Finish', values: ['Steel'], default_value: 'Brass' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields['attributes.0.default_value']).toContain(VARIANT_MESSAGES.defaultNotAValue('Brass', 'Finish'));
    expect((await put([{ name: 'Finish', values: ['Steel'], visible: 'no' }])).statusCode).toBe(400);
  });

  it('refuse removing a value in use, or an attribute whose removal merges variations; nothing changes', async () => {
    const id = await rope('ROPE-REMOVE');
    const noTwelve = await call('PUT', `/api/products/${id}/attributes`, {
      attributes: [{ name: 'Diameter', values: ['8 mm', '10 mm'], was: 1 }, { ...ROPE_ATTRIBUTES[1], was: 2 }],
    });
    expect(noTwelve.statusCode).toBe(400);
    expect(noTwelve.json().details.fields['attributes.0.values']).toBe(VARIANT_MESSAGES.valueInUse('12 mm', 4));
    const merge = await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ ...ROPE_ATTRIBUTES[0], was: 1 }] });
    expect(merge.statusCode).toBe(400);
    expect(merge.json().message).toBe(VARIANT_MESSAGES.wouldMerge);
    const after = await variations(id);
    expect(after.attributes).toMatchObject(ROPE_ATTRIBUTES);
    expect(after.variations).toHaveLength(12);
  });
});

describe('variations', () => {
  it('list with the parent inherited fields, the stock total and the price range', async () => {
    const id = await rope('ROPE-LIST');
    const body = await variations(id);
    expect(body.product).toMatchObject({ sku: 'ROPE-LIST', kind: 'variable', weight: 2, image_url: '/rope.jpg' });
    expect(body.variations).toHaveLength(12);
    expect(body.variations[0]).toMatchObject({ sku: 'ROPE-LIST-8mm-25m', values: ['8 mm', '25 m'], list_price: 20, stock: 5, enabled: true, weight: null });
    expect(body).toMatchObject({ stock_total: 60, price_min: 20, price_max: 20 });
  });

  it('create one: refuses a value not declared, a wrong count, a taken SKU and a duplicate combination', async () => {
    const id = await rope('ROPE-ONE');
    const cases: Array<[object, number, string]> = [
      [{ sku: 'X1', values: ['9 mm', '25 m'] }, 400, VARIANT_MESSAGES.notAValue('9 mm', 'Diameter')],
      [{ sku: 'X2', values: ['8 mm'] }, 400, VARIANT_MESSAGES.valueCount(2)],
      [{ sku: 'ROPE-ONE', values: ['8 mm', '25 m'] }, 409, VARIANT_MESSAGES.duplicate(['8 mm', '25 m'])],
      [{ sku: 'ROPE-ONE', values: ['8 mm', '300 m'] }, 400, VARIANT_MESSAGES.notAValue('300 m', 'Length')],
      [{ sku: '', values: ['8 mm', '25 m'] }, 400, 'Name and SKU are required'],
      [{ sku: 'X3', values: ['8 mm', '25 m'], list_price: -1 }, 400, 'List price cannot be negative'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', `/api/products/${id}/variations`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const rm = (await variations(id)).variations[0];
    await call('POST', `/api/products/${id}/variations/delete`, { ids: [rm.id] });
    const taken = await call('POST', `/api/products/${id}/variations`, { sku: 'ROPE-ONE', values: rm.values });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(VARIANT_MESSAGES.skuTaken('ROPE-ONE'));
    expect((await variations(id)).variations).toHaveLength(11);
  });

  it('are refused under a simple product, under a variation, and for a missing product', async () => {
    const simple = await insertProduct(t.database.db, { sku: 'PLAIN', name: 'Plain' });
    const res = await call('POST', `/api/products/${simple}/variations`, { sku: 'PLAIN-1', values: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VARIANT_MESSAGES.notVariable);
    const id = await rope('ROPE-NEST');
    const child = (await variations(id)).variations[0].id;
    expect((await call('GET', `/api/products/${child}/variations`)).statusCode).toBe(400);
    expect((await call('GET', '/api/products/999999/variations')).statusCode).toBe(404);
  });

  it('save many in one request, swapping SKUs included; one bad row saves nothing and names the row', async () => {
    const id = await rope('ROPE-SAVE');
    const [a, b, c] = (await variations(id)).variations;
    const bad = await call('PATCH', `/api/products/${id}/variations`, {
      variations: [
        { id: a.id, list_price: 30 },
        { id: b.id, sku: 'ROPE-LIST' },
        { id: c.id, values: a.values },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({
      'variations.1.sku': VARIANT_MESSAGES.skuTaken('ROPE-LIST'),
      'variations.2.values': VARIANT_MESSAGES.duplicate(a.values),
    });
    expect((await variations(id)).variations[0].list_price).toBe(20);
    const ok = await call('PATCH', `/api/products/${id}/variations`, {
      variations: [
        { id: a.id, sku: b.sku, list_price: 30, enabled: false, weight: 1.5 },
        { id: b.id, sku: a.sku, stock: 0, gtin: '' },
      ],
    });
    expect(ok.json()).toEqual({ message: VARIANT_MESSAGES.saved(2), saved: 2 });
    const after = (await variations(id)).variations;
    expect(after[0]).toMatchObject({ sku: b.sku, list_price: 30, enabled: false, weight: 1.5, values: a.values });
    expect(after[1]).toMatchObject({ sku: a.sku, stock: 0, gtin: null });
    const swapValues = await call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: a.id, values: b.values }, { id: b.id, values: a.values }] });
    expect(swapValues.statusCode).toBe(200);
    expect((await variations(id)).variations[0].values).toEqual(b.values);
  });

  it('name the row and field of a value the schema refuses, for the grid to show beside the row', async () => {
    const id = await rope('ROPE-ROWS');
    const [a, b, c] = (await variations(id)).variations;
    const res = await call('PATCH', `/api/products/${id}/variations`, {
      variations: [
        { id: a.id, stock: 3 },
        { id: b.id, list_price: -1 },
        { id: c.id, gtin: '123', weight: 'heavy' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual({
      'variations.1.list_price': 'List price cannot be negative',
      'variations.2.gtin': expect.any(String),
      'variations.2.weight': 'Weight must be a number',
    });
    expect((await variations(id)).variations[0].stock).toBe(5);
  });

  it("keep the parent's stock total, price range and count as saves, bulk edits, moves and deletes change its variations", async () => {
    const id = await rope('ROPE-SUMS');
    const parent = async () => (await call('GET', `/api/products/${id}`)).json();
    expect(await parent()).toMatchObject({ stock: 60, list_price: 20, variation_price_max: 20, variation_count: 12 });
    const [a, b, c] = (await variations(id)).variations;
    await call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: a.id, stock: 10, list_price: 12.5 }, { id: b.id, list_price: 31 }, { id: c.id, sku: 'ROPE-SUMS-C' }] });
    expect(await parent()).toMatchObject({ stock: 65, list_price: 12.5, variation_price_max: 31, variation_count: 12 });
    await call('POST', `/api/products/${id}/variations/bulk-update`, { ids: [a.id, b.id], updateData: { stock: 0, list_price: 15 } });
    expect(await parent()).toMatchObject({ stock: 50, list_price: 15, variation_price_max: 20 });
    await call('POST', `/api/products/${id}/variations/delete`, { ids: [c.id] });
    expect(await parent()).toMatchObject({ stock: 45, variation_count: 11 });
    // A variation moved to another parent (as an import may do) leaves one total and joins the other.
    const other = await rope('ROPE-SUMS-2');
    await t.database.db.updateTable('products').set({ parent_id: other, option1: 'moved' }).where('id', '=', a.id).execute();
    expect(await parent()).toMatchObject({ stock: 45, variation_count: 10 });
    expect((await call('GET', `/api/products/${other}`)).json()).toMatchObject({ stock: 60, list_price: 15, variation_count: 13 });
  });

  it('refuse a save naming a variation of another product, or the same one twice', async () => {
    const id = await rope('ROPE-OTHER');
    const other = (await variations(await rope('ROPE-OTHER2'))).variations[0].id;
    const res = await call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: other, stock: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields['variations.0.id']).toBe(VARIANT_MESSAGES.notFound);
    const twice = await call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: other, stock: 1 }, { id: other, stock: 2 }] });
    expect(twice.statusCode).toBe(400);
    const del = await call('POST', `/api/products/${id}/variations/delete`, { ids: [other] });
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toContain(String(other));
  });

  it('are deleted with their parent', async () => {
    const id = await rope('ROPE-GONE');
    const child = (await variations(id)).variations[0].id;
    expect((await call('DELETE', `/api/products/${id}`)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('products').select('id').where('parent_id', '=', id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('products').select('id').where('id', '=', child).execute()).toEqual([]);
  });
});

describe('generate', () => {
  it('previews every combination with its SKU, marking the existing ones, then creates only the rest', async () => {
    const id = await insertProduct(t.database.db, { sku: 'JACKET', name: 'Life jacket' });
    await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ name: 'Size', values: ['S', 'M', 'L'] }, { name: 'Colour', values: ['Red', 'Navy Blue'] }] });
    await call('POST', `/api/products/${id}/variations`, { sku: 'JACKET-S-RED', values: ['S', 'Red'] });
    const body = { values: [['S', 'M'], ['Red', 'Navy Blue']], sku_pattern: '{sku}-{size}-{Colour}', list_price: 89, stock: 2 };
    const preview = await call('POST', `/api/products/${id}/variations/generate`, { ...body, preview: true });
    expect(preview.json()).toEqual({
      count: 4,
      creates: 3,
      combinations: [
        { values: ['S', 'Red'], sku: 'JACKET-S-Red', exists: true },
        { values: ['S', 'Navy Blue'], sku: 'JACKET-S-NavyBlue', exists: false },
        { values: ['M', 'Red'], sku: 'JACKET-M-Red', exists: false },
        { values: ['M', 'Navy Blue'], sku: 'JACKET-M-NavyBlue', exists: false },
      ],
    });
    expect((await variations(id)).variations).toHaveLength(1);
    const made = await call('POST', `/api/products/${id}/variations/generate`, body);
    expect(made.json()).toEqual({ message: VARIANT_MESSAGES.created(3, 1), created: 3, skipped: 1 });
    const after = (await variations(id)).variations;
    expect(after.map((v: { sku: string }) => v.sku)).toEqual(['JACKET-S-RED', 'JACKET-S-NavyBlue', 'JACKET-M-Red', 'JACKET-M-NavyBlue']);
    expect(after[1]).toMatchObject({ list_price: 89, stock: 2 });
  });

  it('lists SKU collisions in the preview and creates nothing while there are any', async () => {
    const id = await insertProduct(t.database.db, { sku: 'PAINT', name: 'Antifouling' });
    await insertProduct(t.database.db, { sku: 'PAINT-Red', name: 'Someone else' });
    await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ name: 'Colour', values: ['Red', 'Blue'] }, { name: 'Volume', values: ['1 l', '2.5 l'] }] });
    const collide = { values: [['Red', 'Blue'], ['1 l', '2.5 l']], sku_pattern: '{sku}-{Colour}' };
    const preview = (await call('POST', `/api/products/${id}/variations/generate`, { ...collide, preview: true })).json();
    expect(preview.combinations.map((c: { problem?: string }) => c.problem)).toEqual([
      VARIANT_MESSAGES.skuTaken('PAINT-Red'), VARIANT_MESSAGES.skuTaken('PAINT-Red'), VARIANT_MESSAGES.skuRepeated('PAINT-Blue'), VARIANT_MESSAGES.skuRepeated('PAINT-Blue'),
    ]);
    const refused = await call('POST', `/api/products/${id}/variations/generate`, collide);
    expect(refused.statusCode).toBe(400);
    expect((await variations(id)).variations).toHaveLength(0);
  });

  it('refuses an unknown pattern token, a value not declared, and more than the limit', async () => {
    const id = await insertProduct(t.database.db, { sku: 'BIG', name: 'Big' });
    const many = Array.from({ length: 50 }, (_, i) => `v${i}`);
    await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ name: 'A', values: many }, { name: 'B', values: many }] });
    const token = await call('POST', `/api/products/${id}/variations/generate`, { values: [['v1'], ['v1']], sku_pattern: '{sku}-{Colour}', preview: true });
    expect(token.statusCode).toBe(400);
    expect(token.json().details.fields.sku_pattern).toBe(VARIANT_MESSAGES.unknownToken('Colour'));
    const value = await call('POST', `/api/products/${id}/variations/generate`, { values: [['v1'], ['nope']], sku_pattern: '{sku}-{A}-{B}', preview: true });
    expect(value.json().details.fields['values.1.0']).toBe(VARIANT_MESSAGES.notAValue('nope', 'B'));
    const tooMany = await call('POST', `/api/products/${id}/variations/generate`, { values: [many, many], sku_pattern: '{sku}-{A}-{B}', preview: true });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details.fields.values).toBe(VARIANT_MESSAGES.tooMany(2500));
    expect(MAX_VARIATIONS).toBe(2048);
    const warned = await call('POST', `/api/products/${id}/variations/generate`, { values: [many.slice(0, 10), many.slice(0, 15)], sku_pattern: '{sku}-{A}-{B}', preview: true });
    expect(warned.json()).toMatchObject({ count: 150, creates: 150, warning: VARIANT_MESSAGES.manyWarning(150) });
  });
});

describe('a simple product made variable', () => {
  it('leaves its own stock and prices behind: its variations bring theirs', async () => {
    const id = await insertProduct(t.database.db, { sku: 'WAS-SIMPLE', name: 'Was simple', stock: 7, list_price: 30, market_price: 35, vendor_cost: 12, special_price: 28 });
    expect((await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ name: 'Size', values: ['S', 'M'] }] })).statusCode).toBe(200);
    const made = (await call('GET', `/api/products/${id}`)).json();
    expect(made).toMatchObject({ kind: 'variable', stock: 0, list_price: null, market_price: null, vendor_cost: null, special_price: null });
    await call('POST', `/api/products/${id}/variations/generate`, { values: [['S', 'M']], sku_pattern: '{sku}-{Size}', list_price: 20, stock: 3 });
    expect((await call('GET', `/api/products/${id}`)).json()).toMatchObject({ stock: 6, list_price: 20, variation_price_max: 20, market_price: null });
  });
});

describe('bulk price changes on selected variations', () => {
  it('apply the product bulk edit rules to the selection only', async () => {
    const id = await rope('ROPE-BULK');
    const [a, b, c] = (await variations(id)).variations;
    const up = await call('POST', `/api/products/${id}/variations/bulk-update`, { ids: [a.id, b.id], updateData: { list_price: { op: 'increase', by: 'percent', value: 10 } } });
    expect(up.json()).toEqual({ message: VARIANT_MESSAGES.updated(2), updated: 2 });
    const after = (await variations(id)).variations;
    expect([after[0].list_price, after[1].list_price, after[2].list_price]).toEqual([22, 22, 20]);
    const below = await call('POST', `/api/products/${id}/variations/bulk-update`, { ids: [c.id], updateData: { list_price: { op: 'decrease', by: 'amount', value: 25 } } });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(BULK_MESSAGES.negativePrice('list_price', 1));
    const stranger = await call('POST', `/api/products/${id}/variations/bulk-update`, { ids: [id], updateData: { stock: 1 } });
    expect(stranger.statusCode).toBe(400);
    const name = await call('POST', `/api/products/${id}/variations/bulk-update`, { ids: [a.id], updateData: { name: 'x' } });
    expect(name.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('needs a token and the products permission on every route', async () => {
    const id = await rope('ROPE-ACCESS');
    const noProducts = (await t.registerWithout('no-products', admin, 'products')).token;
    const routes: Array<[string, string, unknown]> = [
      ['GET', `/api/products/${id}/variations`, undefined],
      ['PUT', `/api/products/${id}/attributes`, { attributes: [] }],
      ['POST', `/api/products/${id}/variations`, { sku: 'Z', values: ['8 mm', '25 m'] }],
      ['PATCH', `/api/products/${id}/variations`, { variations: [{ id: 1, stock: 1 }] }],
      ['POST', `/api/products/${id}/variations/delete`, { ids: [1] }],
      ['POST', `/api/products/${id}/variations/generate`, { values: [['8 mm'], ['25 m']], sku_pattern: '{sku}', preview: true }],
      ['POST', `/api/products/${id}/variations/bulk-update`, { ids: [1], updateData: { stock: 1 } }],
    ];
    for (const [method, url, body] of routes) {
      expect((await t.request(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.request(method, url, noProducts, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await variations(id)).variations).toHaveLength(12);
  });
});

describe('in the product list', () => {
  it("shows a variable product with its variations' stock total, price range and count, kept as they change", async () => {
    const id = await rope('ROPE-TOTALS');
    const product = async () => (await call('GET', `/api/products/${id}`)).json();
    expect(await product()).toMatchObject({ kind: 'variable', stock: 60, list_price: 20, variation_price_max: 20, variation_count: 12 });
    const [a, b] = (await variations(id)).variations;
    await call('POST', `/api/products/${id}/variations/bulk-update`, { ids: [a.id], updateData: { list_price: 35, stock: 0 } });
    await call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: b.id, list_price: 12.5 }] });
    expect(await product()).toMatchObject({ stock: 55, list_price: 12.5, variation_price_max: 35, variation_count: 12 });
    await call('POST', `/api/products/${id}/variations/delete`, { ids: [a.id, b.id] });
    expect(await product()).toMatchObject({ stock: 50, list_price: 20, variation_price_max: 20, variation_count: 10 });
  });

  it("finds a product by a variation's SKU, MFN or GTIN and names the variation, on every road", async () => {
    const id = await rope('ROPE-FIND');
    const [a, b] = (await variations(id)).variations;
    await call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: b.id, mfn: 'LIR-XQ-77', gtin: '4006381333931' }] });
    const cases: Array<[string, number]> = [['rope-find-10mm-50m', a.id], ['ROPE-FIND-8mm-25m', a.id], ['xq-77', b.id], ['4006381333931', b.id]];
    for (const [text, variation] of cases) {
      for (const extra of ['', '&sort=name', '&published=true']) {
        const res = (await call('GET', `/api/products?search=${encodeURIComponent(text)}${extra}`)).json();
        expect(res.pagination.total, text + extra).toBe(1);
        expect(res.products[0].id, text + extra).toBe(id);
        if (text.startsWith('ROPE') || text.startsWith('rope')) continue;
        expect(res.products[0].matched_variation, text + extra).toEqual({ id: variation, sku: b.sku, values: b.values });
      }
    }
    const own = (await call('GET', '/api/products?search=rope-find-10mm-50m')).json().products[0];
    expect(own.matched_variation).toMatchObject({ sku: 'ROPE-FIND-10mm-50m', values: ['10 mm', '50 m'] });
  });

  it('a stock or price filter matches a variable product when any of its variations matches', async () => {
    const id = await rope('ROPE-ANY');
    const [a] = (await variations(id)).variations;
    await call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: a.id, list_price: 99, stock: 40 }] });
    const find = async (rows: object[]) => {
      const res = (await call('GET', `/api/products?limit=500&search=ROPE-ANY&advanced_filters=${encodeURIComponent(JSON.stringify(rows))}`)).json();
      return res.products.map((p: { sku: string }) => p.sku);
    };
    expect(await find([{ column: 'list_price', operator: 'between', value: 90, value2: 100 }])).toEqual(['ROPE-ANY']);
    expect(await find([{ column: 'list_price', operator: 'greater_than', value: 100 }])).toEqual([]);
    expect(await find([{ column: 'stock', operator: 'greater_than_or_equal', value: 40 }])).toEqual(['ROPE-ANY']);
    expect(await find([{ column: 'stock', operator: 'equal_to', value: 5 }, { column: 'list_price', operator: 'equal_to', value: 20 }])).toEqual(['ROPE-ANY']);
    expect(await find([{ column: 'stock', operator: 'greater_than', value: 60 }])).toEqual([]);
  });

  it('lists products and never a variation on its own row, whichever road the query takes', async () => {
    await rope('ROPE-LISTED');
    const all = (await call('GET', '/api/products?limit=500')).json();
    const stored = await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', 'is', null).executeTakeFirstOrThrow();
    expect(all.pagination.total).toBe(Number(stored.n));
    expect(all.products.some((p: { kind: string }) => p.kind === 'variation')).toBe(false);
    for (const query of ['search=ROPE-LISTED', 'search=8m', 'sort=vendor_name&order=asc', 'sort=store_category_name&order=desc', 'sort=name', 'search=ROPE-LISTED&sort=stock', 'stock_status=in_stock']) {
      const res = (await call('GET', `/api/products?limit=500&${query}`)).json();
      expect(res.products.some((p: { kind: string }) => p.kind === 'variation'), query).toBe(false);
      expect(res.pagination.total, query).toBe(res.products.length);
    }
    const search = (await call('GET', '/api/products?search=ROPE-LISTED')).json();
    expect(search.products.map((p: { sku: string }) => p.sku)).toEqual(['ROPE-LISTED']);
    expect((await call('GET', '/api/products?search=8m')).json().pagination.total).toBe(0);
  });
});

describe('the product routes on variable products and variations', () => {
  it('refuse a change of a variable product’s stock or prices, and any edit of a variation as a product', async () => {
    const id = await rope('ROPE-GUARD');
    const parent = (await call('GET', `/api/products/${id}`)).json();
    const stock = await call('PUT', `/api/products/${id}`, { stock: 7 });
    expect(stock.statusCode).toBe(400);
    expect(stock.json().details.fields.stock).toBe(VARIANT_MESSAGES.parentField('stock'));
    const price = await call('PUT', `/api/products/${id}`, { list_price: 1 });
    expect(price.json().details.fields.list_price).toBe(VARIANT_MESSAGES.parentField('list_price'));
    // The form sends every field back: unchanged stock and prices beside a real change are fine.
    const form = await call('PUT', `/api/products/${id}`, { name: 'Braided rope', stock: parent.stock, list_price: parent.list_price });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ name: 'Braided rope', stock: 60 });
    const child = (await variations(id)).variations[0].id;
    const asProduct = await call('PUT', `/api/products/${child}`, { name: 'Stray' });
    expect(asProduct.statusCode).toBe(400);
    expect(asProduct.json().message).toBe(VARIANT_MESSAGES.editOnParent);
  });

  it('bulk edit: stock and prices of a selected variable product go to its variations, its other fields to itself', async () => {
    const id = await rope('ROPE-BULKLIST');
    const simple = await insertProduct(t.database.db, { sku: 'CLEAT-BULK', name: 'Cleat', list_price: 10, stock: 1 });
    const res = await call('PUT', '/api/products/bulk/update', { ids: [id, simple], updateData: { list_price: { op: 'increase', by: 'amount', value: 5 }, stock: 3, brand: 'Liros' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '2 products updated successfully (stock and prices on 12 variations)', updated: 2, changeId: expect.any(Number) });
    expect((await call('GET', `/api/products/${id}`)).json()).toMatchObject({ brand: 'Liros', stock: 36, list_price: 25, variation_price_max: 25 });
    expect((await call('GET', `/api/products/${simple}`)).json()).toMatchObject({ brand: 'Liros', stock: 3, list_price: 15 });
    const all = (await variations(id)).variations;
    expect(new Set(all.map((v: { list_price: number; stock: number }) => `${v.list_price}/${v.stock}`))).toEqual(new Set(['25/3']));
    const below = await call('PUT', '/api/products/bulk/update', { ids: [id], updateData: { list_price: { op: 'decrease', by: 'amount', value: 30 } } });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(BULK_MESSAGES.negativePrice('list_price', 12));
  });

  it('dashboard: products and variations are counted apart', async () => {
    const stats = (await call('GET', '/api/dashboard/stats')).json().stats;
    const count = async (variation: boolean) =>
      Number((await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', variation ? 'is not' : 'is', null).executeTakeFirstOrThrow()).n);
    expect(stats.totalProducts).toBe(await count(false));
    expect(stats.totalVariations).toBe(await count(true));
    expect(stats.totalVariations).toBeGreaterThan(0);
  });
});
