import { describe, expect, it } from 'vitest';
import { VARIANT_MESSAGES } from '@bosun/shared';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const call = (method: string, url: string, body?: unknown) => t.request(method, url, t.admin, body);

/** A variable product with one attribute, Size S or M. */
async function variable(sku: string) {
  const id = await insertProduct(t.database.db, { sku, name: sku });
  expect((await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ name: 'Size', values: ['S', 'M'] }] })).statusCode).toBe(200);
  return id;
}

// Several pairs at once: each pair's two requests under two parents want one SKU. On PostgreSQL
// (read committed) both of a pair usually pass the SKU check before either writes; SQLite
// serialises writers, so there the loser meets the check itself. Either way the loser's answer
// is the one it gets when sent again afterwards, one request after the other.
const PAIRS = 6;
type Request = [method: string, url: string, body: unknown];

async function race(pairs: Array<[Request, Request]>) {
  const answers = await Promise.all(pairs.flat().map(([method, url, body]) => call(method, url, body)));
  for (let i = 0; i < pairs.length; i++) {
    const pair = answers.slice(2 * i, 2 * i + 2);
    const statuses = pair.map((a) => a.statusCode).sort();
    expect(statuses[0], pair.map((a) => a.body).join('\n')).toBeLessThan(300);
    expect([400, 409], pair.map((a) => a.body).join('\n')).toContain(statuses[1]);
    const loser = pair.findIndex((a) => a.statusCode >= 400);
    const [method, url, body] = pairs[i]![loser]!;
    const again = await call(method, url, body);
    expect(pair[loser]!.json()).toEqual(again.json());
  }
  return answers.filter((a) => a.statusCode >= 400).map((a) => a.json());
}

describe('two requests giving variations of two parents the same new SKU at once', () => {
  it('create: one is made, the other is refused naming the SKU, never a 500', async () => {
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async (_, i): Promise<[Request, Request]> => {
        const [a, b] = [await variable(`NEW-A${i}`), await variable(`NEW-B${i}`)];
        return [
          ['POST', `/api/products/${a}/variations`, { sku: `SAME-NEW-${i}`, values: ['S'] }],
          ['POST', `/api/products/${b}/variations`, { sku: `SAME-NEW-${i}`, values: ['M'] }],
        ];
      }),
    );
    const refused = await race(pairs);
    expect(refused.map((r) => r.details.fields)).toEqual(Array.from({ length: PAIRS }, (_, i) => ({ sku: VARIANT_MESSAGES.skuTaken(`SAME-NEW-${i}`) })));
  });

  it('save: one is saved, the other names the row and its SKU, never a 500', async () => {
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async (_, i): Promise<[Request, Request]> => {
        const ids = [await variable(`SAVE-A${i}`), await variable(`SAVE-B${i}`)];
        const made = await Promise.all(ids.map(async (id, j) => (await call('POST', `/api/products/${id}/variations`, { sku: `SAVE-${i}-${j}`, values: ['S'] })).json().id as number));
        return [0, 1].map((j) => ['PATCH', `/api/products/${ids[j]}/variations`, { variations: [{ id: made[j], sku: `SAME-SAVE-${i}` }] }]) as [Request, Request];
      }),
    );
    const refused = await race(pairs);
    expect(refused.map((r) => r.details.fields)).toEqual(Array.from({ length: PAIRS }, (_, i) => ({ 'variations.0.sku': VARIANT_MESSAGES.skuTaken(`SAME-SAVE-${i}`) })));
  });

  it('generate: one creates, the other is refused naming the SKU, never a 500', async () => {
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async (_, i): Promise<[Request, Request]> => {
        const [a, b] = [await variable(`GEN-A${i}`), await variable(`GEN-B${i}`)];
        const body = { values: [['S']], sku_pattern: `SAME-GEN-${i}-{Size}` };
        return [['POST', `/api/products/${a}/variations/generate`, body], ['POST', `/api/products/${b}/variations/generate`, body]];
      }),
    );
    const refused = await race(pairs);
    expect(refused.map((r) => r.details.fields)).toEqual(Array.from({ length: PAIRS }, (_, i) => ({ 'combinations.S': VARIANT_MESSAGES.skuTaken(`SAME-GEN-${i}-S`) })));
  });
});

