/** Excel and LibreOffice read a UTF-8 file correctly only when it starts with a BOM. */
export const UTF8_BOM = '\uFEFF';

/**
 * Cells a spreadsheet would run as a formula start with =, +, -, @, tab or CR. Export prefixes
 * them (and cells that already look escaped) with one apostrophe; import removes exactly one,
 * so every value round-trips unchanged.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

export const neutraliseFormula = (text: string) => (FORMULA_LIKE.test(text) ? `'${text}` : text);
export const restoreFormula = (text: string) => (ESCAPED_FORMULA.test(text) ? text.slice(1) : text);

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One CSV cell: text is neutralised and quoted when needed; numbers and empty values pass as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = neutraliseFormula(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`;

/** Money is written with exactly two decimals so it reads back as the same number. */
export const moneyCell = (value: number | null) => (value === null ? null : value.toFixed(2));
