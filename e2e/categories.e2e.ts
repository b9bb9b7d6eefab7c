import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.js';
import { api, createUserViaApi } from './support/api.js';

/**
 * Both category screens in Chromium against the real server: what the journeys check after each
 * action is what the API then stores, not only what the page shows.
 */

interface ApiCategory {
  id: number;
  name: string;
  type: 'store' | 'vendor';
  parent_id: number | null;
  vendor_id: number | null;
  level: number;
}


const createCategory = async (body: { name: string; type?: 'store' | 'vendor'; parent_id?: number | null; vendor_id?: number | null }) =>
  (await api<{ category: ApiCategory }>('POST', '/categories', body)).category;
const allCategories = async () => (await api<{ flatCategories: ApiCategory[] }>('GET', '/categories')).flatCategories;
const byName = async (name: string) => (await allCategories()).find((c) => c.name === name);

/** Names unique to this run, so that the shared e2e database never confuses two runs or files. */
const RUN = Date.now().toString(36);
const named = (name: string) => `${name} ${RUN}`;
/** The simple screen's own token, so that its search shows none of the management journey's categories. */
const SIMPLE_RUN = `t${RUN}`;
const simpleNamed = (name: string) => `${name} ${SIMPLE_RUN}`;

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
const tree = (page: Page) => page.getByRole('list', { name: 'Category tree' });
const treeRow = (page: Page, name: string) => tree(page).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
const shownNames = async (page: Page) =>
  tree(page)
    .getByRole('listitem')
    // The name is the link of a Category Management row; a simple tree row's name is plain text, told by its Edit button.
    .evaluateAll((items) => items.map((item) => item.querySelector('a')?.textContent ?? item.querySelector('button[aria-label^="Edit "]')?.getAttribute('aria-label')?.slice('Edit '.length) ?? ''));

async function expectToast(page: Page, text: string) {
  await toast(page, text).waitFor({ state: 'visible' });
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Search categories...').fill(text);
}

