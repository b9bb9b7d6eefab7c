import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createManyProducts, createProduct, createProducts, createVendor, getDashboardStats, uniqueSuffix, type NewProduct } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { signInAs, visible } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const count = (n: number) => n.toLocaleString('en-US');

// Said as a person would: '1 product', '2 products' (issue 24).

const productCount = (n: number) => `${count(n)} ${n === 1 ? 'product' : 'products'}`;

/** The number a stat card shows. */
async function statValue(page: Page, card: 'Total Products' | 'Active Vendors' | 'Out of Stock' | 'Featured') {
  const region = page.getByRole('region', { name: card });
  await visible(region);
  // The figure, without the note under it (Total Products: 'and N variations', issue 18).
  const lines = (await region.innerText()).replace(card, '').split('\n').map((l) => l.trim()).filter(Boolean);
  return lines[0] ?? '';
}

describe('dashboard', () => {
  it('shows the four stats, the vendor ranking and the recent products of what the shop holds, and Refresh re-reads them', async () => {
    // The database is shared with the other e2e files: start from what is there, and make this
    // test's vendors outrank every vendor already present (so the ranking shown is this test's).
    const before = await getDashboardStats();
    const top = before.topVendors[0]?.product_count ?? 0;
    const suffix = uniqueSuffix();
    const first = await createVendor(`Anchorage Supply ${suffix}`);
    const second = await createVendor(`Bilge Works ${suffix}`);
    const third = await createVendor(`Cleat & Co ${suffix}`);
    const deck = (await api<{ category: { id: number; name: string } }>('POST', '/categories', { name: `Deck Hardware ${suffix}`, type: 'store' }, 201)).category;

    const plan: [number, number][] = [
      [first.id, top + 3],
      [second.id, top + 2],
      [third.id, top + 1],
    ];
    const products: NewProduct[] = [];
    for (const [vendorId, n] of plan) {
      for (let i = 0; i < n; i++) {
        products.push({ sku: `DSH-${suffix}-${vendorId}-${i}`, name: `Deck fitting ${suffix} ${vendorId}/${i}`, stock: 5, list_price: 9.99, vendor_id: vendorId, store_category_id: deck.id, featured: i === 0 });
      }
    }
    // The last two are the most recent: one without a vendor, one out of stock.
    const noVendor: NewProduct = { sku: `DSH-${suffix}-nv`, name: `Unbranded fender ${suffix}`, stock: 7, list_price: 14.5, vendor_id: null, featured: false };
    const soldOut: NewProduct = { sku: `DSH-${suffix}-oos`, name: `Sold-out winch ${suffix}`, stock: 0, list_price: 249, vendor_id: first.id, featured: true };
    await createManyProducts(products);
    await createProducts([noVendor, soldOut]);
    const added = products.length + 2;
    const featuredAdded = plan.length + 1;

    const { context, page } = await newPage(browser);
    try {
      await signInAs(page);
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));

      expect(await statValue(page, 'Total Products')).toBe(count(before.stats.totalProducts + added));
      // Other files' variations, if any, are counted apart.
      const variationsNote = page.getByRole('region', { name: 'Total Products' }).getByText(/variations$/);
      if (before.stats.totalVariations) expect(await variationsNote.textContent()).toBe(`and ${count(before.stats.totalVariations)} ${before.stats.totalVariations === 1 ? 'variation' : 'variations'}`);
      else expect(await variationsNote.count()).toBe(0);
      expect(await statValue(page, 'Active Vendors')).toBe(count(before.stats.totalVendors + 3));
      expect(await statValue(page, 'Out of Stock')).toBe(count(before.stats.outOfStock + 1));
      expect(await statValue(page, 'Featured')).toBe(count(before.stats.featuredProducts + featuredAdded));

      // Top Vendors: ranked by product count, each with its count and a bar relative to the largest
      // vendor's (issue 24 point 12: count/100 drew every bar full).
      const ranking = page.getByRole('region', { name: 'Top Vendors' }).getByRole('listitem');
      const expected = [
        { vendor: first, n: top + 3 + 1 },
        { vendor: second, n: top + 2 },
        { vendor: third, n: top + 1 },
      ];
      for (const [index, { vendor, n }] of expected.entries()) {
        const item = ranking.nth(index);
        await visible(item.getByText(`#${index + 1}`, { exact: true }));
        await visible(item.getByText(vendor.name, { exact: true }));
        await visible(item.getByText(productCount(n), { exact: true }));
        const bar = item.getByRole('progressbar', { name: `${vendor.name}: ${productCount(n)}` });
        expect(Number(await bar.getAttribute('aria-valuenow'))).toBeCloseTo((n / expected[0]!.n) * 100, 5);
      }
      // Drawn, not only announced: the largest vendor's bar is longer than the third's.
      const barWidth = async (index: number) => (await ranking.nth(index).getByRole('progressbar').boundingBox())!.width;
      const widths = [await barWidth(0), await barWidth(2)];
      expect(widths[0]).toBeGreaterThan(widths[1]!);
      const track = (await ranking.nth(0).locator('.mantine-Progress-root').boundingBox())!.width;
      expect(widths[0]).toBeCloseTo(track, 0);

      // Products by store category: the API's ranking, each category opening the products list
      // filtered by it.
      const { storeCategories } = await getDashboardStats();
      expect(storeCategories.top.some((c) => c.id === deck.id) || storeCategories.other.categories > 0).toBe(true);
      const chart = page.getByRole('region', { name: 'Products by Store Category' }).getByRole('listitem');
      for (const [index, category] of storeCategories.top.entries()) {
        await visible(chart.nth(index).getByRole('link', { name: category.name, exact: true }));
        await visible(chart.nth(index).getByText(productCount(category.product_count), { exact: true }));
      }

      // Recent Products: newest first, 'Unknown' without a vendor, the stock badge.
      const recent = page.getByRole('region', { name: 'Recent Products' }).getByRole('listitem');
      expect(await recent.count()).toBe(5);
      const newest = recent.nth(0);
      await visible(newest.getByText(soldOut.name, { exact: true }));
      await visible(newest.getByText(`SKU: ${soldOut.sku} · ${first.name}`, { exact: true }));
      await visible(newest.getByText('$249.00', { exact: true }));
      await visible(newest.getByText('Out of stock', { exact: true }));
      const unbranded = recent.nth(1);
      await visible(unbranded.getByText(noVendor.name, { exact: true }));
      await visible(unbranded.getByText(`SKU: ${noVendor.sku} · Unknown`, { exact: true }));
      await visible(unbranded.getByText('$14.50', { exact: true }));
      await visible(unbranded.getByText('7 in stock', { exact: true }));

      // Something changes behind the page; Refresh shows it.
      const late = await createProduct({ sku: `DSH-${suffix}-late`, name: `Late arrival ${suffix}`, stock: 0, list_price: 3, vendor_id: third.id, featured: true });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => statValue(page, 'Total Products'), { timeout: 10_000 }).toBe(count(before.stats.totalProducts + added + 1));
      expect(await statValue(page, 'Out of Stock')).toBe(count(before.stats.outOfStock + 2));
      expect(await statValue(page, 'Featured')).toBe(count(before.stats.featuredProducts + featuredAdded + 1));
      await visible(recent.nth(0).getByText(late.name, { exact: true }));
      await visible(ranking.nth(2).getByText(productCount(top + 2), { exact: true }));

      const firstCategory = storeCategories.top[0]!;
      await chart.nth(0).getByRole('link', { name: firstCategory.name, exact: true }).click();
      await page.waitForURL(`**/products?store_category_ids=${firstCategory.id}`);
    } finally {
      await context.close();
    }
  });
});
