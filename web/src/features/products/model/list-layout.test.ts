import { describe, expect, it } from 'vitest';
import { ACTIONS_COLUMN_WIDTH, columnWidths, fixedColumnsWidth } from './list-layout';
import { DEFAULT_VISIBLE_COLUMNS, defaultColumnWidth, MAX_COLUMN_WIDTH } from './product-columns';

/**
 * The room the list's box has in the app shell: the window less the expanded sidebar (240 px), the
 * page's padding (20 px each side), the card's border (1 px each side) and, in browsers that draw
 * one, the list's vertical scrollbar (17 px).
 */
const listBoxWidth = (windowWidth: number) => windowWidth - 240 - 2 * 20 - 2 - 17;

const defaultRowWidth = () => fixedColumnsWidth(false) + DEFAULT_VISIBLE_COLUMNS.reduce((sum, id) => sum + defaultColumnWidth(id), 0);

describe('the default columns (issue 24 point 10)', () => {
  it('fit a 1440 px and a 1280 px screen without scrolling sideways, the name at its least', () => {
    expect(defaultRowWidth()).toBeLessThanOrEqual(listBoxWidth(1440));
    expect(defaultRowWidth()).toBeLessThanOrEqual(listBoxWidth(1280));
  });

  it('include the vendor, the categories and the status', () => {
    expect(DEFAULT_VISIBLE_COLUMNS).toEqual(expect.arrayContaining(['name', 'sku', 'vendor_name', 'categories_display', 'published']));
  });

  it('give the name the room the others leave, so the row fills the box exactly', () => {
    const box = listBoxWidth(1440);
    const widths = columnWidths(DEFAULT_VISIBLE_COLUMNS, {}, box, false);
    const row = fixedColumnsWidth(false) + Object.values(widths).reduce((a, b) => a + b, 0);
    expect(row).toBe(box);
    expect(widths.name).toBe(box - (defaultRowWidth() - defaultColumnWidth('name')));
    expect(widths.name).toBeGreaterThan(300);
  });
});

describe('columnWidths', () => {
  it("keeps the user's own widths, the name's too (then it no longer grows)", () => {
    const widths = columnWidths(['sku', 'name', 'brand'], { sku: 200, name: 260 }, 1500, false);
    expect(widths).toEqual({ sku: 200, name: 260, brand: defaultColumnWidth('brand') });
  });

  it('never shrinks the name below its default in a narrow box, nor before the box is measured', () => {
    expect(columnWidths(['sku', 'name'], {}, 300, false).name).toBe(defaultColumnWidth('name'));
    expect(columnWidths(['sku', 'name'], {}, 0, false).name).toBe(defaultColumnWidth('name'));
  });

  it('keeps the name within the widest a column may be', () => {
    expect(columnWidths(['name'], {}, 10_000, false).name).toBe(MAX_COLUMN_WIDTH);
  });

  it('leaves room for the row actions where they take a column (no hover)', () => {
    const hover = columnWidths(['sku', 'name'], {}, 1000, false).name!;
    const touch = columnWidths(['sku', 'name'], {}, 1000, true).name!;
    expect(hover - touch).toBe(ACTIONS_COLUMN_WIDTH);
  });
});
