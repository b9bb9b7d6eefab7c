/**
 * Price rules of an import profile (issue 22): a list price worked out from the vendor cost. Pure,
 * with no zod, so that every place that prices a row (the import, its dry run) applies one rule.
 */

export const PRICE_ENDINGS = ['none', '99', '95', 'whole'] as const;
export type PriceEnding = (typeof PRICE_ENDINGS)[number];
export const PRICE_ENDING_LABELS: Record<PriceEnding, string> = { none: 'No rounding', '99': 'Ends in .99', '95': 'Ends in .95', whole: 'Whole amount' };

export const PRICE_RULES_APPLY = ['missing', 'always'] as const;
export type PriceRulesApply = (typeof PRICE_RULES_APPLY)[number];
export const PRICE_RULES_APPLY_LABELS: Record<PriceRulesApply, string> = {
  missing: 'Only to rows whose file gives no list price',
  always: 'To every row (the file’s list price is replaced)',
};

export interface PriceRule {
  factor: number;
  amount: number;
  /** The rule applies to products in this store category and its subcategories; null: any. */
  storeCategoryId: number | null;
  /** The cost band [costFrom, costTo); null: open. */
  costFrom: number | null;
  costTo: number | null;
}

export interface PriceRules {
  applyTo: PriceRulesApply;
  ending: PriceEnding;
  /** The floor: a ruled price is never below cost plus this margin (0: never below cost, the bulk edit's guard). */
  minMarginPercent: number;
  /** The first rule that fits a row decides its price. */
  rules: PriceRule[];
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The smallest price at or above `price` with the ending: rounding up never takes a price under its floor. */
export function withEnding(price: number, ending: PriceEnding): number {
  const exact = cents(price);
  if (ending === 'none') return exact;
  if (ending === 'whole') return Math.ceil(exact - 1e-9);
  const fraction = ending === '99' ? 0.99 : 0.95;
  const candidate = cents(Math.floor(exact) + fraction);
  return candidate + 1e-9 >= exact ? candidate : cents(candidate + 1);
}

/** The rule that fits a product of this cost and store category (inCategory says whether it is in a category's subtree). */
export function fittingRule(rules: PriceRules, cost: number, inCategory: (categoryId: number) => boolean): PriceRule | undefined {
  return rules.rules.find(
    (r) => (r.costFrom === null || cost >= r.costFrom) && (r.costTo === null || cost < r.costTo) && (r.storeCategoryId === null || inCategory(r.storeCategoryId)),
  );
}

/** The list price the rules give a product of this vendor cost, or null when no cost or no rule fits. */
export function ruledListPrice(rules: PriceRules, cost: number | null, inCategory: (categoryId: number) => boolean): number | null {
  if (cost === null || !Number.isFinite(cost)) return null;
  const rule = fittingRule(rules, cost, inCategory);
  if (!rule) return null;
  const floor = cost * (1 + rules.minMarginPercent / 100);
  return withEnding(Math.max(cost * rule.factor + rule.amount, floor), rules.ending);
}
