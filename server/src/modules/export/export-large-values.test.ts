import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_CHARS } from '@bosun/shared';
import { insertProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
/** Quotes double when written and 'é' takes two bytes: the costliest text for the CSV writer. */
const costly = (chars: number) => '"é'.repeat(Math.ceil(chars / 2)).slice(0, chars);
const LARGE = 100;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.register('owner', 'admin')).token;
  // Written straight to the database, as values from before the cap would be.
  for (let i = 0; i < LARGE; i++) {
    await insertProduct(t.database.db, { sku: `BIG-${String(i).padStart(3, '0')}`, name: `Big ${i}`, description: costly(MAX_DESCRIPTION_CHARS - 1_000) });
  }
});
afterAll(async () => t.close());

describe('exporting large values', () => {
  for (const mode of ['direct', 'woocommerce'] as const) {
    it(`writes ${LARGE} products of ${MAX_DESCRIPTION_CHARS - 1_000} characters whole, in the ${mode} layout`, async () => {
      const res = await t.request('GET', `/api/products/export?mode=${mode}`, admin);
      expect(res.statusCode).toBe(200);
      const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true, bom: false }) as Array<Record<string, string>>;
      const description = mode === 'direct' ? Object.keys(rows[0]!).find((k) => /^description$/i.test(k))! : 'Description';
      expect(rows.map((r) => r.SKU)).toEqual([...Array.from({ length: LARGE }, (_, i) => `BIG-${String(i).padStart(3, '0')}`)]);
      expect(rows.slice(0, LARGE).every((r) => r[description] === costly(MAX_DESCRIPTION_CHARS - 1_000))).toBe(true);
    });
  }
});
