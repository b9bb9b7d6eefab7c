import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, uniqueSuffix } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { signInAs, textbox, toast, visible } from './support/ui.js';

/**
 * Issue 23's main path in Chromium: the dashboard's 'Catalogue quality' card opens the 'below
 * cost' queue, and a bulk edit of the queue's products takes them out of it.
 */

const RUN = uniqueSuffix();
const QUEUE = 'Price below cost or margin';
let page: Page;

const queueCount = async () =>
  (await api<{ queues: { check: string; count: number }[] }>('GET', '/quality/summary')).queues.find((q) => q.check === 'below_margin')!.count;
/** E2E_SCREENSHOT_DIR=/some/dir keeps a picture of each screen the journey reaches. */
const snap = async (name: string) => {
  if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/${name}.png`, fullPage: true });
};

beforeAll(async () => {
  for (const [i, price] of [8, 9.5].entries()) {
    await api('POST', '/products', { sku: `QE-${RUN}-${i}`, name: `Below cost ${RUN} ${i}`, list_price: price, vendor_cost: 10 }, 201);
  }
  await api('POST', '/products', { sku: `QE-${RUN}-OK`, name: `Priced well ${RUN}`, list_price: 20, vendor_cost: 10 }, 201);
});

pageForFile(async (opened) => {
  page = opened;
  await signInAs(page);
});

describe('catalogue quality queues', () => {
  it("opens the 'below cost' queue from the dashboard and empties it with a bulk edit", async () => {
    const before = await queueCount();
    expect(before).toBeGreaterThanOrEqual(2);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Catalogue quality' });
    await visible(card);
    const link = card.getByRole('link', { name: `${QUEUE}: ${before.toLocaleString('en-US')} products` });
    await visible(link);
    await snap('quality-01-dashboard');
    await link.click();

    await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('problem') === 'below_margin');
    await visible(page.getByRole('table', { name: 'Products' }));
    await expect.poll(() => page.getByRole('combobox', { name: 'Problem' }).inputValue()).toBe('below_margin');
    // Only this run's products, whatever else the shared database holds.
    await page.getByRole('textbox', { name: 'Search the product list' }).fill(`QE-${RUN}`);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await visible(page.getByRole('row').filter({ has: page.getByText(`QE-${RUN}-0`, { exact: true }) }));
    await expect.poll(() => page.getByRole('row').filter({ has: page.getByText(`QE-${RUN}-OK`, { exact: true }) }).count()).toBe(0);
    await snap('quality-02-queue');

    await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await visible(bar.getByText('2 products selected'));
    await bar.getByRole('button', { name: 'Bulk Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Bulk Edit (2 products)' });
    await visible(form);
    await textbox(form, 'List Price').fill('15');
    await form.getByRole('button', { name: 'Update Products' }).click();
    await visible(toast(page, '2 products updated successfully'));

    expect(await queueCount()).toBe(before - 2);
    // The list asks again: the fixed products have left the queue.
    await expect.poll(() => page.getByRole('row').filter({ has: page.getByText(`QE-${RUN}-0`, { exact: true }) }).count()).toBe(0);
    await page.goto('/');
    await visible(page.getByRole('region', { name: 'Catalogue quality' }).getByRole('link', { name: `${QUEUE}: ${(before - 2).toLocaleString('en-US')} products` }));
  });

  it("shows a product's completeness and what it misses on its page", async () => {
    const product = (await api<{ products: { id: number; sku: string }[] }>('GET', `/products?search=QE-${RUN}-OK`)).products[0]!;
    await page.goto(`/product/${product.id}`);
    const panel = page.getByRole('region', { name: 'Completeness' });
    await visible(panel);
    await visible(panel.getByRole('link', { name: 'No image' }));
    await snap('quality-03-product');
  });
});