/** The URLs the page went through: the products screen may rewrite its own address once it loads. */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('category management (/categories)', () => {
  let context: BrowserContext;
  let page: Page;
  let vendor: { id: number; name: string };

  beforeAll(async () => {
    vendor = (await api<{ vendor: { id: number; name: string } }>('POST', '/vendors', { name: named('Harken') })).vendor;
    ({ context, page } = await newPage(browser));
    await signIn(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  async function openScreen() {
    await page.goto('/categories');
    await page.getByRole('heading', { name: 'Category Management' }).waitFor();
    await search(page, RUN);
  }

  async function refresh() {
    await page.getByRole('button', { name: 'Refresh' }).click();
  }

  it('creates a root and a subcategory, edits and moves it, and deletes a category with its subtree', async () => {
    await openScreen();
    await page.getByText('No categories found').waitFor();

    await page.getByRole('button', { name: '+ Add Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await dialog.getByText('Category name is required').waitFor();
    await dialog.getByLabel('Category Name').fill(named('Deck Hardware'));
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expectToast(page, 'Category created successfully');
    await treeRow(page, named('Deck Hardware')).waitFor();
    const deck = (await byName(named('Deck Hardware')))!;
    expect(deck).toMatchObject({ type: 'store', parent_id: null, level: 1, vendor_id: null });

    await page.getByRole('button', { name: `Add subcategory to ${named('Deck Hardware')}` }).click();
    dialog = page.getByRole('dialog', { name: 'Add Subcategory' });
    expect(await dialog.getByRole('combobox', { name: 'Parent Category' }).inputValue()).toBe(named('Deck Hardware'));
    await dialog.getByLabel('Category Name').fill(named('Cleats'));
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expectToast(page, 'Category created successfully');
    await treeRow(page, named('Cleats')).getByText('Level 2').waitFor();
    expect(await byName(named('Cleats'))).toMatchObject({ parent_id: deck.id, level: 2, type: 'store' });

    await page.getByRole('button', { name: `Edit ${named('Cleats')}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Category' });
    await dialog.getByLabel('Category Name').fill(named('Mooring Cleats'));
    await dialog.getByRole('button', { name: 'Update Category' }).click();
    await expectToast(page, 'Category updated successfully');
    await treeRow(page, named('Mooring Cleats')).waitFor();

    // Move: under another root, chosen in the parent select.
    const rigging = await createCategory({ name: named('Rigging') });
    await refresh();
    await treeRow(page, named('Rigging')).waitFor();
    await page.getByRole('button', { name: `Edit ${named('Mooring Cleats')}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Category' });
    const parent = dialog.getByRole('combobox', { name: 'Parent Category' });
    await parent.click();
    await parent.fill(named('Rigging'));
    await page.getByRole('option', { name: named('Rigging') }).click();
    await dialog.getByRole('button', { name: 'Update Category' }).click();
    await expectToast(page, 'Category updated successfully');
    await expect.poll(async () => (await byName(named('Mooring Cleats')))?.parent_id).toBe(rigging.id);

    // The search keeps the new ancestor in view, and the old one is gone from the match.
    await search(page, named('Mooring Cleats'));
    await expect.poll(() => shownNames(page)).toEqual([named('Rigging'), named('Mooring Cleats')]);

    // Deleting a category takes its subcategories with it.
    await search(page, RUN);
    await page.getByRole('button', { name: `Delete ${named('Rigging')}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText(`Are you sure you want to delete "${named('Rigging')}"? This will also delete all subcategories.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Category deleted successfully');
    await treeRow(page, named('Rigging')).waitFor({ state: 'detached' });
    expect(await byName(named('Mooring Cleats'))).toBeUndefined();
    expect(await byName(named('Deck Hardware'))).toBeDefined();
  });

  it('bulk deletes the selected categories after a confirmation that names them', async () => {
    for (const name of ['Bulk Alpha', 'Bulk Bravo', 'Bulk Charlie']) await createCategory({ name: named(name) });
    await openScreen();
    await treeRow(page, named('Bulk Charlie')).waitFor();

    await page.getByRole('checkbox', { name: `Select ${named('Bulk Alpha')}` }).check();
    await page.getByRole('checkbox', { name: `Select ${named('Bulk Bravo')}` }).check();
    const bar = page.getByRole('region', { name: 'Selected categories' });
    await bar.getByText('2 categories selected').waitFor();
    await bar.getByRole('button', { name: 'Delete 2 Categories' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('list', { name: 'Categories to delete' }).getByRole('listitem').allTextContents()).toEqual([
      named('Bulk Alpha'),
      named('Bulk Bravo'),
    ]);
    await dialog.getByText(/All their subcategories will be deleted too/).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, '2 categories deleted successfully');
    await treeRow(page, named('Bulk Alpha')).waitFor({ state: 'detached' });
    await bar.waitFor({ state: 'detached' });
    expect(await byName(named('Bulk Bravo'))).toBeUndefined();
    expect(await byName(named('Bulk Charlie'))).toBeDefined();
  });

  it('merges two categories into the one chosen to keep, and refuses different types', async () => {
    const keep = await createCategory({ name: named('Keep Anchors') });
    const away = await createCategory({ name: named('Merge Anchors') });
    await createCategory({ name: named('Merged Child'), parent_id: away.id });
    await createCategory({ name: named('Vendor Blocks'), type: 'vendor', vendor_id: vendor.id });
    await openScreen();
    await treeRow(page, named('Merged Child')).waitFor();

    await page.getByRole('checkbox', { name: `Select ${named('Keep Anchors')}` }).check();
    await page.getByRole('checkbox', { name: `Select ${named('Vendor Blocks')}` }).check();
    await page.getByRole('button', { name: 'Merge Categories' }).click();
    await expectToast(page, 'Cannot merge categories of different types');
    await page.getByRole('button', { name: 'Clear Selection' }).click();

    await page.getByRole('checkbox', { name: `Select ${named('Keep Anchors')}` }).check();
    await page.getByRole('checkbox', { name: `Select ${named('Merge Anchors')}` }).check();
    await page.getByRole('button', { name: 'Merge Categories' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge Categories' });
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.getByText('Please select which category to keep').waitFor();
    await dialog.getByRole('radio', { name: `Keep "${named('Keep Anchors')}"` }).check();
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expectToast(page, `Merged "${named('Merge Anchors')}" into "${named('Keep Anchors')}"`);
    await treeRow(page, named('Merge Anchors')).waitFor({ state: 'detached' });
    expect(await byName(named('Merged Child'))).toMatchObject({ parent_id: keep.id, level: 2 });
    await expect.poll(() => shownNames(page)).toEqual(expect.arrayContaining([named('Keep Anchors'), named('Merged Child')]));
  });

  it("centres each table row's checkbox on its name's line, and a row button names its job in a tooltip", async () => {
    await openScreen();
    await page.locator('label').filter({ hasText: /^Table$/ }).click();
    const table = page.getByRole('table', { name: 'Categories' });
    const name = named('Keep Anchors');
    const middle = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.y + box.height / 2;
    };
    const [checkbox, link] = [table.getByRole('checkbox', { name: `Select ${name}` }), table.getByRole('link', { name, exact: true })];
    await link.waitFor();
    // Before, the checkbox sat on the text's baseline, its middle 2.5 px above the name's. Polled:
    // the rows may still move while the table settles between the two reads (135 px apart once in CI).
    await expect.poll(async () => Math.abs((await middle(checkbox)) - (await middle(link)))).toBeLessThanOrEqual(1.5);

    await table.getByRole('button', { name: `Edit ${name}` }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Edit');
  });

  it('opens the products list filtered by a store or a vendor category, with an info toast', async () => {
    const keep = (await byName(named('Keep Anchors')))!;
    const blocks = (await byName(named('Vendor Blocks')))!;
    await openScreen();
    const visited = recordNavigations(page);
    await tree(page).getByRole('link', { name: named('Keep Anchors'), exact: true }).click();
    await expectToast(page, `Navigating to products filtered by ${named('Keep Anchors')}`);
    await expect.poll(() => visited.some((url) => url.endsWith(`/products?store_category_ids=${keep.id}`))).toBe(true);

    await openScreen();
    await page.locator('label').filter({ hasText: /^Table$/ }).click();
    await page.getByRole('table', { name: 'Categories' }).getByRole('button', { name: `View products in ${named('Vendor Blocks')}` }).click();
    await expectToast(page, `Navigating to products filtered by ${named('Vendor Blocks')}`);
    await expect
      .poll(() => visited.some((url) => url.endsWith(`/products?vendor_category_ids=${blocks.id}&vendor_id=${vendor.id}`)))
      .toBe(true);
  });
});

describe('category tree (/category-tree)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
    await signIn(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  const simpleRow = (name: string): Locator => treeRow(page, name);

  it('creates a root and a subcategory, edits keeping the parent, and deletes', async () => {
    await page.goto('/category-tree');
    await page.getByRole('heading', { name: 'Categories', exact: true }).waitFor();
    await search(page, SIMPLE_RUN);
    await page.getByText('Try adjusting your search terms').waitFor();

    await page.getByRole('button', { name: 'Add Root Category' }).click();
    let dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Parent Category').locator('option').first().textContent()).toBe('No Parent (Root Category)');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText('Category name is required').waitFor();
    await dialog.getByLabel('Category Name').fill(simpleNamed('Simple Root'));
    await dialog.getByLabel('Description').selectOption('store');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Category created successfully');
    await simpleRow(simpleNamed('Simple Root')).getByText('(store)').waitFor();
    const root = (await byName(simpleNamed('Simple Root')))!;

    await simpleRow(simpleNamed('Simple Root')).getByRole('button', { name: `Add subcategory to ${simpleNamed('Simple Root')}` }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Parent Category').inputValue()).toBe(String(root.id));
    await dialog.getByLabel('Category Name').fill(simpleNamed('Simple Child'));
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Category created successfully');
    await simpleRow(simpleNamed('Simple Child')).getByText('L2').waitFor();
    expect(await byName(simpleNamed('Simple Child'))).toMatchObject({ parent_id: root.id, level: 2 });

    // A second root, chosen as the parent from the indented list when creating.
    await page.getByRole('button', { name: 'Add Root Category' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Category Name').fill(simpleNamed('Simple Other'));
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Category created successfully');
    await simpleRow(simpleNamed('Simple Other')).waitFor();
    await page.getByRole('button', { name: 'Add Root Category' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Category Name').fill(simpleNamed('Simple Grandchild'));
    const childOption = `\u00a0\u00a0\u00a0\u00a0${simpleNamed('Simple Child')}`;
    await dialog.getByLabel('Parent Category').selectOption({ label: childOption });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Category created successfully');
    await simpleRow(simpleNamed('Simple Grandchild')).getByText('L3').waitFor();

    // Editing sends the name and description only: the category stays where it is.
    const child = (await byName(simpleNamed('Simple Child')))!;
    await simpleRow(simpleNamed('Simple Child')).getByRole('button', { name: `Edit ${simpleNamed('Simple Child')}` }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Parent Category').count()).toBe(0);
    await dialog.getByLabel('Category Name').fill(simpleNamed('Simple Renamed'));
    const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith(`/api/categories/${child.id}`));
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    expect((await put).postDataJSON()).toEqual({ name: simpleNamed('Simple Renamed'), description: 'store' });
    await expectToast(page, 'Category updated successfully');
    await simpleRow(simpleNamed('Simple Renamed')).waitFor();
    expect(await byName(simpleNamed('Simple Renamed'))).toMatchObject({ parent_id: root.id, level: 2 });

    // The search keeps the ancestors of a match.
    await search(page, simpleNamed('Simple Grandchild'));
    await expect.poll(() => shownNames(page)).toEqual([simpleNamed('Simple Root'), simpleNamed('Simple Renamed'), simpleNamed('Simple Grandchild')]);

    await search(page, SIMPLE_RUN);
    await simpleRow(simpleNamed('Simple Root')).getByRole('button', { name: `Delete ${simpleNamed('Simple Root')}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Category deleted successfully');
    await simpleRow(simpleNamed('Simple Root')).waitFor({ state: 'detached' });
    expect(await byName(simpleNamed('Simple Grandchild'))).toBeUndefined();
    expect(await shownNames(page)).toEqual([simpleNamed('Simple Other')]);
  });
});

describe('category screens without the categories permission', () => {
  it('shows Access Denied to a shop_manager whose categories flag is off', async () => {
    const username = `nocats-${RUN}`;
    await createUserViaApi({
      username,
      password: 'deckhand-pass',
      role: 'shop_manager',
      permissions: { products: true, categories: false, vendors: true, settings: false },
    });
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, username, 'deckhand-pass');
      for (const path of ['/categories', '/category-tree']) {
        await page.goto(path);
        await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
        expect(await page.getByRole('heading', { name: 'Category Management' }).count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});
