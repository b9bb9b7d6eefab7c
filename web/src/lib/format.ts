import { formatCount, plural, pluralWord, wasWere } from '@bosun/shared';

/**
 * The one way the screens write money and counts. Counts and plurals are shared with the server's
 * messages (shared/count-text.ts): '20,000 imported', '1 row was not imported'.
 */
export { formatCount, plural, pluralWord, wasWere };

/** The currency when the settings have not loaded (or name none): the shop's first one. */
export const DEFAULT_CURRENCY = 'USD';

const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string): Intl.NumberFormat {
  let format = currencyFormats.get(currency);
  if (!format) {
    // Always two decimals (prices are kept to the cent) and thousands separators: '$1,234.50'.
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    currencyFormats.set(currency, format);
  }
  return format;
}

/** Money as money: the settings' currency, 2 decimals, thousands separators. A missing price reads as a dash. */
export function formatCurrency(value: number | null | undefined, currency: string = DEFAULT_CURRENCY): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return currencyFormat(currency).format(value);
}

/** The currency's sign for an input's left section ('$', '€', '£'). */
export function currencySymbol(currency: string = DEFAULT_CURRENCY): string {
  return currencyFormat(currency).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The exact moment, to the second, in the reader's time zone. */
export function formatExactTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