describe('two saves under two parents writing the same new SKUs in opposite orders', () => {
  // Each waits in the SKU index for the row the other wrote first: without one order of taking
  // them, PostgreSQL fails one of the two as a deadlock (a 500). Forty SKUs a save, four pairs at a
  // time, four rounds: before lockSkusForWrite about one pair in eight met it.
  const SIZES = Array.from({ length: 40 }, (_, i) => `S${i}`);
  async function withVariations(sku: string) {
    const id = await insertProduct(t.database.db, { sku, name: sku });
    await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ name: 'Size', values: SIZES }] });
    await call('POST', `/api/products/${id}/variations/generate`, { values: [SIZES], sku_pattern: '{sku}-{Size}' });
    return { id, variations: (await call('GET', `/api/products/${id}/variations`)).json().variations.map((v: { id: number }) => v.id) as number[] };
  }

  it('one saves, the other names each row and its SKU, never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const pairs = await Promise.all(
        Array.from({ length: 4 }, async (_, p): Promise<[Request, Request]> => {
          const [a, b] = [await withVariations(`CROSS-A${round}-${p}`), await withVariations(`CROSS-B${round}-${p}`)];
          const sku = (i: number) => `CROSS-${round}-${p}-${i}`;
          return [
            ['PATCH', `/api/products/${a.id}/variations`, { variations: a.variations.map((id, i) => ({ id, sku: sku(i) })) }],
            ['PATCH', `/api/products/${b.id}/variations`, { variations: b.variations.map((id, i) => ({ id, sku: sku(SIZES.length - 1 - i) })) }],
          ];
        }),
      );
      const refused = await race(pairs);
      for (const answer of refused) {
        expect(Object.keys(answer.details.fields)).toHaveLength(SIZES.length);
        expect(Object.values(answer.details.fields).every((m) => /^SKU CROSS-\d+-\d+-\d+ is already taken$/.test(m as string))).toBe(true);
      }
    }
  });
});

describe('saves of one product’s variations at once', () => {
  it('run one after the other: none is a 500, none writes over another’s change', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await variable(`ONE-${round}`);
      await call('PUT', `/api/products/${id}/attributes`, { attributes: [{ name: 'Size', values: ['S', 'M', 'L'] }] });
      await call('POST', `/api/products/${id}/variations/generate`, { values: [['S', 'M', 'L']], sku_pattern: '{sku}-{Size}', list_price: 10 });
      const [a, b, c] = (await call('GET', `/api/products/${id}/variations`)).json().variations;
      const answers = await Promise.all([
        call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: a.id, sku: `X-${round}`, list_price: 11 }, { id: b.id, sku: `Y-${round}` }] }),
        call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: c.id, sku: `X-${round}` }, { id: b.id, list_price: 12 }] }),
        call('PATCH', `/api/products/${id}/variations`, { variations: [{ id: c.id, values: ['S'] }, { id: a.id, values: ['L'] }] }),
      ]);
      const bodies = answers.map((r) => r.body).join('\n');
      // The first two want the same new SKU: one saves, the other is refused; the third moves values only.
      expect([answers[0]!.statusCode, answers[1]!.statusCode].sort(), bodies).toEqual([200, 400]);
      expect(answers[2]!.statusCode, bodies).toBe(200);
      const refused = answers.find((r) => r.statusCode === 400)!.json();
      expect(Object.values(refused.details.fields)).toEqual([VARIANT_MESSAGES.skuRepeated(`X-${round}`)]);
      const after = new Map((await call('GET', `/api/products/${id}/variations`)).json().variations.map((v: { id: number }) => [v.id, v]));
      expect(after.get(a.id)).toMatchObject({ values: ['L'] });
      expect(after.get(c.id)).toMatchObject({ values: ['S'] });
      if (answers[0]!.statusCode === 200) expect(after.get(a.id)).toMatchObject({ sku: `X-${round}`, list_price: 11 });
      else expect(after.get(b.id)).toMatchObject({ list_price: 12 });
    }
  });
});
