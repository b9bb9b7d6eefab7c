import { ruledListPrice, type PriceEnding, type PriceRules, type PriceRulesApply, type StoreCategoryRef } from '@bosun/shared';
import type { NumericValue } from '../../../components/ui/numeric-input';

export const MAX_PRICE_RULES = 20;

/** One price rule as its inputs hold it; the store category with its path, as the picker shows it. */
export interface PriceRuleValues {
  factor: NumericValue;
  amount: NumericValue;
  storeCategory: StoreCategoryRef | null;
  costFrom: NumericValue;
  costTo: NumericValue;
}

/** The price-rules editor as its inputs hold it. Paths mirror the body's (priceRules.rules.0.factor, ...) for the schema's messages. */
export interface PriceRulesFormValues {
  /** Off: the profile sets no list price from the cost. */
  enabled: boolean;
  applyTo: PriceRulesApply;
  ending: PriceEnding;
  minMarginPercent: NumericValue;
  rules: PriceRuleValues[];
}

export const newPriceRule = (): PriceRuleValues => ({ factor: 1.4, amount: 0, storeCategory: null, costFrom: '', costTo: '' });

/** The form's start from a profile's rules; the category paths come later (the form has ids only). */
export function priceRulesFormDefaults(rules: PriceRules | null, pathOf: (id: number) => string = () => ''): PriceRulesFormValues {
  return {
    enabled: rules !== null,
    applyTo: rules?.applyTo ?? 'missing',
    ending: rules?.ending ?? '99',
    minMarginPercent: rules?.minMarginPercent ?? 0,
    rules: rules?.rules.length
      ? rules.rules.map((r) => ({
          factor: r.factor,
          amount: r.amount,
          storeCategory: r.storeCategoryId === null ? null : { id: r.storeCategoryId, path: pathOf(r.storeCategoryId) },
          costFrom: r.costFrom ?? '',
          costTo: r.costTo ?? '',
        }))
      : [newPriceRule()],
  };
}

const numberOr = <T>(value: NumericValue, empty: T) => (value === '' ? empty : value);

/** One rule as the body sends it ('' factor: no number, so the schema names it; '' amount: 0; '' band ends: open). */
const ruleBody = (rule: PriceRuleValues) => ({
  factor: numberOr(rule.factor, undefined),
  amount: numberOr(rule.amount, 0),
  storeCategoryId: rule.storeCategory?.id ?? null,
  costFrom: numberOr(rule.costFrom, null),
  costTo: numberOr(rule.costTo, null),
});

/** The price rules as the body sends them (the shared schema checks them): null when off. */
export function priceRulesBody(values: PriceRulesFormValues): Record<string, unknown> | null {
  if (!values.enabled) return null;
  return { applyTo: values.applyTo, ending: values.ending, minMarginPercent: numberOr(values.minMarginPercent, 0), rules: values.rules.map(ruleBody) };
}

/** The cost a rule's example is worked out for: 10.00, or a cost inside the rule's band. */
function exampleCost(rule: PriceRuleValues): number {
  const from = typeof rule.costFrom === 'number' ? rule.costFrom : null;
  const to = typeof rule.costTo === 'number' ? rule.costTo : null;
  if (from !== null) return from;
  if (to !== null && to <= 10) return Math.round((to / 2) * 100) / 100;
  return 10;
}

const money = (value: number) => value.toFixed(2);

/**
 * A rule's live example, 'Cost 10.00 → list 13.99', worked out by the import's own function
 * (shared ruledListPrice) with the editor's ending and least margin. Null while a number in the
 * rule or the margin is not one yet.
 */
export function priceRuleExample(values: Pick<PriceRulesFormValues, 'ending' | 'minMarginPercent'>, rule: PriceRuleValues): string | null {
  const { factor, amount } = rule;
  const margin = values.minMarginPercent === '' ? 0 : values.minMarginPercent;
  if (typeof factor !== 'number' || (amount !== '' && typeof amount !== 'number') || typeof margin !== 'number') return null;
  const cost = exampleCost(rule);
  const only: PriceRules = {
    applyTo: 'always',
    ending: values.ending,
    minMarginPercent: margin,
    // This rule alone, in any category and band: the example is its own arithmetic.
    rules: [{ factor, amount: amount === '' ? 0 : amount, storeCategoryId: null, costFrom: null, costTo: null }],
  };
  const price = ruledListPrice(only, cost, () => true);
  if (price === null) return null;
  const raw = cost * factor + (amount === '' ? 0 : amount);
  const floored = raw < cost * (1 + margin / 100);
  return `Cost ${money(cost)} → list ${money(price)}${floored ? ' (raised to the least margin)' : ''}`;
}
