import { describe, expect, it } from 'vitest';
import { currencySymbol, formatCount, formatCurrency, plural, wasWere } from './format';

describe('formatCurrency', () => {
  it('writes money as money: two decimals and thousands separators (5.5 is $5.50, never 5.5)', () => {
    expect(formatCurrency(5.5)).toBe('$5.50');
    expect(formatCurrency(1234567.891)).toBe('$1,234,567.89');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-12)).toBe('-$12.00');
  });

  it("uses the settings' currency", () => {
    expect(formatCurrency(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatCurrency(9.99, 'GBP')).toBe('£9.99');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol()).toBe('$');
  });

  it('writes a missing price as a dash', () => {
    expect([formatCurrency(null), formatCurrency(undefined), formatCurrency(Number.NaN)]).toEqual(['—', '—', '—']);
  });
});

describe('counts', () => {
  it('separate thousands and agree with their noun', () => {
    expect(formatCount(20_000)).toBe('20,000');
    expect(`Import complete: ${formatCount(20_000)} imported`).toBe('Import complete: 20,000 imported');
    expect([plural(1, 'row'), plural(2, 'row'), plural(1, 'category', 'categories'), plural(3, 'category', 'categories')]).toEqual(['1 row', '2 rows', '1 category', '3 categories']);
    expect(`${plural(1, 'row')} ${wasWere(1)} not imported`).toBe('1 row was not imported');
  });
});
