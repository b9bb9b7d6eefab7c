import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createVendor, uniqueSuffix, type CreatedVendor } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { closeToast, gone, signInAs, toast, visible } from './support/ui.js';

/**
 * A supplier feed (issue 22) in Chromium against the real server: a profile gets a feed URL (a
 * local HTTP server that wants a header token) and price rules in its form, 'Run now' fetches
 * and imports it, and the run is on the Imports page; the products carry the ruled list prices.
 * The e2e server allows loopback feeds (FEED_ALLOW_PRIVATE_ADDRESSES in global-setup).
 */

const RUN = uniqueSuffix();
const sku = (n: number) => `FEED-${RUN}-${n}`;
const PROFILE = `Stock feed ${RUN}`;
const TOKEN = `tok-${RUN}`;
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

// The vendor's stock and cost file: no list price, so the price rules set it (cost × 2, ending .99).
const FEED_CSV = ['Item;Name;Qty;Cost', `${sku(1)};Fender ${RUN};4;10,00`, `${sku(2)};Cleat ${RUN};0;25,50`].join('\r\n');

let page: Page;
let vendor: CreatedVendor;
let feedServer: http.Server;
let feedUrl: string;
let fetches = 0;

interface StoredProduct {
  sku: string;
  stock: number | null;
  vendor_cost: number | null;
  list_price: number | null;
}

async function shoot(part: Locator | null, name: string) {
  if (!SCREENSHOTS) return;
  await part?.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/import-profile-feed-${name}.png` });
}

beforeAll(async () => {
  // The vendor's server: the file only for the right token.
  feedServer = http.createServer((req, res) => {
    fetches += 1;
    if (req.headers['x-api-key'] !== TOKEN) {
      res.writeHead(401).end('no');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv' }).end(FEED_CSV);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/stock.csv`;
});

afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

const profileRow = () => page.getByRole('table', { name: 'Import profiles' }).getByRole('row', { name: PROFILE });
const form = () => page.getByRole('form', { name: 'Edit import profile' });

describe('Supplier feed of an import profile', () => {
  pageForFile(async (opened) => {
    page = opened;
    await page.setViewportSize({ width: 1280, height: 900 });
    vendor = await createVendor(`Feed Marine ${RUN}`);
    // The profile as the wizard saves one: a mapping, no feed yet.
    await api('POST', '/import-profiles', { name: PROFILE, vendorId: vendor.id, headers: ['Item', 'Name', 'Qty', 'Cost'], mapping: { sku: 'Item', name: 'Name', stock: 'Qty', vendor_cost: 'Cost' }, delimiter: ';' }, 201);
    await signInAs(page);
  });

  it('saves a feed URL with a header token and price rules in the profile form', async () => {
    await page.goto('/imports/profiles');
    await page.getByRole('combobox', { name: 'Vendor' }).selectOption(String(vendor.id));
    await visible(profileRow());
    expect(await profileRow().textContent()).toContain('Uploaded by staff');
    await profileRow().getByRole('button', { name: `Edit profile ${PROFILE}` }).click();
    await visible(form());

    await form().getByRole('radio', { name: 'Fetched from a URL' }).check();
    await form().getByRole('textbox', { name: /^Feed URL/ }).fill(feedUrl);
    await form().getByRole('combobox', { name: 'Authentication' }).selectOption('header');
    await form().getByRole('textbox', { name: 'Header name' }).fill('X-Api-Key');
    await form().getByLabel('Token', { exact: true }).fill(TOKEN);
    await form().getByRole('combobox', { name: /^Schedule/ }).selectOption('daily');
    const daily = form().getByRole('group', { name: 'Daily at' });
    await daily.getByRole('combobox', { name: 'Hour' }).selectOption('05');
    await daily.getByRole('combobox', { name: 'Minute' }).selectOption('30');

    await form().getByRole('switch', { name: 'Set list prices from the vendor cost' }).check();
    const rule = form().getByRole('region', { name: 'Price rule 1' });
    await rule.getByRole('textbox', { name: /^Factor/ }).fill('2');
    await expect.poll(() => rule.getByLabel('Example of price rule 1').textContent()).toBe('Cost 10.00 → list 20.99');

    await shoot(form().getByRole('group', { name: 'Supplier feed' }), 'form-1280');
    await shoot(form().getByRole('group', { name: 'Price rules' }), 'price-rules-1280');

    await form().getByRole('button', { name: 'Save profile' }).click();
    await visible(toast(page, `Profile updated: '${PROFILE}'`));
    await closeToast(page, `Profile updated: '${PROFILE}'`);
    await gone(form());
    const host = new URL(feedUrl).host;
    await expect.poll(async () => (await profileRow().textContent()) ?? '').toContain(`${host}Daily at 05:30`);
    expect(await profileRow().textContent()).toContain('header token');
    expect(await profileRow().textContent()).not.toContain(TOKEN);
    await shoot(null, 'list-1280');

    // The stored token is never shown again: the form says one is stored.
    await profileRow().getByRole('button', { name: `Edit profile ${PROFILE}` }).click();
    await visible(form().getByText('A token is stored.'));
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(form().getByRole('group', { name: 'Supplier feed' }), 'form-390');
    await shoot(form().getByRole('group', { name: 'Price rules' }), 'price-rules-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await gone(form());
    await shoot(null, 'list-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('runs the feed now and shows the run on the Imports page; the rules priced the products', async () => {
    await profileRow().getByRole('button', { name: `Run now: ${PROFILE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Run the feed of '${PROFILE}' now` });
    await dialog.getByRole('button', { name: 'Run now' }).click();
    const started = 'The feed is being fetched and imported: its run shows on the Imports page';
    await visible(toast(page, started));
    await shoot(null, 'run-toast-1280');
    await toast(page, started).getByRole('button', { name: 'Open its runs' }).click();
    await page.waitForURL(/\/imports\?profileId=\d+$/);
    await visible(page.getByText(`Runs of profile ${PROFILE}`));

    // The run as the server recorded it: complete, or its reason in the failure message.
    await expect
      .poll(async () => {
        const { imports } = await api<{ imports: Array<{ fileName: string; status: string; message: string | null }> }>('GET', '/imports?page=1&limit=20');
        const mine = imports.find((r) => r.fileName === feedUrl);
        return mine ? `${mine.status}${mine.message ? `: ${mine.message}` : ''}` : 'not recorded';
      }, { timeout: 30_000 })
      .toBe('complete');
    const run = page.getByRole('table', { name: 'Imports' }).getByRole('row').filter({ hasText: feedUrl });
    await visible(run.first(), 30_000);
    await expect.poll(async () => (await run.first().textContent()) ?? '', { timeout: 30_000 }).toContain('Complete');
    expect(await run.first().getByLabel('Import profile').textContent()).toBe(`Profile: ${PROFILE}`);
    await shoot(null, 'imports-1280');
    expect(fetches).toBe(1);

    const { products } = await api<{ products: StoredProduct[] }>('GET', `/products?search=${encodeURIComponent(`FEED-${RUN}`)}&limit=10`);
    expect(products.sort((a, b) => a.sku.localeCompare(b.sku)).map((p) => [p.sku, p.stock, p.vendor_cost, p.list_price])).toEqual([
      [sku(1), 4, 10, 20.99],
      [sku(2), 0, 25.5, 51.99],
    ]);
  });
});
