import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createManyProducts, createVendor, uniqueSuffix, type CreatedVendor } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { closeToast, signInAs, visible } from './support/ui.js';

/**
 * A held supplier feed run (issue 22) in Chromium against the real server: a truncated stock feed
 * (one of the vendor's five products) is held at its dry run; the dashboard's Supplier feeds card
 * shows it and opens it on the Imports page, where staff read what the dry run found and apply it
 * anyway; the missing products go to stock 0.
 */

const RUN = uniqueSuffix();
const sku = (n: number) => `HLD-${RUN}-${n}`;
const PROFILE = `Truncated stock ${RUN}`;
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

let page: Page;
let vendor: CreatedVendor;
let feedUrl: string;
const feed = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(`SKU,Qty\r\n${sku(1)},9\r\n`));

async function shoot(name: string) {
  if (!SCREENSHOTS) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/held-runs-${name}.png`, fullPage: true });
}

interface Run {
  id: number;
  status: string;
  profileName: string | null;
}
const runsOfProfile = async () => (await api<{ imports: Run[] }>('GET', '/imports?limit=50')).imports.filter((r) => r.profileName === PROFILE);
const stocks = async () =>
  Object.fromEntries((await api<{ products: Array<{ sku: string; stock: number }> }>('GET', `/products?search=${encodeURIComponent(`HLD-${RUN}`)}&limit=10`)).products.map((p) => [p.sku, p.stock]));

describe('A held feed run', () => {
  beforeAll(async () => {
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/stock.csv`;
  });
  afterAll(() => new Promise<void>((resolve) => feed.close(() => resolve())));
  pageForFile(async (opened) => {
    page = opened;
    await page.setViewportSize({ width: 1280, height: 900 });
    vendor = await createVendor(`Held Marine ${RUN}`);
    await createManyProducts([1, 2, 3, 4, 5].map((n) => ({ sku: sku(n), name: `Held product ${RUN} ${n}`, stock: 5, vendor_id: vendor.id })));
    await signInAs(page);
  });

  it('is held at its dry run, shown on the dashboard, and applied from the Imports page', async () => {
    const { profile } = await api<{ profile: { id: number } }>('POST', '/import-profiles', {
      name: PROFILE,
      vendorId: vendor.id,
      mapping: { sku: 'SKU', stock: 'Qty' },
      updateFields: ['stock'],
      createNew: false,
      missing: { action: 'zero_stock', maxPercent: 20 },
      feed: { url: feedUrl, fullList: true },
    }, 201);
    await api('POST', `/import-profiles/${profile.id}/run`, {}, 202);
    await expect.poll(async () => (await runsOfProfile())[0]?.status, { timeout: 20_000 }).toBe('held');
    const [held] = await runsOfProfile();
    expect(await stocks()).toEqual({ [sku(1)]: 5, [sku(2)]: 5, [sku(3)]: 5, [sku(4)]: 5, [sku(5)]: 5 });

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Supplier feeds' });
    await visible(card);
    await shoot('dashboard-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot('dashboard-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('link', { name: PROFILE }).click();
    const panel = page.getByRole('region', { name: `Held import #${held!.id}` });
    await visible(panel);
    expect(await panel.textContent()).toContain("4 of the vendor's 5 products are not in the file (80%), more than the profile's limit of 20%.");
    await panel.getByRole('button', { name: `Details of held import #${held!.id}` }).click();
    const details = panel.getByRole('region', { name: 'What the dry run found' });
    expect(await details.textContent()).toContain("4 of the vendor's 5 products will be set to stock 0 (not in the file).");
    await shoot('imports-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    // The Imports page lays its runs out as cards on a phone: the panel is drawn again, found anew.
    await visible(panel);
    await panel.scrollIntoViewIfNeeded();
    await shoot('imports-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await panel.getByRole('button', { name: 'Apply anyway' }).click();
    const dialog = page.getByRole('dialog', { name: `Apply held import #${held!.id}?` });
    await visible(dialog);
    expect(await dialog.getByRole('list', { name: 'What applying will do' }).textContent()).toContain("4 of the vendor's 5 products will be set to stock 0");
    await shoot('apply-dialog');
    await dialog.getByRole('button', { name: 'Apply anyway' }).click();
    await closeToast(page, `Import #${held!.id} is being applied: the Imports page shows its outcome`);

    // The held run itself becomes the import, and the page follows it to its end.
    const row = page.locator(`#import-${held!.id}`);
    await visible(row.getByText('Complete'), 20_000);
    await visible(row.getByText('Applied after hold'));
    await shoot('applied');
    expect(await stocks()).toEqual({ [sku(1)]: 9, [sku(2)]: 0, [sku(3)]: 0, [sku(4)]: 0, [sku(5)]: 0 });
    expect((await runsOfProfile()).map((r) => [r.id, r.status])).toEqual([[held!.id, 'complete']]);

    await page.goto('/dashboard');
    await visible(page.getByRole('region', { name: 'Supplier feeds' }));
    expect(await page.getByRole('region', { name: 'Supplier feeds' }).getByRole('link', { name: PROFILE }).count()).toBe(0);
    await shoot('dashboard-after');
  });
});
