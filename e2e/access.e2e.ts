import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUserViaApi, createVendor, findUser, uniqueSuffix } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { gone, sidebar, signInAs, textbox, toast, visible, waitForPath } from './support/ui.js';

/**
 * Issue 24 in Chromium against the real server: a self-registered account waits for an admin and
 * sees only the waiting page until approved; a shop manager with only the products permission
 * picks a vendor and categories in the import wizard and the product form.
 */

const RUN = uniqueSuffix();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('registration waits for an admin', () => {
  it('registers, waits on the waiting page, is approved by an admin on the Users page, then works with products', async () => {
    const username = `applicant-${RUN}`;
    const applicant = await newPage(browser);
    const admin = await newPage(browser);
    try {
      const page = applicant.page;
      await page.goto('/register');
      const form = page.getByRole('form', { name: 'Create account' });
      await textbox(form, 'Username').fill(username);
      await textbox(form, 'Email').fill(`${username}@bosun.test`);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('applicant-pass');
      await textbox(form, 'Confirm password').fill('applicant-pass');
      await form.getByRole('button', { name: 'Create account' }).click();

      await visible(toast(page, 'Registration successful! An administrator has to approve your account before you can start.'));
      await visible(page.getByRole('heading', { name: 'Waiting for approval' }));
      expect(await sidebar(page).count()).toBe(0);
      expect(await findUser(username)).toMatchObject({ status: 'pending', permissions: { products: false, categories: false, vendors: false, settings: false } });
      // Any page is the waiting page.
      await page.goto('/products');
      await visible(page.getByRole('heading', { name: 'Waiting for approval' }));
      await page.getByRole('button', { name: 'Check again' }).click();
      await visible(page.getByText('Not approved yet. Please try again later.'));

      // The admin sees a count beside Users, and the account in the waiting section.
      await signInAs(admin.page);
      const usersLink = sidebar(admin.page).getByRole('link', { name: 'Users' });
      await visible(usersLink.getByText(/^\d+$/));
      await usersLink.click();
      const waiting = admin.page.getByRole('list', { name: 'Accounts waiting for approval' });
      await waiting.getByRole('button', { name: `Approve ${username}` }).click();
      await visible(toast(admin.page, `${username} is approved and can now work with the default shop manager permissions`));
      await gone(waiting.getByRole('listitem', { name: username }));
      await visible(admin.page.getByRole('table', { name: 'Users' }).getByText(username, { exact: true }));

      // The waiting page opens the page asked for at once.
      await page.getByRole('button', { name: 'Check again' }).click();
      await visible(page.getByRole('heading', { name: 'Products', level: 1 }));
      await waitForPath(page, '/products');
      await visible(sidebar(page).getByRole('link', { name: 'Products' }));
      expect(await findUser(username)).toMatchObject({ status: 'active', permissions: { products: true, categories: true, vendors: true, settings: false } });
    } finally {
      await applicant.context.close();
      await admin.context.close();
    }
  });
});

describe('a shop manager with only the products permission', () => {
  it('picks a vendor in the import wizard and a vendor and store category in the product form', async () => {
    const vendor = await createVendor(`Picker Marine ${RUN}`);
    const store = (await api<{ category: { id: number; name: string } }>('POST', '/categories', { name: `Picker Deck ${RUN}`, type: 'store', parent_id: null, vendor_id: null }, 201)).category;
    const username = `stocker-${RUN}`;
    await createUserViaApi({ username, password: 'stocker-pass', role: 'shop_manager', permissions: { products: true, categories: false, vendors: false, settings: false } });
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page, username, 'stocker-pass');
      const nav = sidebar(page);
      await visible(nav.getByRole('link', { name: 'Products' }));
      expect(await nav.getByRole('link', { name: 'Vendors' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Categories' }).count()).toBe(0);
      await nav.getByRole('link', { name: 'Products' }).click();

      // The import wizard: the vendor list is there; '+' is disabled and says why.
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const wizard = page.getByRole('dialog', { name: 'Import Products from CSV' });
      const csv = `SKU,Name\nPICK-${RUN},Picked cleat ${RUN}\n`;
      await wizard.locator('input[type="file"]').setInputFiles({ name: 'picker.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      const vendorSelect = wizard.getByRole('combobox', { name: 'Vendor', exact: true });
      await vendorSelect.locator('option', { hasText: vendor.name }).waitFor({ state: 'attached' });
      await vendorSelect.selectOption({ label: vendor.name });
      const plus = wizard.getByRole('button', { name: 'Create New Vendor' });
      expect(await plus.isDisabled()).toBe(true);
      await plus.locator('xpath=..').hover();
      await visible(page.getByRole('tooltip', { name: 'You need the vendors permission to create a vendor' }));
      await wizard.getByRole('button', { name: 'Preview Data' }).click();
      const importData = wizard.getByRole('button', { name: 'Import Data' });
      await visible(importData);
      await expect.poll(() => importData.isEnabled()).toBe(true);
      await page.keyboard.press('Escape');
      await gone(wizard);

      // The product form: vendors and store categories to pick, and the product saved with them.
      await page.getByRole('button', { name: 'Add Product' }).click();
      const form = page.getByRole('dialog', { name: 'Add Product' });
      await textbox(form, 'Product Name').fill(`Picked block ${RUN}`);
      await textbox(form, 'SKU').fill(`PICK-${RUN}-FORM`);
      const formVendor = form.getByRole('combobox', { name: 'Vendor', exact: true });
      await formVendor.locator('option', { hasText: vendor.name }).waitFor({ state: 'attached' });
      await formVendor.selectOption({ label: vendor.name });
      const storeSelect = form.getByRole('combobox', { name: 'Store Category' });
      await storeSelect.locator('option', { hasText: store.name }).waitFor({ state: 'attached' });
      await storeSelect.selectOption({ label: store.name });
      await form.getByRole('button', { name: 'Create Product' }).click();
      await visible(toast(page, 'Product created successfully'));
      const saved = (await api<{ products: { sku: string; vendor_id: number; store_category_id: number }[] }>('GET', `/products?search=PICK-${RUN}-FORM`)).products;
      expect(saved.find((p) => p.sku === `PICK-${RUN}-FORM`)).toMatchObject({ vendor_id: vendor.id, store_category_id: store.id });
    } finally {
      await context.close();
    }
  });
});
