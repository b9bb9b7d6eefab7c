import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageForFile, signIn } from './support/browser.js';
import { api } from './support/api.js';

/**
 * The products list in Chromium against the real server. The catalogue is made through the API
 * first; every count the journeys expect follows from how it is made (see `made` below), and
 * the delete journey checks what the API then holds, not only what the page shows.
 */


/** Names unique to this run, so that the shared e2e database never mixes runs or files. */
const RUN = Date.now().toString(36);
const named = (name: string) => `${name} ${RUN}`;
const sku = (i: number) => `P5-${RUN}-${String(i).padStart(2, '0')}`;

interface Made {
  keel: number;
  mast: number;
  rigging: number;
  blocks: number;
  anchoring: number;
  electrics: number;
  deck: number;
  cleats: number;
}
let made: Made;

/**
 * 60 products. Keel (vendor) has 1-40: 1-20 in Rigging > Blocks, 21-40 in Anchoring; Mast has
 * 41-60 in Electrics. Every third product is in the store category Deck > Cleats, the rest in Deck.
 * stock is 0 for every fourth, list price is i × 10 + 0.99, and every fifth is a draft.
 */
async function makeCatalogue(): Promise<Made> {
  const vendor = async (name: string) => (await api<{ vendor: { id: number } }>('POST', '/vendors', { name })).vendor.id;
  const keel = await vendor(named('Keel Supply'));
  const mast = await vendor(named('Mast Works'));
  const cat = async (name: string, type: 'vendor' | 'store', parent_id: number | null, vendor_id: number | null) =>
    (await api<{ category: { id: number } }>('POST', '/categories', { name: named(name), type, parent_id, vendor_id })).category.id;
  const rigging = await cat('Rigging', 'vendor', null, keel);
  const blocks = await cat('Blocks', 'vendor', rigging, keel);
  const anchoring = await cat('Anchoring', 'vendor', null, keel);
  const electrics = await cat('Electrics', 'vendor', null, mast);
  const deck = await cat('Deck', 'store', null, null);
  const cleats = await cat('Cleats', 'store', deck, null);

  for (let i = 1; i <= 60; i++) {
    await api('POST', '/products', {
      sku: sku(i),
      name: `${i === 7 ? 'Windlass' : 'Fitting'} ${RUN} no ${i}`,
      brand: i % 2 ? 'Harken' : 'Lewmar',
      stock: i % 4 === 0 ? 0 : i,
      list_price: i * 10 + 0.99,
      vendor_id: i <= 40 ? keel : mast,
      vendor_category_id: i <= 20 ? blocks : i <= 40 ? anchoring : electrics,
      store_category_id: i % 3 === 0 ? cleats : deck,
      published: i % 5 !== 0,
    });
  }
  return { keel, mast, rigging, blocks, anchoring, electrics, deck, cleats };
}

let page: Page;

