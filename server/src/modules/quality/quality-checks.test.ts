import { gtinProblem, QUALITY_CHECKS, ROW_QUALITY_CHECKS, type QualityCheck } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import type { NewProductRow } from '../../db/types.js';
import { insertCategory, insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/**
 * Each quality check as the database keeps it (migration 0038), at its edges, on the engine the
 * suite runs on; the GTIN's SQL agrees with shared/src/gtin.ts, its one source.
 */
const t = setupTestApp();

/** A product that passes every check, with the given fields changed. */
async function complete(fields: Partial<NewProductRow> = {}) {
  return insertProduct(t.database.db, {
    gtin: '4006381333931', image_url: 'https://img.test/a.jpg', description: 'A cleat', weight: 1, length: 2, width: 3, height: 4,
    store_category_id: storeCategory, list_price: 20, vendor_cost: 10, special_price: 15, stock: 3, ...fields,
  });
}

let storeCategory: number;

async function failedChecks(id: number): Promise<QualityCheck[]> {
  const row = await t.database.db.selectFrom('products').select('quality_problems').where('id', '=', id).executeTakeFirstOrThrow();
  return ROW_QUALITY_CHECKS.filter((c) => (row.quality_problems & QUALITY_CHECKS[c].bit) !== 0);
}

describe('quality checks kept by the database', () => {
  it('passes a complete product and flags each missing part alone', async () => {
    storeCategory = (await insertCategory(t.database.db, { name: 'Deck', type: 'store' })).id;
    expect(await failedChecks(await complete())).toEqual([]);
    const cases: [Partial<NewProductRow>, QualityCheck[]][] = [
      [{ image_url: null }, ['no_image']],
      [{ image_url: '' }, ['no_image']],
      [{ image_url: null, images: '["https://img.test/b.jpg"]' }, []],
      [{ gtin: null }, ['invalid_gtin']],
      [{ gtin: '  ' }, ['invalid_gtin']],
      [{ description: '   ' }, ['no_description']],
      [{ weight: null }, ['no_dimensions']],
      [{ height: 0 }, ['no_dimensions']],
      [{ store_category_id: null }, ['no_store_category']],
      [{ list_price: 9.99, special_price: null }, ['below_margin']],
      // A price equal to its cost is not below it (margin percent 0).
      [{ list_price: 10, special_price: null }, []],
      [{ list_price: null }, []],
      [{ vendor_cost: null }, []],
      [{ special_price: 20 }, []],
      [{ special_price: 20.01 }, ['special_above_list']],
      [{ stock: 0 }, []],
      [{ stock: -1 }, ['negative_stock']],
      [{ stock: null }, []],
    ];
    for (const [fields, expected] of cases) expect(await failedChecks(await complete(fields)), JSON.stringify(fields)).toEqual(expected);
  });

  it('leaves a variable product its variations\' price, stock and GTIN, and a variation its parent\'s image, text, size and category', async () => {
    const parent = await complete({ kind: 'variable', gtin: null, list_price: 1, vendor_cost: 5, stock: -2, special_price: 9 });
    expect(await failedChecks(parent)).toEqual([]);
    const variation = await insertProduct(t.database.db, { kind: 'variation', parent_id: parent, name: '', option1: 'Red', gtin: '123', list_price: 4, vendor_cost: 5 });
    expect(await failedChecks(variation)).toEqual(['invalid_gtin', 'below_margin']);
  });

  it('reads a GTIN as gtinProblem does: lengths, check digits, ISBN-10, spaces and dashes', async () => {
    const codes = [
      '4006381333931', '4006381333932', '40063813', '96385074', '96385075', '036000291452', '036000291453', '10614141000415', '10614141000416',
      '0-306-40615-2', '0306406152', '0306406153', '080442957X', '080442957x', '0804429570', '400 638 133 3931', '4006381-333931', '4006381333931\t',
      '1234567', '12345678901', '123456789012345', '00000000', 'ABCDEFGH', '40063813339３1', '4006381333931a', '00000000000000', '0000000000000',
    ];
    const ids = [];
    for (const gtin of codes) ids.push(await complete({ gtin }));
    const flagged = await Promise.all(ids.map(async (id) => (await failedChecks(id)).includes('invalid_gtin')));
    expect(Object.fromEntries(codes.map((c, i) => [c, flagged[i]]))).toEqual(Object.fromEntries(codes.map((c) => [c, gtinProblem(c) !== undefined])));
  });
});
