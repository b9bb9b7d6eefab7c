import type { Locator, Page } from 'playwright-core';
import { signIn } from './browser.js';

/** Waits until the element shows (Playwright's own auto-wait), failing with the locator in the message. */
export const visible = (locator: Locator, timeout?: number) => locator.waitFor({ state: 'visible', timeout });

/** Waits until the element is gone or hidden. */
export const gone = (locator: Locator, timeout?: number) => locator.waitFor({ state: 'hidden', timeout });

/** A toast of the given kind: success and info are polite status messages, errors and warnings alerts. */
export const toast = (page: Page, text: string, kind: 'success' | 'info' | 'error' | 'warning' = 'success') =>
  page.getByRole(kind === 'error' || kind === 'warning' ? 'alert' : 'status').filter({ hasText: text });

/** The path (and query) the page shows now. */
export const currentPath = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Waits for the address to reach the path; the app redirects on the client, so this polls the URL. */
export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

export const userMenuButton = (page: Page) => page.getByRole('button', { name: /^User menu: / });

export async function openUserMenuItem(page: Page, item: 'Profile' | 'Preferences' | 'Logout') {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The sidebar's section links. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Mantine marks required fields with an asterisk inside the label, so labels are matched by their start. */
export const textbox = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** A read-only value shown as text under its label (a description list's term and definition), e.g. the product page's view mode. */
export const valueShown = (scope: Page | Locator, label: string) =>
  scope.locator('dt').filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('bosun.token'));

/**
 * Signs in through the form and closes the 'Login successful!' toast, which otherwise sits over
 * the header's user menu for its five seconds.
 */
export async function signInAs(page: Page, username?: string, password?: string) {
  await signIn(page, username, password);
  await closeToast(page, 'Login successful!');
}

export async function closeToast(page: Page, text: string, kind: 'success' | 'info' | 'error' | 'warning' = 'success') {
  const message = toast(page, text, kind);
  await message.getByRole('button', { name: 'Close notification' }).click();
  await gone(message);
}
