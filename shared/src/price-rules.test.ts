import { describe, expect, it } from 'vitest';
import { ruledListPrice, withEnding, type PriceRules } from './price-rules.js';

const rules = (over: Partial<PriceRules> = {}): PriceRules => ({
  applyTo: 'missing',
  ending: 'none',
  minMarginPercent: 0,
  rules: [{ factor: 2, amount: 0, storeCategoryId: null, costFrom: null, costTo: null }],
  ...over,
});
const anywhere = () => false;

describe('withEnding', () => {
  it('takes the smallest price at or above with the ending', () => {
    expect(withEnding(12.3, '99')).toBe(12.99);
    expect(withEnding(12.99, '99')).toBe(12.99);
    expect(withEnding(12.995, '99')).toBe(13.99);
    expect(withEnding(13, '99')).toBe(13.99);
    expect(withEnding(12.96, '95')).toBe(13.95);
    expect(withEnding(12.95, '95')).toBe(12.95);
    expect(withEnding(12.01, 'whole')).toBe(13);
    expect(withEnding(12, 'whole')).toBe(12);
    expect(withEnding(12.345, 'none')).toBe(12.35);
  });
});

describe('ruledListPrice', () => {
  it('multiplies the cost, adds the amount and rounds to the ending', () => {
    expect(ruledListPrice(rules({ rules: [{ factor: 1.8, amount: 1.5, storeCategoryId: null, costFrom: null, costTo: null }] }), 10, anywhere)).toBe(19.5);
    expect(ruledListPrice(rules({ ending: '99' }), 10, anywhere)).toBe(20.99);
  });

  it('never prices under the floor of cost plus the least margin, and a price equal to cost is allowed at 0%', () => {
    const belowCost = rules({ rules: [{ factor: 0.5, amount: 0, storeCategoryId: null, costFrom: null, costTo: null }] });
    expect(ruledListPrice(belowCost, 10, anywhere)).toBe(10);
    expect(ruledListPrice({ ...belowCost, minMarginPercent: 25 }, 10, anywhere)).toBe(12.5);
    expect(ruledListPrice({ ...belowCost, minMarginPercent: 25, ending: '99' }, 10, anywhere)).toBe(12.99);
  });

  it('takes the first rule that fits the cost band and the store category', () => {
    const banded = rules({
      rules: [
        { factor: 3, amount: 0, storeCategoryId: 7, costFrom: null, costTo: null },
        { factor: 2, amount: 0, storeCategoryId: null, costFrom: 0, costTo: 10 },
        { factor: 1.5, amount: 0, storeCategoryId: null, costFrom: 10, costTo: null },
      ],
    });
    expect(ruledListPrice(banded, 5, (id) => id === 7)).toBe(15);
    expect(ruledListPrice(banded, 5, anywhere)).toBe(10);
    // The band is [from, to): 10 is in the second band.
    expect(ruledListPrice(banded, 10, anywhere)).toBe(15);
  });

  it('gives no price without a cost or a fitting rule', () => {
    expect(ruledListPrice(rules(), null, anywhere)).toBeNull();
    expect(ruledListPrice(rules({ rules: [{ factor: 2, amount: 0, storeCategoryId: 3, costFrom: null, costTo: null }] }), 10, anywhere)).toBeNull();
  });
});
