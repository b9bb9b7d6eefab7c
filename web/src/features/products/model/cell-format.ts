/** The list's truncation lengths (SPEC §9). */
export const TRUNCATE_AT = { short_description: 80, description: 100, image_url: 30 } as const;

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

let parser: DOMParser | undefined;

/**
 * The readable text of a stored HTML description. DOMParser documents are inert (no scripts run,
 * no images load), and only the text reaches the page.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html.trim();
  parser ??= new DOMParser();
  const body = parser.parseFromString(html, 'text/html').body;
  for (const node of body.querySelectorAll('script, style')) node.remove();
  const text = body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatNumber = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? '—' : numberFormat.format(value);

/** 'L × W × H unit'; a missing side reads as a dash, and no side at all as a single dash. */
export function formatDimensions(
  dims: { length: number | null; width: number | null; height: number | null },
  unit: string,
): string {
  const sides = [dims.length, dims.width, dims.height];
  if (sides.every((side) => side === null || side === undefined)) return '—';
  return `${sides.map(formatNumber).join(' × ')} ${unit}`;
}

/** The combined categories column: the vendor path and the store path, each only when set. */
export function formatCategories(product: { vendor_category_path: string | null; store_category_path: string | null }): string {
  const parts = [
    product.vendor_category_path && `Vendor: ${product.vendor_category_path}`,
    product.store_category_path && `Store: ${product.store_category_path}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '—';
}
