import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUserViaApi, findUser, uniqueSuffix } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN } from './support/constants.js';
import { closeToast, currentPath, gone, sidebar, signInAs, textbox, toast, visible, waitForPath } from './support/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function inFreshContext(journey: (page: Page) => Promise<void>) {
  const { context, page } = await newPage(browser);
  try {
    await journey(page);
  } finally {
    await context.close();
  }
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const userRow = (page: Page, username: string) =>
  usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByText(username, { exact: true }) });

async function openUsersPage(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Users' }).click();
  await waitForPath(page, '/users');
  await visible(page.getByRole('heading', { name: 'User Management' }));
  await visible(usersTable(page));
}

const permission = (form: Locator, label: string) => form.getByRole('checkbox', { name: label });

/** Signs a user in through the API and tells whether the password works. */
async function passwordWorks(username: string, password: string) {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status === 200;
}

describe('user management as admin', () => {
  it('creates a shop manager with chosen permissions, edits without a password, refuses a taken username and deletes after confirmation', async () => {
    const username = `crew-${uniqueSuffix()}`;
    const password = 'crew-pass-1';
    const editedEmail = `${username}.edited@bosun.test`;
    // Someone else's account, for the 409 check.
    const taken = `taken-${uniqueSuffix()}`;
    await createUserViaApi({ username: taken, password: 'taken-pass', role: 'shop_manager' });

    await inFreshContext(async (page) => {
      await signInAs(page);
      await openUsersPage(page);

      // Your own row: Edit, but no Delete.
      const ownRow = userRow(page, E2E_ADMIN.username);
      await visible(ownRow.getByRole('button', { name: `Edit ${E2E_ADMIN.username}` }));
      expect(await page.getByRole('button', { name: `Delete ${E2E_ADMIN.username}` }).count()).toBe(0);
      await visible(userRow(page, taken).getByRole('button', { name: `Delete ${taken}` }));

      // Create.
      await page.getByRole('button', { name: 'Add User' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add User' });
      let form = dialog.getByRole('form', { name: 'Add user' });
      await textbox(form, 'Username').fill(username);
      await textbox(form, 'Email').fill(`${username}@bosun.test`);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      expect(await form.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('shop_manager');
      // The defaults of a new shop manager, then this one's own choice.
      expect(await permission(form, 'Products Management').isChecked()).toBe(true);
      expect(await permission(form, 'Categories Management').isChecked()).toBe(true);
      expect(await permission(form, 'Vendors Management').isChecked()).toBe(true);
      expect(await permission(form, 'Settings Access').isChecked()).toBe(false);
      await permission(form, 'Categories Management').uncheck();
      await permission(form, 'Settings Access').check();
      await form.getByRole('button', { name: 'Create User' }).click();

      await visible(toast(page, 'User created successfully'));
      await gone(dialog);
      await closeToast(page, 'User created successfully');
      const row = userRow(page, username);
      await visible(row.getByText(`${username}@bosun.test`, { exact: true }));
      await visible(row.getByText('Shop Manager', { exact: true }));

      // Edit: the form shows the stored permissions; a new email, and no password.
      await row.getByRole('button', { name: `Edit ${username}` }).click();
      dialog = page.getByRole('dialog', { name: 'Edit User' });
      form = dialog.getByRole('form', { name: 'Edit user' });
      expect(await textbox(form, 'Username').inputValue()).toBe(username);
      expect(await form.getByRole('textbox', { name: 'Password', exact: true }).inputValue()).toBe('');
      expect(await permission(form, 'Products Management').isChecked()).toBe(true);
      expect(await permission(form, 'Categories Management').isChecked()).toBe(false);
      expect(await permission(form, 'Vendors Management').isChecked()).toBe(true);
      expect(await permission(form, 'Settings Access').isChecked()).toBe(true);
      await textbox(form, 'Email').fill(editedEmail);
      await form.getByRole('button', { name: 'Update User' }).click();

      await visible(toast(page, 'User updated successfully'));
      await gone(dialog);
      await closeToast(page, 'User updated successfully');
      await visible(row.getByText(editedEmail, { exact: true }));
      // Leaving the password empty kept it.
      expect(await passwordWorks(username, password)).toBe(true);

      // A taken username: the server's 409 shows under the field and the modal stays open.
      await row.getByRole('button', { name: `Edit ${username}` }).click();
      form = page.getByRole('dialog', { name: 'Edit User' }).getByRole('form', { name: 'Edit user' });
      await textbox(form, 'Username').fill(taken);
      await form.getByRole('button', { name: 'Update User' }).click();
      await visible(form.getByText('Username is already taken'));
      expect(await textbox(form, 'Username').getAttribute('aria-invalid')).toBe('true');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await gone(page.getByRole('dialog', { name: 'Edit User' }));
      await visible(userRow(page, username));

      // The same on create.
      await page.getByRole('button', { name: 'Add User' }).click();
      form = page.getByRole('dialog', { name: 'Add User' }).getByRole('form', { name: 'Add user' });
      await textbox(form, 'Username').fill(taken);
      await textbox(form, 'Email').fill(`another-${uniqueSuffix()}@bosun.test`);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('another-pass');
      await form.getByRole('button', { name: 'Create User' }).click();
      await visible(form.getByText('Username is already taken'));
      await form.getByRole('button', { name: 'Cancel' }).click();
      await gone(page.getByRole('dialog', { name: 'Add User' }));

      // Delete: cancelling the confirmation keeps the user; confirming removes them.
      await row.getByRole('button', { name: `Delete ${username}` }).click();
      let confirm = page.getByRole('dialog', { name: 'Delete user' });
      await visible(confirm.getByText(`Are you sure you want to delete the user "${username}"?`));
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await gone(confirm);
      await visible(row);

      await row.getByRole('button', { name: `Delete ${username}` }).click();
      confirm = page.getByRole('dialog', { name: 'Delete user' });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await visible(toast(page, 'User deleted successfully'));
      await gone(row);
      expect(await findUser(username)).toBeUndefined();

      // After a reload the list is what the server has.
      await page.reload();
      await visible(userRow(page, taken));
      expect(await userRow(page, username).count()).toBe(0);
    });
  });
});

describe('shop manager', () => {
  it('sees no Users entry and gets Access Denied on /users, still signed in', async () => {
    const username = `nousers-${uniqueSuffix()}`;
    await createUserViaApi({ username, password: 'manager-pass', role: 'shop_manager' });
    await inFreshContext(async (page) => {
      await signInAs(page, username, 'manager-pass');
      const nav = sidebar(page);
      for (const entry of ['Dashboard', 'Products', 'Categories', 'Vendors', 'Settings']) {
        await visible(nav.getByRole('link', { name: entry }));
      }
      expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);

      await page.goto('/users');
      await visible(page.getByRole('heading', { name: 'Access Denied' }));
      await visible(page.getByText("You don't have permission to access this page."));
      expect(currentPath(page)).toBe('/users');
      expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);
      await visible(page.getByRole('button', { name: `User menu: ${username}, Shop Manager` }));
    });
  });

  it('keeps using the dashboard after the admin turns products off, which applies on the next request', async () => {
    const username = `noproducts-${uniqueSuffix()}`;
    await createUserViaApi({ username, password: 'manager-pass', role: 'shop_manager' });
    const term = `Halyard${uniqueSuffix()}`;
    await createProduct({ sku: `HAL-${uniqueSuffix()}`, name: `${term} block`, stock: 4, list_price: 12.5 });

    const manager = await newPage(browser);
    const admin = await newPage(browser);
    try {
      const page = manager.page;
      await signInAs(page, username, 'manager-pass');
      await visible(page.getByRole('region', { name: 'Total Products' }));
      // With the products permission the header search finds the product.
      const search = page.getByRole('textbox', { name: 'Search products' });
      await search.fill(term);
      await visible(page.getByRole('option', { name: new RegExp(`^${term} block`) }));
      await search.fill('');

      // The admin unticks Products Management in the users screen.
      await signInAs(admin.page, E2E_ADMIN.username, E2E_ADMIN.password);
      await openUsersPage(admin.page);
      await userRow(admin.page, username).getByRole('button', { name: `Edit ${username}` }).click();
      const form = admin.page.getByRole('dialog', { name: 'Edit User' }).getByRole('form', { name: 'Edit user' });
      await permission(form, 'Products Management').uncheck();
      await form.getByRole('button', { name: 'Update User' }).click();
      await visible(toast(admin.page, 'User updated successfully'));
      expect((await findUser(username))?.permissions.products).toBe(false);

      // The manager's next search is refused (errors are only logged), without signing them out.
      await search.fill(`${term} blo`);
      await visible(page.getByText('No products found'));
      expect(await page.getByRole('option').count()).toBe(0);

      // The dashboard needs only a signed-in user: Refresh still works and nothing sends them away.
      await page.getByRole('button', { name: 'Refresh' }).click();
      await visible(page.getByRole('region', { name: 'Total Products' }));
      await page.reload();
      await visible(page.getByRole('region', { name: 'Total Products' }));
      expect(currentPath(page)).toBe('/dashboard');
      await visible(page.getByRole('button', { name: `User menu: ${username}, Shop Manager` }));
      expect(await page.getByText('Failed to load dashboard').count()).toBe(0);
    } finally {
      await manager.context.close();
      await admin.context.close();
    }
  });
});
