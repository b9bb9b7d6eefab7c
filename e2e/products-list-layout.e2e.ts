import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createVendor, uniqueSuffix } from './support/api.js';
import { pageForFile, signIn } from './support/browser.js';
import { gone, visible } from './support/ui.js';

/**
 * The products list's layout (issue 24 points 10 and 3), in Chromium against the real server: at
 * laptop widths the default columns fit with the vendor, categories and status on screen; on a
 * 390 px phone the filters are in a drawer, each product is a card, and every row action is in reach.
 */

const RUN = uniqueSuffix();
const LONG_NAME = `Lewmar Ocean 12/24V Vertical Windlass for Boats to 25 ft with Chain Gypsy ${RUN}`;
/** The same defaults as the web app's (DEFAULT_VISIBLE_COLUMNS), written so this file starts from them whatever ran before. */
const DEFAULT_COLUMNS = ['sku', 'name', 'brand', 'stock', 'list_price', 'vendor_name', 'published', 'categories_display'];

let page: Page;
const ids: number[] = [];

/** Six products of one vendor; the even ones are out of stock, the first has a long name. */
async function makeProducts() {
  const { id: vendorId } = await createVendor(`Layout Marine ${RUN}`);
  for (let i = 1; i <= 6; i++) {
    const { id } = await api<{ id: number }>(
      'POST',
      '/products',
      { sku: `LAY-${RUN}-${i}`, name: i === 1 ? LONG_NAME : `Deck cleat ${RUN} no ${i}`, brand: 'Harken', stock: i % 2 ? 5 : 0, list_price: 10 * i + 0.5, vendor_id: vendorId },
      201,
    );
    ids.push(id);
  }
}

const noSidewaysPageScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the products list fits the screen', () => {
  beforeAll(async () => {
    await makeProducts();
    await api('PUT', '/users/preferences', { productColumns: DEFAULT_COLUMNS, productColumnWidths: {}, pageSize: 20, showVariations: false });
  });

  pageForFile(async (opened) => {
    page = opened;
    await signIn(page);
  });

  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
  ] as const) {
    it(`shows the default columns, Vendor, Categories and Status included, within a ${width} px window`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`/products?search=${RUN}`);
      const table = page.getByRole('table', { name: 'Products' });
      await visible(table.getByText(LONG_NAME));
      for (const name of ['Vendor', 'Categories', 'Status']) {
        const header = table.getByRole('columnheader').filter({ has: page.getByRole('separator', { name: `Resize ${name} column` }) });
        const box = (await header.boundingBox())!;
        expect(box.x + box.width, `${name}'s right edge`).toBeLessThanOrEqual(width);
      }
      // The list's own box does not scroll sideways either.
      const overflow = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
      expect(overflow).toBe(0);
      expect(await noSidewaysPageScroll()).toBe(true);
      // Each row has its thumbnail (the neutral placeholder: these products have no image).
      expect(await table.getByRole('row').nth(1).locator('img').getAttribute('src')).toBe('/product-placeholder.svg');
    });
  }

  it('on a 390 px phone: filters in a drawer with their count, a card per product, its actions in a menu, a tap opens it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/products?search=${RUN}`);
    const list = page.getByRole('list', { name: 'Products' });
    await visible(list.getByText(LONG_NAME));
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByText('Showing 1 to 6 of 6').waitFor();
    expect(await noSidewaysPageScroll()).toBe(true);

    // The filters, in a drawer: one chosen, the button counts it, the list narrows.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('combobox', { name: 'Stock status' }).selectOption('out_of_stock');
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();
    await gone(drawer);
    await visible(page.getByRole('button', { name: 'Filters (1 on)' }));
    await page.getByText('Showing 1 to 3 of 3').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3);
    expect(await list.getByText('Out of stock').count()).toBe(3);

    // A card's menu: the action buttons do not cover the name, and the edit form fits the phone.
    const second = `Deck cleat ${RUN} no 2`;
    const menuButton = page.getByRole('button', { name: `Actions for ${second}` });
    const nameBox = (await list.getByText(second, { exact: true }).boundingBox())!;
    const menuBox = (await menuButton.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(nameBox.x + nameBox.width);
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Quick Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Product' });
    await visible(form);
    const formBox = (await form.boundingBox())!;
    expect(formBox.x).toBeGreaterThanOrEqual(0);
    expect(formBox.x + formBox.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await gone(form);

    // Ticking a card brings the bulk bar, within the width.
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await visible(bulk.getByText('1 product selected'));
    const bulkBox = (await bulk.boundingBox())!;
    expect(bulkBox.x + bulkBox.width).toBeLessThanOrEqual(390);
    expect(await noSidewaysPageScroll()).toBe(true);

    // A tap on the card opens the product.
    await list.getByText(second, { exact: true }).click();
    await page.waitForURL(`**/product/${ids[1]}`);
  });
});
