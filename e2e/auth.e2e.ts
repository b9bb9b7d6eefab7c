import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserViaApi, findUser, uniqueSuffix } from './support/api.js';
import { baseUrl, sharedBrowser } from './support/browser.js';
import {
  closeToast,
  currentPath,
  gone,
  openUserMenuItem,
  sidebar,
  signInAs,
  storedToken,
  textbox,
  toast,
  userMenuButton,
  visible,
  waitForPath,
} from './support/ui.js';

const inFreshContext = sharedBrowser();

const passwordField = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });

async function fillLogin(page: Page, username: string, password: string) {
  await textbox(page, 'Username or email').fill(username);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function newShopManager(prefix: string) {
  const user = { username: `${prefix}-${uniqueSuffix()}`, password: 'deckhand-pass', role: 'shop_manager' as const };
  await createUserViaApi(user);
  return user;
}

describe('registration', () => {
  it('registers a new shop manager, signs them in, and they wait for an admin (issue 24)', async () => {
    await inFreshContext(async (page) => {
      const username = `newhand-${uniqueSuffix()}`;
      await page.goto('/login');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await waitForPath(page, '/register');

      const form = page.getByRole('form', { name: 'Create account' });
      await textbox(form, 'Username').fill(username);
      await textbox(form, 'Email').fill(`${username}@bosun.test`);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('fresh-pass-1');
      await textbox(form, 'Confirm password').fill('fresh-pass-1');
      // shop_manager is the preselected role.
      expect(await form.getByRole('radio', { name: 'Shop Manager' }).isChecked()).toBe(true);
      expect(await form.getByRole('radio', { name: 'Admin' }).isChecked()).toBe(false);
      await form.getByRole('button', { name: 'Create account' }).click();

      // Signed in, but nothing to do until an admin approves: no shell, only the waiting page.
      await visible(toast(page, 'Registration successful! An administrator has to approve your account before you can start.'));
      await waitForPath(page, '/dashboard');
      await visible(page.getByRole('heading', { name: 'Waiting for approval', level: 1 }));
      await visible(page.getByText(`Signed in as ${username} (${username}@bosun.test)`));
      expect(await sidebar(page).count()).toBe(0);
      expect(await storedToken(page)).not.toBeNull();

      const stored = await findUser(username);
      expect(stored).toMatchObject({ role: 'shop_manager', status: 'pending', permissions: { products: false, categories: false, vendors: false, settings: false } });

      await page.getByRole('button', { name: 'Sign out' }).click();
      await waitForPath(page, '/login');
      expect(await storedToken(page)).toBeNull();
    });
  });

  it('shows the spec messages under the fields and creates nobody while the form is invalid', async () => {
    await inFreshContext(async (page) => {
      const username = `invalid-${uniqueSuffix()}`;
      await page.goto('/register');
      const form = page.getByRole('form', { name: 'Create account' });
      const submit = form.getByRole('button', { name: 'Create account' });

      // Every field is required.
      await submit.click();
      await visible(form.getByText('Username is required'));
      await visible(form.getByText('Email is required'));
      await visible(form.getByText('Password is required'));
      await visible(form.getByText('Please confirm your password'));
      expect(await textbox(form, 'Username').getAttribute('aria-invalid')).toBe('true');

      await textbox(form, 'Username').fill(username);
      await textbox(form, 'Email').fill(`${username}@bosun.test`);
      const password = form.getByRole('textbox', { name: 'Password', exact: true });
      const confirmation = textbox(form, 'Confirm password');

      // Too short.
      await password.fill('abc12');
      await confirmation.fill('abc12');
      await submit.click();
      await visible(form.getByText('Password must be at least 6 characters long'));
      await gone(form.getByText('Username is required'));

      // Long enough, but the confirmation differs.
      await password.fill('abc123');
      await confirmation.fill('abc124');
      await submit.click();
      await visible(form.getByText('Passwords do not match'));
      await gone(form.getByText('Password must be at least 6 characters long'));

      expect(currentPath(page)).toBe('/register');
      expect(await storedToken(page)).toBeNull();
      expect(await findUser(username)).toBeUndefined();
    });
  });
});

describe('sign-in', () => {
  it('says the password is wrong and stays on the sign-in page', async () => {
    const user = await newShopManager('wrongpw');
    await inFreshContext(async (page) => {
      await page.goto('/login');
      await fillLogin(page, user.username, 'not-the-password');

      await visible(toast(page, 'Invalid username or password', 'error'));
      expect(currentPath(page)).toBe('/login');
      expect(await storedToken(page)).toBeNull();

      // The right password then gets in.
      await passwordField(page).fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await visible(toast(page, 'Login successful!'));
      await waitForPath(page, '/dashboard');
    });
  });

  it('shows and hides the password with the toggle', async () => {
    await inFreshContext(async (page) => {
      await page.goto('/login');
      const password = passwordField(page);
      await password.fill('secret-words');
      const toggle = page.getByRole('button', { name: 'Show characters' });

      expect(await password.getAttribute('type')).toBe('password');
      await toggle.click();
      expect(await password.getAttribute('type')).toBe('text');
      expect(await password.inputValue()).toBe('secret-words');
      await toggle.click();
      expect(await password.getAttribute('type')).toBe('password');
    });
  });

  it('signs in by email too', async () => {
    const user = await newShopManager('byemail');
    await inFreshContext(async (page) => {
      await page.goto('/login');
      await fillLogin(page, `${user.username}@bosun.test`, user.password);
      await waitForPath(page, '/dashboard');
      await visible(page.getByRole('button', { name: `User menu: ${user.username}, Shop Manager` }));
    });
  });
});

describe('logout', () => {
  it('signs out from the user menu, forgets the session and ends the token on the server', async () => {
    const user = await newShopManager('logout');
    await inFreshContext(async (page) => {
      await signInAs(page, user.username, user.password);
      const token = await storedToken(page);
      expect(token).toBeTruthy();

      await openUserMenuItem(page, 'Logout');
      await waitForPath(page, '/login');
      await visible(page.getByRole('button', { name: 'Sign in' }));
      expect(await storedToken(page)).toBeNull();

      // The signed-in pages are closed again, and the old token no longer works.
      await page.goto('/dashboard');
      await waitForPath(page, '/login');
      const verify = await fetch(`${baseUrl()}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } });
      expect(verify.status).toBe(401);
    });
  });
});

describe('redirects', () => {
  it('sends a signed-out visitor from any path to /login, and lets them reach /register', async () => {
    await inFreshContext(async (page) => {
      for (const path of ['/', '/dashboard', '/users', '/settings', '/no/such/page']) {
        await page.goto(path);
        await waitForPath(page, '/login');
        await visible(page.getByRole('heading', { name: 'Sign in to Bosun' }));
      }
      await page.goto('/register');
      await visible(page.getByRole('heading', { name: 'Create your account' }));
      expect(currentPath(page)).toBe('/register');
    });
  });

  it('sends a signed-in user from /, /login, /register and unknown paths to /dashboard', async () => {
    await inFreshContext(async (page) => {
      await signInAs(page);
      for (const path of ['/', '/login', '/register', '/no/such/page']) {
        await page.goto(path);
        await waitForPath(page, '/dashboard');
        await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
      }
      // Known pages stay where they are.
      await page.goto('/settings');
      await visible(page.getByRole('heading', { name: 'Settings', level: 1 }));
      expect(currentPath(page)).toBe('/settings');
    });
  });

  it('sends a user whose stored token is bad to /login on the next call', async () => {
    await inFreshContext(async (page) => {
      await signInAs(page);
      await visible(page.getByRole('region', { name: 'Total Products' }));

      // The token goes bad while the page is open: the next call (Refresh) gets a 401.
      await page.evaluate(() => localStorage.setItem('bosun.token', 'not-a-valid-token'));
      await page.getByRole('button', { name: 'Refresh' }).click();
      await waitForPath(page, '/login');
      await visible(page.getByRole('button', { name: 'Sign in' }));
      expect(await storedToken(page)).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('bosun.user'))).toBeNull();

      // A bad token found at start-up is checked before any page shows.
      await signInAs(page);
      await page.evaluate(() => localStorage.setItem('bosun.token', 'expired.or.forged'));
      await page.goto('/settings');
      await waitForPath(page, '/login');
      expect(await storedToken(page)).toBeNull();
      expect(await userMenuButton(page).count()).toBe(0);
    });
  });
});

describe('profile', () => {
  it('changes the password with the current one; only the new one signs in afterwards', async () => {
    const user = await newShopManager('profile');
    const newPassword = 'brand-new-pass';
    await inFreshContext(async (page) => {
      await signInAs(page, user.username, user.password);
      await openUserMenuItem(page, 'Profile');
      const dialog = page.getByRole('dialog', { name: 'Profile' });
      await visible(dialog.getByText(user.username, { exact: true }));
      await visible(dialog.getByText(`${user.username}@bosun.test`, { exact: true }));

      await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
      await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
      const current = textbox(dialog, 'Current password');

      // A wrong current password changes nothing and says why under the field.
      await current.fill('not-my-password');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await visible(dialog.getByText('Current password is incorrect'));

      await current.fill(user.password);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await visible(toast(page, 'Profile updated successfully'));
      await gone(dialog);
      await closeToast(page, 'Profile updated successfully');

      await openUserMenuItem(page, 'Logout');
      await waitForPath(page, '/login');

      await fillLogin(page, user.username, user.password);
      await visible(toast(page, 'Invalid username or password', 'error'));
      expect(currentPath(page)).toBe('/login');

      await passwordField(page).fill(newPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(page, '/dashboard');
      await visible(page.getByRole('button', { name: `User menu: ${user.username}, Shop Manager` }));
    });
  });
});