const showing = (text: string) => page.getByText(text, { exact: true }).waitFor();
const vendorSelect = () => page.getByRole('combobox', { name: 'Vendor', exact: true });
const toast = (text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
const firstSku = async () => (await page.getByRole('row').nth(1).getByRole('cell').nth(2).textContent())?.trim();

async function openProducts(query = '') {
  await page.goto(`/products${query}`);
  await page.getByRole('table', { name: 'Products' }).waitFor();
}

async function chooseKeel() {
  await vendorSelect().selectOption({ label: named('Keel Supply') });
  await showing('Showing 1 to 20 of 40');
}

async function pickCategories(button: RegExp, dialogName: string, search: string, names: string[]) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('textbox', { name: 'Search categories' }).fill(search);
  for (const name of names) await dialog.getByRole('checkbox', { name, exact: true }).check();
  await dialog.getByRole('button', { name: `Apply (${names.length})` }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('products list', () => {
  beforeAll(async () => {
    made = await makeCatalogue();
  });

  pageForFile(async (opened) => {
    page = opened;
    await signIn(page);
  });

  afterAll(async () => {
    // Leave the shared admin's list as every other journey expects it.
    await api('PUT', '/users/preferences', {
      productColumns: ['sku', 'name', 'brand', 'stock', 'list_price', 'vendor_name', 'published', 'categories_display'],
      productColumnWidths: {},
      pageSize: 20,
    }).catch(() => undefined);
  });

  it('filters by vendor and by categories through the picker, and the address reproduces the view', async () => {
    await openProducts();
    expect(await vendorSelect().locator('option').first().textContent()).toBe('All Vendors');
    await expect(page.getByRole('button', { name: /Vendor Categories/ }).isDisabled()).resolves.toBe(true);

    await chooseKeel();
    expect(new URL(page.url()).searchParams.get('vendor_id')).toBe(String(made.keel));

    // The vendor's tree: Blocks sits under Rigging. Choosing the parent includes its subcategory.
    await page.getByRole('button', { name: /Vendor Categories/ }).click();
    const picker = page.getByRole('dialog', { name: 'Select Vendor Categories' });
    await picker.getByRole('button', { name: `Expand ${named('Rigging')}` }).click();
    await picker.getByRole('checkbox', { name: named('Blocks'), exact: true }).waitFor();
    await picker.getByRole('checkbox', { name: named('Rigging'), exact: true }).check();
    await picker.getByRole('button', { name: 'Apply (1)' }).click();
    await showing('Showing 1 to 20 of 20');
    expect(new URL(page.url()).searchParams.getAll('vendor_category_ids')).toEqual([String(made.rigging)]);

    await pickCategories(/Store Categories/, 'Select Store Categories', named('Cleats'), [named('Cleats')]);
    // 3, 6, ..., 18: six products of Blocks are in Cleats.
    await showing('Showing 1 to 6 of 6');
    const chosen = page.getByRole('region', { name: 'Selected categories' });
    await chosen.getByText(`${named('Rigging')} · Vendor · L1`).waitFor();
    await chosen.getByText(`${named('Cleats')} · Store · L2`).waitFor();
    expect(await page.getByRole('status', { name: 'Category filter' }).textContent()).toContain('6 products in 2 categories');

    // A link reproduces the view (in a tab of its own), and Back and Forward step through the filters.
    const tab = await page.context().newPage();
    await tab.goto(page.url());
    await tab.getByText('Showing 1 to 6 of 6', { exact: true }).waitFor();
    await tab.close();
    await page.goBack();
    await showing('Showing 1 to 20 of 20');
    await page.goForward();
    await showing('Showing 1 to 6 of 6');

    await page.getByRole('button', { name: 'Clear Category Filter' }).click();
    await showing('Showing 1 to 20 of 40');
    expect(new URL(page.url()).searchParams.has('store_category_ids')).toBe(false);

    // A new vendor empties the vendor-category choice.
    await pickCategories(/Vendor Categories/, 'Select Vendor Categories', named('Anchoring'), [named('Anchoring')]);
    await showing('Showing 1 to 20 of 20');
    await vendorSelect().selectOption({ label: named('Mast Works') });
    await showing('Showing 1 to 20 of 20');
    // The count reads 20 before and after the change: wait for the address and the button, not the count.
    await expect.poll(() => new URL(page.url()).searchParams.has('vendor_category_ids')).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: /Vendor Categories/ }).textContent()).toBe('Vendor Categories');
  });

  it('narrows with advanced filters on a price, a number and a yes/no column', async () => {
    await openProducts();
    await chooseKeel();
    await page.getByRole('button', { name: 'Add Filter' }).click();
    await page.getByRole('combobox', { name: 'Filter 1 column' }).selectOption('list_price');
    await page.getByRole('combobox', { name: 'Filter 1 operator' }).selectOption('greater_than');
    await page.getByRole('textbox', { name: 'Filter 1 value' }).fill('300');
    // 30..40 cost more than $300.
    await showing('Showing 1 to 11 of 11');

    await page.getByRole('button', { name: 'Add filter row' }).click();
    await page.getByRole('combobox', { name: 'Filter 2 column' }).selectOption('stock');
    await page.getByRole('combobox', { name: 'Filter 2 operator' }).selectOption('is_zero');
    // 32, 36 and 40 have none in stock.
    await showing('Showing 1 to 3 of 3');

    await page.getByRole('button', { name: 'Add filter row' }).click();
    await page.getByRole('combobox', { name: 'Filter 3 column' }).selectOption('published');
    await page.getByRole('combobox', { name: 'Filter 3 operator' }).selectOption('is');
    await page.getByRole('combobox', { name: 'Filter 3 value' }).selectOption({ label: 'No' });
    await showing('Showing 1 to 1 of 1');
    expect(await firstSku()).toBe(sku(40));
    expect(await page.getByLabel('3 active filters').textContent()).toBe('3 active');

    await page.getByRole('button', { name: 'Remove filter 2' }).click();
    // 30 and 35 and 40 are drafts.
    await showing('Showing 1 to 3 of 3');
    await page.getByRole('button', { name: 'Clear all advanced filters' }).click();
    await showing('Showing 1 to 20 of 40');
  });

  it('sorts by a column both ways and clears the sort', async () => {
    await openProducts();
    await chooseKeel();
    await page.getByRole('button', { name: 'Sort by List Price' }).click();
    await page.getByRole('status', { name: 'Sort' }).getByText('List Price').waitFor();
    await expect.poll(firstSku).toBe(sku(1));
    await page.getByRole('button', { name: 'Sort by List Price' }).click();
    await expect.poll(firstSku).toBe(sku(40));
    expect(await page.getByRole('columnheader', { name: /List Price/ }).getAttribute('aria-sort')).toBe('descending');

    await page.getByRole('button', { name: 'Clear Sort' }).click();
    await page.getByRole('status', { name: 'Sort' }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('columnheader', { name: /List Price/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('searches, shows the empty state, and clears the search with the sort', async () => {
    await openProducts();
    const box = page.getByRole('textbox', { name: 'Search the product list' });
    await box.fill(`windlass ${RUN}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await showing('Showing 1 to 1 of 1');
    expect(await firstSku()).toBe(sku(7));
    expect(new URL(page.url()).searchParams.get('search')).toBe(`windlass ${RUN}`);
    await page.getByRole('status', { name: 'Search' }).getByText(`"windlass ${RUN}"`).waitFor();

    await box.fill(`P5-${RUN}`);
    await box.press('Enter');
    await showing('Showing 1 to 20 of 60');
    await page.getByRole('button', { name: 'Sort by SKU' }).click();
    await page.getByRole('button', { name: 'Sort by SKU' }).click();
    await expect.poll(firstSku).toBe(sku(60));

    await box.fill(`nothing-like-this-${RUN}`);
    await box.press('Enter');
    await page.getByText(`No products found for "nothing-like-this-${RUN}"`).waitFor();
    await page.getByText('Try searching with different keywords or check your spelling.').waitFor();

    await page.getByRole('button', { name: 'Clear the search box' }).click();
    await page.getByText(/^Showing 1 to 20 of \d+$/).waitFor();
    expect(new URL(page.url()).searchParams.has('search')).toBe(false);
    expect(await page.getByRole('status', { name: 'Sort' }).count()).toBe(0);
    expect(await box.inputValue()).toBe('');
  });

  it('remembers the chosen columns and a resized width after a reload', async () => {
    await openProducts();
    await page.getByRole('button', { name: 'Columns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customise Columns' });
    await dialog.getByRole('checkbox', { name: 'Featured' }).check();
    await dialog.getByRole('checkbox', { name: 'Brand' }).uncheck();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('columnheader', { name: 'Featured' }).waitFor();

    const handle = page.getByRole('separator', { name: 'Resize Name column' });
    // Unsized, the name takes the room the other columns leave; a drag starts from what it shows.
    const fitted = Number(await handle.getAttribute('aria-valuenow'));
    const box = (await handle.boundingBox())!;
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/users/preferences') && (res.request().postData() ?? '').includes('productColumnWidths'),
    );
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await saved;
    expect(await handle.getAttribute('aria-valuenow')).toBe(String(fitted + 100));

    await page.reload();
    await page.getByRole('table', { name: 'Products' }).waitFor();
    await page.getByRole('columnheader', { name: 'Featured' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sort by Brand' }).count()).toBe(0);
    expect(await handle.getAttribute('aria-valuenow')).toBe(String(fitted + 100));
    const nameHeader = page.getByRole('columnheader').filter({ has: page.getByRole('button', { name: 'Sort by Name' }) });
    const nameWidth = await nameHeader.evaluate((th) => th.getBoundingClientRect().width);
    expect(Math.round(nameWidth)).toBe(fitted + 100);

    await page.getByRole('button', { name: 'Columns' }).click();
    await dialog.getByRole('button', { name: 'Reset Widths' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await handle.getAttribute('aria-valuenow')).toBe(String(fitted));
  });

  it('pages through the results and remembers the page size', async () => {
    await openProducts();
    await chooseKeel();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await showing('Showing 21 to 40 of 40');
    await page.getByText('Page 2 of 2').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await showing('Showing 1 to 20 of 40');

    await page.getByRole('combobox', { name: 'Page size' }).selectOption('50');
    await showing('Showing 1 to 40 of 40');
    await page.getByText('Page 1 of 1').waitFor();
    await page.reload();
    await showing('Showing 1 to 40 of 40');
    expect(await page.getByRole('combobox', { name: 'Page size' }).inputValue()).toBe('50');
    await page.getByRole('combobox', { name: 'Page size' }).selectOption('20');
    await showing('Showing 1 to 20 of 40');
  });

  it('selects every matching product across pages and deletes them in one go', async () => {
    await openProducts(`?vendor_id=${made.keel}`);
    await showing('Showing 1 to 20 of 40');
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Published' });
    // Keel's published products: 40 less the 8 drafts.
    await showing('Showing 1 to 20 of 32');
    await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('20 products selected').waitFor();
    await bar.getByRole('button', { name: 'Select all 32 matching products' }).click();
    await bar.getByText('32 products selected').waitFor();

    await bar.getByRole('button', { name: 'Delete Selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Products' });
    await confirm.getByText('Are you sure you want to delete 32 products?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('32 products deleted successfully').waitFor();
    await showing('Showing 0 to 0 of 0');

    const left = await api<{ products: { sku: string }[] }>('GET', `/products?vendor_id=${made.keel}&limit=100&sort=sku`);
    expect(left.products.map((p) => p.sku)).toEqual([5, 10, 15, 20, 25, 30, 35, 40].map(sku));
    const mast = await api<{ pagination: { total: number } }>('GET', `/products?vendor_id=${made.mast}`);
    expect(mast.pagination.total).toBe(20);

    // One product, from its row.
    await openProducts(`?vendor_id=${made.keel}`);
    await showing('Showing 1 to 8 of 8');
    const row = page.getByRole('row').filter({ hasText: sku(40) });
    await row.hover();
    await row.getByRole('button', { name: 'Delete Product' }).click();
    const one = page.getByRole('dialog', { name: 'Delete Product' });
    await one.getByText('Are you sure you want to delete this product?').waitFor();
    await one.getByRole('button', { name: 'Delete' }).click();
    await toast('Product deleted successfully').waitFor();
    await showing('Showing 1 to 7 of 7');
    expect(await page.getByRole('row').filter({ hasText: sku(40) }).count()).toBe(0);
  });
});
