import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, uniqueSuffix } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { gone, sidebar, signInAs, textbox, toast, visible, waitForPath } from './support/ui.js';

interface Settings {
  company_name: string;
  logo_url: string;
  weight_unit: string;
  dimension_unit: string;
  time_zone?: string;
}

let browser: Browser;
let original: Settings;
beforeAll(async () => {
  browser = await launchBrowser();
  original = await api<Settings>('GET', '/settings');
});
afterAll(async () => {
  await browser?.close();
  // The company name shows in every file's shell; leave it as this file found it.
  if (original) await api('PUT', '/settings', { company_name: original.company_name, logo_url: original.logo_url, time_zone: original.time_zone ?? 'UTC' });
});

/** The preview image has loaded when the browser knows its natural size. */
const imageLoaded = (page: Page, name: string) =>
  page.getByRole('img', { name, exact: true }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/** Does something that makes the page load an image, and waits until the answer for it is in. */
async function brokenImageTried(page: Page, action: () => Promise<void>, path: string) {
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === path);
  await action();
  await answered;
}

describe('company settings', () => {
  it('previews the logo (saying so when it does not load), saves, and the sidebar shows the new name and logo', async () => {
    const companyName = `Harbour Chandlery ${uniqueSuffix()}`;
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page);
      await sidebar(page).getByRole('link', { name: 'Settings' }).click();
      await waitForPath(page, '/settings');
      await visible(page.getByRole('heading', { name: 'Settings', level: 1 }));
      const form = page.getByRole('form', { name: 'Company settings' });
      await visible(form.getByText('1.0.0', { exact: true }));
      const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
      await visible(form.getByText(today, { exact: true }));

      const logoUrl = textbox(form, 'Logo URL');
      const preview = form.getByRole('img', { name: 'Logo preview' });

      // An address that does not load replaces the preview with a message (issue 24 point 13),
      // once the browser has tried it.
      const didNotLoad = form.getByText(/^The logo at this address did not load\./);
      await brokenImageTried(page, () => logoUrl.fill('/no-such-logo.png'), '/no-such-logo.png');
      await gone(preview);
      await gone(form.getByText('Logo preview', { exact: true }));
      await visible(didNotLoad);

      // A same-origin image shows, and the message goes.
      await logoUrl.fill('/logo-fallback.svg');
      await visible(preview);
      await gone(didNotLoad);
      await expect.poll(() => imageLoaded(page, 'Logo preview'), { timeout: 10_000 }).toBe(true);

      // Broken again: said again.
      await brokenImageTried(page, () => logoUrl.fill('/still-no-logo.png'), '/still-no-logo.png');
      await gone(preview);
      await visible(didNotLoad);

      await logoUrl.fill('/logo-fallback.svg');
      await visible(preview);
      await textbox(form, 'Company Name').fill(companyName);
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await visible(toast(page, 'Settings updated successfully'));

      // The shell reads the saved settings: name and logo in the sidebar.
      await visible(sidebar(page).getByText(companyName, { exact: true }));
      const brandLogo = sidebar(page).getByRole('img', { name: `${companyName} logo` });
      await visible(brandLogo);
      expect(await brandLogo.getAttribute('src')).toBe('/logo-fallback.svg');

      // Stored on the server: still there after a reload, in the form and the sidebar.
      await page.reload();
      await visible(sidebar(page).getByText(companyName, { exact: true }));
      expect(await textbox(form, 'Company Name').inputValue()).toBe(companyName);
      expect(await textbox(form, 'Logo URL').inputValue()).toBe('/logo-fallback.svg');
      await visible(preview);
      const stored = await api<Settings>('GET', '/settings');
      expect(stored).toMatchObject({ company_name: companyName, logo_url: '/logo-fallback.svg' });
    } finally {
      await context.close();
    }
  });

  it('finds the shop’s time zone by typing a city, and keeps it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page);
      await sidebar(page).getByRole('link', { name: 'Settings' }).click();
      await waitForPath(page, '/settings');
      const form = page.getByRole('form', { name: 'Company settings' });
      const zone = form.getByRole('combobox', { name: 'Time zone' });
      await visible(zone);
      await zone.fill('Auckl');
      await page.getByRole('option', { name: /^Pacific\/Auckland \(GMT\+1[23]:00\)$/ }).click();
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await visible(toast(page, 'Settings updated successfully'));
      expect((await api<Settings>('GET', '/settings')).time_zone).toBe('Pacific/Auckland');
      await page.reload();
      await expect.poll(() => form.getByRole('combobox', { name: 'Time zone' }).inputValue()).toMatch(/^Pacific\/Auckland/);
    } finally {
      await context.close();
    }
  });
});
