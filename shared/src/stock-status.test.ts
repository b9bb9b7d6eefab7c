import { describe, expect, it } from 'vitest';
import { parentStockStatus, resolveStock } from './stock-status.js';

describe('resolveStock (issue 19: one rule for the form, the API, the import and the bulk edit)', () => {
  it('gives a quantity without a status the status it implies, and the form default without either', () => {
    expect(resolveStock({ stock: 5 })).toEqual({ ok: true, value: { stock: 5, stock_status: 'in_stock' } });
    expect(resolveStock({ stock: 0 })).toEqual({ ok: true, value: { stock: 0, stock_status: 'out_of_stock' } });
    expect(resolveStock({})).toEqual({ ok: true, value: { stock: 0, stock_status: 'out_of_stock' } });
    expect(resolveStock({ stock: null })).toEqual({ ok: true, value: { stock: 0, stock_status: 'out_of_stock' } });
  });

  it('keeps a status given; without a quantity it is not tracked', () => {
    expect(resolveStock({ stock_status: 'in_stock' })).toEqual({ ok: true, value: { stock: null, stock_status: 'in_stock' } });
    expect(resolveStock({ stock: null, stock_status: 'backorder' })).toEqual({ ok: true, value: { stock: null, stock_status: 'backorder' } });
    expect(resolveStock({ stock: 0, stock_status: 'in_stock' })).toEqual({ ok: true, value: { stock: 0, stock_status: 'in_stock' } });
  });

  it('refuses a positive quantity out of stock, naming stock_status', () => {
    expect(resolveStock({ stock: 2, stock_status: 'out_of_stock' })).toEqual({
      ok: false, field: 'stock_status', message: "Stock status cannot be 'Out of stock' with a stock of 2",
    });
    expect(resolveStock({ stock_status: 'out_of_stock' }, { stock: 3, stock_status: 'in_stock' }).ok).toBe(false);
  });

  it('on an update keeps what is not sent, and a backorder at 0 or below', () => {
    const backorder = { stock: 0, stock_status: 'backorder' as const };
    expect(resolveStock({ stock: 0 }, backorder)).toEqual({ ok: true, value: backorder });
    expect(resolveStock({ stock: 4 }, backorder)).toEqual({ ok: true, value: { stock: 4, stock_status: 'in_stock' } });
    expect(resolveStock({ stock_status: 'in_stock' }, { stock: null, stock_status: 'out_of_stock' })).toEqual({ ok: true, value: { stock: null, stock_status: 'in_stock' } });
    expect(resolveStock({ stock: 7 }, { stock: null, stock_status: 'out_of_stock' })).toEqual({ ok: true, value: { stock: 7, stock_status: 'in_stock' } });
  });
});

describe('parentStockStatus', () => {
  it('is in stock when any variation is, else backorder when any is, else out of stock', () => {
    expect(parentStockStatus([{ stock_status: 'out_of_stock' }, { stock_status: 'backorder' }, { stock_status: 'in_stock' }])).toBe('in_stock');
    expect(parentStockStatus([{ stock_status: 'out_of_stock' }, { stock_status: 'backorder' }])).toBe('backorder');
    expect(parentStockStatus([{ stock_status: 'out_of_stock' }])).toBe('out_of_stock');
    expect(parentStockStatus([])).toBe('out_of_stock');
  });
});
