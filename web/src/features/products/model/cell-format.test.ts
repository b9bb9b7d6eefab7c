import { describe, expect, it } from 'vitest';
import { formatCategories, formatDimensions, htmlToText, truncate, TRUNCATE_AT } from './cell-format';

describe('list cells', () => {
  it('truncates at the spec lengths', () => {
    expect(TRUNCATE_AT).toEqual({ short_description: 80, description: 100, image_url: 30 });
    const url = 'https://cdn.example.com/images/anchors/galvanised-plough-15kg.jpg';
    expect(truncate(url, TRUNCATE_AT.image_url)).toBe(`${url.slice(0, 30)}…`);
    expect(truncate('short', 30)).toBe('short');
    expect(truncate('x'.repeat(100), TRUNCATE_AT.description)).toBe('x'.repeat(100));
    expect(truncate('x'.repeat(101), TRUNCATE_AT.description)).toBe(`${'x'.repeat(100)}…`);
  });

  it('shows only the text of a description, never its markup', () => {
    expect(htmlToText('<p>Hot-dip <strong>galvanised</strong> &amp; tested</p><script>alert(1)</script>')).toBe('Hot-dip galvanised & tested');
    expect(htmlToText('<img src=x onerror="window.hacked=1">Plain')).toBe('Plain');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(htmlToText(null)).toBe('');
  });

  it("formats dimensions as 'L × W × H unit'", () => {
    expect(formatDimensions({ length: 120, width: 45.5, height: 30 }, 'cm')).toBe('120 × 45.5 × 30 cm');
    expect(formatDimensions({ length: 12, width: null, height: 3 }, 'in')).toBe('12 × — × 3 in');
    expect(formatDimensions({ length: null, width: null, height: null }, 'cm')).toBe('—');
  });

  it('combines both category paths', () => {
    expect(formatCategories({ vendor_category_path: 'Deck > Winches', store_category_path: 'Sailing > Hardware' })).toBe(
      'Vendor: Deck > Winches · Store: Sailing > Hardware',
    );
    expect(formatCategories({ vendor_category_path: null, store_category_path: 'Safety' })).toBe('Store: Safety');
    expect(formatCategories({ vendor_category_path: null, store_category_path: null })).toBe('—');
  });
});
