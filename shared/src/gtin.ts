/** GS1 check digit over the digits before the last (GTIN-8, UPC-A/GTIN-12, EAN-13/ISBN-13, GTIN-14). */
function gs1CheckDigitValid(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Weights 3,1,3,1... counted from the digit next to the check digit.
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

function isbn10Valid(code: string): boolean {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = code[i]!;
    const value = ch === 'X' || ch === 'x' ? 10 : Number(ch);
    if (Number.isNaN(value) || (value === 10 && i !== 9)) return false;
    sum += value * (10 - i);
  }
  return sum % 11 === 0;
}

/** Why a GTIN/UPC/EAN/ISBN is not valid, or undefined when it is. Spaces and dashes are ignored. */
export function gtinProblem(raw: string): string | undefined {
  const code = raw.replace(/[\s-]/g, '');
  if (/^\d{9}[\dXx]$/.test(code)) return isbn10Valid(code) ? undefined : 'GTIN: the ISBN-10 check digit is wrong';
  if (!/^\d+$/.test(code)) return 'GTIN must contain digits only';
  if (![8, 12, 13, 14].includes(code.length)) return 'GTIN must have 8, 12, 13 or 14 digits (or be an ISBN-10)';
  return gs1CheckDigitValid(code) ? undefined : 'GTIN: the check digit is wrong';
}
