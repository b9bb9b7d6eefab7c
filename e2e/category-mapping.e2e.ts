import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.js';
import { api, createVendor, uniqueSuffix } from './support/api.js';
import { toast, visible } from './support/ui.js';

/** Issue 23 in Chromium: an unmapped vendor category mapped from a suggestion, and its products get the shop category. */
const RUN = uniqueSuffix();

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await signIn(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('category mapping (/category-mapping)', () => {
  it('maps an unmapped vendor category from a suggestion, and its products get the shop category', async () => {
    const vendor = await createVendor(`Lewmar ${RUN}`);
    const storeName = `Winches ${RUN}`;
    const store = (await api<{ category: { id: number } }>('POST', '/categories', { name: storeName, type: 'store' })).category;
    const vendorCategory = (await api<{ category: { id: number } }>('POST', '/categories', { name: `Winches ${RUN}`, type: 'vendor', vendor_id: vendor.id })).category;
    const product = await api<{ id: number; store_category_id: number | null }>('POST', '/products', { sku: `MAP-${RUN}`, name: 'Self-tailing winch', vendor_id: vendor.id, vendor_category_id: vendorCategory.id }, 201);
    expect(product.store_category_id).toBeNull();

    await page.goto('/category-mapping');
    await visible(page.getByRole('heading', { name: 'Category mapping' }));
    const picker = page.getByRole('combobox', { name: 'Vendor' });
    await picker.click();
    await picker.fill(vendor.name);
    await page.getByRole('option', { name: vendor.name }).click();
    const summary = page.getByLabel('Mapping summary');
    await visible(summary.getByText('1 of 1 vendor category unmapped · 0% of 1 product has a shop category'));
    const row = page.getByLabel(`Vendor category Winches ${RUN} (${vendor.name})`);
    await visible(row.getByText('Unmapped'));
    await row.getByRole('button', { name: storeName }).click();
    await visible(toast(page, '1 vendor category mapped; 1 product got a shop category'));
    await visible(row.getByText('Mapped', { exact: true }));
    await visible(summary.getByText('0 of 1 vendor category unmapped · 100% of 1 product has a shop category'));
    expect((await api<{ store_category_id: number | null }>('GET', `/products/${product.id}`)).store_category_id).toBe(store.id);
  });
});
