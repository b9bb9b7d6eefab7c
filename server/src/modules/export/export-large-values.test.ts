import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoMapHeaders, MAX_DESCRIPTION_CHARS } from '@bosun/shared';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { createAdminTestApp, setupTestApp, sseEvents } from '../../test/test-app.js';

const t = setupTestApp();
/** Quotes double when written and 'é' takes two bytes: the costliest text for the CSV writer. */
const costly = (chars: number) => '"é'.repeat(Math.ceil(chars / 2)).slice(0, chars);
const LARGE = 100;
const LARGE_CHARS = MAX_DESCRIPTION_CHARS - 1_000;
/** 5 MB of UTF-8 in one description: Cyrillic (two bytes each), quotes, line breaks, and a sailboat outside the BMP. */
const HUGE_UNIT = 'Парус "⛵" 🚤,\r\n';
const HUGE = `=${HUGE_UNIT.repeat(Math.ceil((5 * 1024 * 1024) / Buffer.byteLength(HUGE_UNIT)))}`;
const skus = Array.from({ length: LARGE }, (_, i) => `BIG-${String(i).padStart(3, '0')}`);

beforeAll(async () => {
  // Written straight to the database, as values from before the cap would be.
  for (let i = 0; i < LARGE / 2; i++) await insertProduct(t.database.db, { sku: skus[i], name: `Big ${i}`, description: costly(LARGE_CHARS) });
  await insertProduct(t.database.db, { sku: 'HUGE-1', name: 'Huge', description: HUGE, short_description: costly(100_000) });
  for (let i = LARGE / 2; i < LARGE; i++) await insertProduct(t.database.db, { sku: skus[i], name: `Big ${i}`, description: costly(LARGE_CHARS) });
});

describe('exporting large values', () => {
  for (const mode of ['direct', 'woocommerce'] as const) {
    it(`writes ${LARGE} products of ${LARGE_CHARS} characters and one of ${(Buffer.byteLength(HUGE) / 1e6).toFixed(1)} MB whole, in the ${mode} layout, and they read back exactly`, async () => {
      const res = await t.request('GET', `/api/products/export?mode=${mode}`, t.admin);
      expect(res.statusCode).toBe(200);
      const csv = res.body;
      const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true, bom: false, relax_column_count: false }) as Array<Record<string, string>>;
      const column = 'Description'; // both layouts
      expect(rows.map((r) => r.SKU)).toEqual([...skus.slice(0, LARGE / 2), 'HUGE-1', ...skus.slice(LARGE / 2)]);
      expect(rows.filter((r) => r.SKU !== 'HUGE-1').every((r) => r[column] === costly(LARGE_CHARS))).toBe(true);
      const huge = rows.find((r) => r.SKU === 'HUGE-1')!;
      // Formula-safe: one apostrophe before the '=', which the import removes.
      expect(huge[column] === `'${HUGE}`).toBe(true);

      // Re-imported into an empty shop: the 100 come back exactly; the huge one is the row's error (the cap).
      const target = await createAdminTestApp({ importMaxBytes: 100 * 1024 * 1024 });
      try {
        const headers = Object.keys(rows[0]!);
        const vendor = await insertVendor(target.database.db, 'Any Vendor');
        const fields = { fieldMapping: JSON.stringify(autoMapHeaders(headers)), updateMode: 'true', selectedVendor: String(vendor) };
        const imported = await target.upload('/api/products/import/ultra-fast', target.admin, fields, { name: 'export.csv', content: csv });
        expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
        const complete = sseEvents(imported.body).at(-1) as { type: string; imported: number; errorCount: number; errors: string[] };
        expect(complete).toMatchObject({ type: 'complete', imported: LARGE, errorCount: 1 });
        expect(complete.errors).toEqual([expect.stringMatching(/^Row 52: .*more than 1 MB/)]);
        const back = await target.database.db.selectFrom('products').select(['sku', 'description']).orderBy('sku').execute();
        expect(back.map((p) => p.sku)).toEqual([...skus].sort());
        expect(back.every((p) => p.description === costly(LARGE_CHARS))).toBe(true);
      } finally {
        await target.close();
      }
      // 25 MB of CSV written, parsed and imported again: well past the suite's 30 s on a loaded two-core machine.
    }, 120_000);
  }
});
