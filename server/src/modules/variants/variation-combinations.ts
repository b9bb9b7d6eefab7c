import { VARIANT_MESSAGES, type Attribute } from '@bosun/shared';

/** The key of a combination of values, as the unique index compares them (case and all). */
export const combinationKey = (values: readonly string[]) => JSON.stringify(values);

/** Every combination of the chosen values, the first attribute's values varying slowest. */
export function combinations(chosen: readonly (readonly string[])[]): string[][] {
  let result: string[][] = [[]];
  for (const values of chosen) result = result.flatMap((prefix) => values.map((value) => [...prefix, value]));
  return result;
}

/**
 * A variation's SKU from a pattern: `{sku}` is the parent's SKU, `{Name}` (an attribute's name, any
 * case) is the variation's value of that attribute with its spaces removed ('8 mm' gives '8mm').
 * A token that is neither is the pattern's error, given before any SKU is made.
 */
export function skuMaker(pattern: string, parentSku: string, attributes: readonly Attribute[]): (values: readonly string[]) => string {
  const tokens = [...pattern.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  const positions = new Map(attributes.map((a, i) => [a.name.toLocaleLowerCase('en-US'), i]));
  for (const token of tokens) {
    if (token.toLowerCase() !== 'sku' && !positions.has(token.trim().toLocaleLowerCase('en-US'))) throw new PatternError(VARIANT_MESSAGES.unknownToken(token));
  }
  return (values) =>
    pattern.replace(/\{([^{}]*)\}/g, (_, token: string) => {
      if (token.toLowerCase() === 'sku') return parentSku;
      return values[positions.get(token.trim().toLocaleLowerCase('en-US'))!]!.replace(/\s+/g, '');
    });
}

export class PatternError extends Error {}

/** The first value not among the attribute's, as the error names it, else undefined. */
export function valueProblem(values: readonly string[], attributes: readonly Attribute[]): string | undefined {
  if (values.length !== attributes.length) return VARIANT_MESSAGES.valueCount(attributes.length);
  for (const [i, value] of values.entries()) {
    if (!attributes[i]!.values.includes(value)) return VARIANT_MESSAGES.notAValue(value, attributes[i]!.name);
  }
  return undefined;
}
