import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProducts, createUserViaApi, uniqueSuffix, type CreatedProduct } from './support/api.js';
import { sharedBrowser } from './support/browser.js';
import { closeToast, gone, openUserMenuItem, signInAs, toast, visible, waitForPath } from './support/ui.js';

const inFreshContext = sharedBrowser();

const money = (n: number) => `$${n.toFixed(2)}`;

describe('global search', () => {
  // Words no other product has, so that the shared database gives exactly these results.
  const suffix = uniqueSuffix();
  const tenTerm = `Kedgeanchor${suffix}`;
  const fewTerm = `Bollardcap${suffix}`;
  let tenProducts: CreatedProduct[];
  let fewProducts: CreatedProduct[];

  beforeAll(async () => {
    tenProducts = await createProducts(
      Array.from({ length: 10 }, (_, i) => ({ sku: `KDG-${suffix}-${i}`, name: `${tenTerm} ${i} kg`, stock: 3, list_price: 20 + i + 0.5 })),
    );
    fewProducts = await createProducts(
      Array.from({ length: 3 }, (_, i) => ({ sku: `BLC-${suffix}-${i}`, name: `${fewTerm} size ${i}`, stock: 1, list_price: 7.25 + i })),
    );
  });

  it('searches from 2 characters, shows name, SKU and price, offers See all results only at 10, and opens a result', async () => {
    await inFreshContext(async (page) => {
      await signInAs(page);
      const searches: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname === '/api/products' && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!);
      });
      const search = page.getByRole('textbox', { name: 'Search products' });
      const options = page.getByRole('option');
      const seeAll = page.getByRole('button', { name: 'See all results' });

      // One character: no request, no dropdown, even after the debounce.
      await search.fill('K');
      await page.waitForTimeout(700);
      expect(searches).toEqual([]);
      expect(await options.count()).toBe(0);
      expect(await page.getByText('Searching…').isVisible()).toBe(false);
      expect(await page.getByText('No products found').isVisible()).toBe(false);

      // Two characters are enough to ask.
      await search.fill('Ke');
      await expect.poll(() => searches, { timeout: 5_000 }).toContain('Ke');

      // Fewer than 10 results: each with name, SKU and list price, and no 'See all results'.
      await search.fill(fewTerm);
      await expect.poll(() => options.count(), { timeout: 10_000 }).toBe(3);
      for (const [i, product] of fewProducts.entries()) {
        const option = page.getByRole('option', { name: `${product.name}, SKU ${product.sku}` });
        await visible(option.getByText(product.name, { exact: true }));
        await visible(option.getByText(`SKU: ${product.sku}`, { exact: true }));
        await visible(option.getByText(money(7.25 + i), { exact: true }));
      }
      expect(await seeAll.count()).toBe(0);

      // Exactly 10: 'See all results' goes to the product list with the search.
      await search.fill(tenTerm);
      await expect.poll(() => options.count(), { timeout: 10_000 }).toBe(10);
      for (const product of tenProducts) await visible(page.getByRole('option', { name: `${product.name}, SKU ${product.sku}` }));
      await visible(seeAll);
      // /products may redirect elsewhere until its page exists; the address it was sent to is what counts.
      await Promise.all([waitForPath(page, `/products?search=${tenTerm}`), seeAll.click()]);

      // A result opens /product/{id}.
      await page.goto('/dashboard');
      await search.fill(fewTerm);
      const target = fewProducts[1]!;
      const option = page.getByRole('option', { name: `${target.name}, SKU ${target.sku}` });
      await visible(option);
      await Promise.all([waitForPath(page, `/product/${target.id}`), option.click()]);
    });
  });
});

describe('preferences', () => {
  it('keeps the chosen page size for the account, after a reload and in a new session', async () => {
    const username = `prefs-${uniqueSuffix()}`;
    await createUserViaApi({ username, password: 'prefs-pass', role: 'shop_manager' });
    const pageSizeField = (page: Page) => page.getByRole('dialog', { name: 'Preferences' }).getByRole('combobox', { name: 'Default products page size' });

    await inFreshContext(async (page) => {
      await signInAs(page, username, 'prefs-pass');
      await openUserMenuItem(page, 'Preferences');
      expect(await pageSizeField(page).inputValue()).toBe('20');
      await pageSizeField(page).selectOption({ label: '100 per page' });
      await page.getByRole('dialog', { name: 'Preferences' }).getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, 'Preferences saved successfully'));
      await gone(page.getByRole('dialog', { name: 'Preferences' }));
      await closeToast(page, 'Preferences saved successfully');

      await page.reload();
      await openUserMenuItem(page, 'Preferences');
      expect(await pageSizeField(page).inputValue()).toBe('100');
    });

    // Remembered by the server, not just this browser.
    await inFreshContext(async (page) => {
      await signInAs(page, username, 'prefs-pass');
      await openUserMenuItem(page, 'Preferences');
      expect(await pageSizeField(page).inputValue()).toBe('100');
    });
  });
});

it('the sidebar collapses to icons from the header toggle and expands again', async () => {
  // Its own account: the collapsed state is a saved preference.
  const username = `sidebar-${uniqueSuffix()}`;
  await createUserViaApi({ username, password: 'sidebar-pass', role: 'shop_manager' });
  await inFreshContext(async (page) => {
    await signInAs(page, username, 'sidebar-pass');
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    const dashboardLink = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboard' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await visible(dashboardLink.getByText('Dashboard', { exact: true }));

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Still one click away, named for assistive technology, but without its text.
    await visible(dashboardLink);
    await gone(dashboardLink.getByText('Dashboard', { exact: true }));
    await dashboardLink.click();
    await waitForPath(page, '/dashboard');

    await toggle.click();
    await visible(dashboardLink.getByText('Dashboard', { exact: true }));
  });
});
