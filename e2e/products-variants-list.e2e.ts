import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, uniqueSuffix } from './support/api.js';
import { pageForFile, signIn } from './support/browser.js';
import { gone, toast, visible } from './support/ui.js';

/**
 * A variable product in the products list (issue 18), in Chromium against the real server: made
 * through the API as a client would (a product, its attributes, its generated variations), then
 * its badge and price range, the 'Show variations' rows and its delete confirmation on the page,
 * and what the API holds after the delete.
 */

const RUN = uniqueSuffix();
const ROPE_SKU = `VROPE-${RUN}`;
const ROPE_NAME = `Braided rope ${RUN}`;

let page: Page;
let ropeId: number;

/** E2E_SCREENSHOT_DIR=/some/dir keeps a picture of each screen the journey reaches, for a look by eye. */
const snap = async (name: string) => {
  if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/${name}.png`, fullPage: true });
};
const row = (text: string) => page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });

/** Diameter × Length: 2 × 2 variations, priced 19.90 and 34.50 (the 10 mm ones). */
async function makeRope() {
  const { id } = await api<{ id: number }>('POST', '/products', { sku: ROPE_SKU, name: ROPE_NAME, brand: 'Liros', weight: 1.5 }, 201);
  await api('PUT', `/products/${id}/attributes`, {
    attributes: [
      { name: 'Diameter', values: ['8 mm', '10 mm'] },
      { name: 'Length', values: ['25 m', '50 m'] },
    ],
  });
  await api('POST', `/products/${id}/variations/generate`, { values: [['8 mm'], ['25 m', '50 m']], sku_pattern: '{sku}-{Diameter}-{Length}', list_price: 19.9, stock: 3 });
  await api('POST', `/products/${id}/variations/generate`, { values: [['10 mm'], ['25 m', '50 m']], sku_pattern: '{sku}-{Diameter}-{Length}', list_price: 34.5, stock: 5 });
  return id;
}

describe('a variable product in the products list', () => {
  beforeAll(async () => {
    ropeId = await makeRope();
  });

  pageForFile(async (opened) => {
    page = opened;
    await signIn(page);
  });

  afterAll(async () => {
    // Leave the shared admin's list as every other journey expects it.
    await api('PUT', '/users/preferences', { showVariations: false }).catch(() => undefined);
  });

  it('shows its variation count and price range, lists its variations with the switch, and says the count when deleting it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/products?search=${encodeURIComponent(ROPE_SKU)}`);
    const parent = row(ROPE_SKU);
    await visible(parent);
    const badge = parent.getByRole('link', { name: '4 variations' });
    expect(await badge.getAttribute('href')).toBe(`/product/${ropeId}/variations`);
    await visible(parent.getByText('$19.90 – $34.50', { exact: true }));
    // The search text is a variation's SKU prefix too: the first matching variation is named.
    await visible(parent.getByText(`matches variation ${ROPE_SKU}-8mm-25m (8 mm / 25 m)`));
    await snap('variants-list-1280');

    const showVariations = page.getByRole('switch', { name: 'Show variations' });
    await showVariations.check({ force: true });
    const variation = row(`${ROPE_SKU}-10mm-50m`);
    await visible(variation);
    await visible(variation.getByText(`${ROPE_NAME} — 10 mm / 50 m`, { exact: true }));
    await visible(variation.getByText('$34.50', { exact: true }));
    expect(await page.getByRole('row').filter({ hasText: `${ROPE_NAME} — ` }).count()).toBe(4);
    // Not selectable: bulk actions act on products.
    expect(await variation.getByRole('checkbox').count()).toBe(0);
    await snap('variants-list-variations-1280');
    // The choice is kept with the account.
    await page.reload();
    await visible(row(`${ROPE_SKU}-8mm-25m`));

    // On a phone the rows are cards, the variations' under their parent's (issue 24 point 3).
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole('list', { name: 'Products' });
    await visible(cards.getByText(`${ROPE_SKU}-8mm-25m`, { exact: true }));
    await visible(cards.getByRole('link', { name: `${ROPE_NAME} — 8 mm / 25 m: open the variations of ${ROPE_NAME}` }));
    await snap('variants-list-variations-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await parent.hover();
    await parent.getByRole('button', { name: 'Delete Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Product' });
    await visible(dialog.getByText('This also deletes its 4 variations.'));
    await snap('variants-delete-confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await visible(toast(page, 'Product deleted successfully'));
    await gone(parent);

    const left = await api<{ products: unknown[] }>('GET', `/products?search=${encodeURIComponent(ROPE_SKU)}`);
    expect(left.products).toEqual([]);
    await api('GET', `/products/${ropeId}/variations`, undefined, 404);
  });
});
