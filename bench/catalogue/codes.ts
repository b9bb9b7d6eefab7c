import type { Brand } from './brands.js';
import type { Random } from './random.js';

/** GS1 check digit for the digits given (GTIN-8/12/13/14 without their last digit). */
export function gtinCheckDigit(digits: string): number {
  let sum = 0;
  // Weights alternate 3, 1, ... starting from the rightmost digit of the body.
  for (let i = 0; i < digits.length; i++) {
    const fromRight = digits.length - 1 - i;
    sum += Number(digits[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin(gtin: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(gtin)) return false;
  return gtinCheckDigit(gtin.slice(0, -1)) === Number(gtin[gtin.length - 1]);
}

/**
 * GTIN-13: '0' + a 4-digit company prefix per brand + the product index in 7 digits + check
 * digit, so codes stay unique for 10 million products.
 */
export function makeGtin(brand: Brand, index: number): string {
  const company = String(1000 + ((brand.index * 137 + 411) % 9000));
  const body = `0${company}${String(index % 10_000_000).padStart(7, '0')}`;
  return body + gtinCheckDigit(body);
}

/** Unique because it derives from the product's position, not from randomness. */
export function makeSku(brand: Brand, index: number): string {
  return `${brand.skuPrefix}-${String(index + 1).padStart(6, '0')}`;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** A manufacturer part number in one of a few house styles, chosen per brand. */
export function makeMfn(brand: Brand, rng: Random): string {
  const letter = () => LETTERS[rng.int(0, LETTERS.length - 1)];
  switch (brand.index % 5) {
    case 0:
      return `${rng.digits(3)}-${rng.digits(5)}-${rng.digits(2)}`;
    case 1:
      return `${brand.skuPrefix.slice(0, 2)}${rng.digits(5)}`;
    case 2:
      return `${rng.digits(2)}${letter()}${rng.digits(4)}${letter()}`;
    case 3:
      return `${brand.skuPrefix}-${rng.digits(4)}-${letter()}${letter()}`;
    default:
      return `${rng.digits(5)}${letter()}`;
  }
}
