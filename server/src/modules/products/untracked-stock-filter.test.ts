import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATORS_BY_TYPE, untrackedStockNote, UNTRACKED_STOCK_NOTES } from '@bosun/shared';
import { insertProduct } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/**
 * The advanced Stock filter and products whose stock is not tracked (stock null, issue 19): they
 * match 'is not set' and the negations, no other operator, by the shared rule the list's note
 * beside the operator says (untrackedStockNote). On the engine the suite runs on.
 */
const t = setupTestApp();
beforeAll(async () => {
  await insertProduct(t.database.db, { sku: 'UT-ZERO', stock: 0 });
  await insertProduct(t.database.db, { sku: 'UT-FIVE', stock: 5 });
  await insertProduct(t.database.db, { sku: 'UT-MINUS', stock: -2 });
  await insertProduct(t.database.db, { sku: 'UT-UNTRACKED', stock: null, stock_status: 'in_stock' });
});

const skusFiltered = async (operator: string, value?: number, value2?: number) => {
  const filters = encodeURIComponent(JSON.stringify([{ column: 'stock', operator, value, value2 }]));
  const res = await t.request('GET', `/api/products?advanced_filters=${filters}&search=UT-&sort=sku&limit=50`, t.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products.map((p: { sku: string }) => p.sku);
};

/** Every Stock operator: what it finds among 0, 5, -2 and untracked, with value 5 (and 0 to 5 for the ranges). */
const EXPECTED: Record<(typeof OPERATORS_BY_TYPE.number)[number], string[]> = {
  is: ['UT-FIVE'],
  equal_to: ['UT-FIVE'],
  is_not: ['UT-MINUS', 'UT-UNTRACKED', 'UT-ZERO'],
  not_equal_to: ['UT-MINUS', 'UT-UNTRACKED', 'UT-ZERO'],
  greater_than: [],
  less_than: ['UT-MINUS', 'UT-ZERO'],
  greater_than_or_equal: ['UT-FIVE'],
  less_than_or_equal: ['UT-FIVE', 'UT-MINUS', 'UT-ZERO'],
  between: ['UT-FIVE', 'UT-ZERO'],
  not_between: ['UT-MINUS', 'UT-UNTRACKED'],
  is_zero: ['UT-ZERO'],
  is_not_zero: ['UT-FIVE', 'UT-MINUS', 'UT-UNTRACKED'],
  is_positive: ['UT-FIVE'],
  is_negative: ['UT-MINUS'],
  is_set: ['UT-FIVE', 'UT-MINUS', 'UT-ZERO'],
  is_not_set: ['UT-UNTRACKED'],
};

describe('the advanced Stock filter and untracked stock', () => {
  it.each(OPERATORS_BY_TYPE.number)('%s: finds the products the table says, untracked ones exactly when the note says they are included', async (operator) => {
    const ranged = operator === 'between' || operator === 'not_between';
    const found = await skusFiltered(operator, ranged ? 0 : 5, ranged ? 5 : undefined);
    expect(found).toEqual(EXPECTED[operator]);
    const note = untrackedStockNote('stock', operator);
    expect(note).toBe(found.includes('UT-UNTRACKED') ? UNTRACKED_STOCK_NOTES.included : UNTRACKED_STOCK_NOTES.excluded);
  });

  it('has a note for the Stock column only, once an operator is chosen', () => {
    expect(untrackedStockNote('stock', '')).toBeUndefined();
    expect(untrackedStockNote('list_price', 'is_not')).toBeUndefined();
  });
});
