import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createVendor, uniqueSuffix, type CreatedVendor } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { closeToast, gone, signInAs, toast, visible } from './support/ui.js';

/**
 * Import profiles (issue 22) in Chromium against the real server: a vendor's catalogue is
 * imported, then its daily stock file (Excel-style: semicolons, decimal commas, a renamed product)
 * with 'Stock and prices only', saved as a profile on the way; only stock and prices change, and
 * the run is on the Imports page with the profile's name.
 */

const RUN = uniqueSuffix();
const sku = (n: number) => `PRF-${RUN}-${n}`;
const PROFILE = `Daily stock ${RUN}`;
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

const CATALOGUE = [
  'SKU,Name,Regular price,Stock,Brand',
  `${sku(1)},Anchor ${RUN},19.99,4,Harbour`,
  `${sku(2)},Buoy ${RUN},5.00,10,Harbour`,
  `${sku(3)},Chain ${RUN},42.00,7,Harbour`,
].join('\r\n');

// What Excel writes on a European desktop: semicolons and decimal commas. The feed renamed the anchor.
const STOCK_FILE = [
  'SKU;Name;Regular price;Stock;Brand',
  `${sku(1)};Anchor RENAMED ${RUN};24,50;9;Other brand`,
  `${sku(2)};Buoy ${RUN};5,00;0;Harbour`,
  `${sku(3)};Chain ${RUN};42,00;7;Harbour`,
].join('\r\n');

interface StoredProduct {
  sku: string;
  name: string;
  brand: string | null;
  list_price: number | null;
  stock: number | null;
}

let page: Page;
let vendor: CreatedVendor;

const wizard = () => page.getByRole('dialog', { name: 'Import Products from CSV' });
const mapped = (label: string) => wizard().getByRole('combobox', { name: label, exact: true });

/** The screen as staff see it, with the part named scrolled into the middle of the wizard's body. */
async function shoot(part: Locator | null, name: string) {
  if (!SCREENSHOTS) return;
  await part?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // The layout's own transitions (the sidebar folding away at phone width) settle first.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/import-profiles-${name}.png` });
}

async function openWithFile(name: string, csv: string) {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await wizard().locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await visible(wizard().getByRole('button', { name: 'Preview Data' }));
  await expect.poll(() => mapped('SKU').inputValue()).toBe('SKU');
}

/** Opens the wizard with the file, the vendor chosen, and goes on to the preview. */
async function uploadToPreview(name: string, csv: string) {
  await openWithFile(name, csv);
  await mapped('Vendor').selectOption(String(vendor.id));
  await wizard().getByRole('button', { name: 'Preview Data' }).click();
  await visible(wizard().getByRole('table', { name: 'Preview rows' }));
}

async function importAndClose() {
  await wizard().getByRole('button', { name: 'Import Data' }).click();
  await visible(wizard().getByRole('region', { name: 'Import result' }), 30_000);
  const message = (await wizard().getByText(/^Import complete: /).textContent()) ?? '';
  await wizard().getByRole('button', { name: 'Close & Refresh' }).click();
  await gone(wizard());
  return message;
}

const stored = async () =>
  (await api<{ products: StoredProduct[] }>('GET', `/products?search=${encodeURIComponent(`PRF-${RUN}`)}&limit=10`)).products.sort((a, b) => a.sku.localeCompare(b.sku));

describe('Import profiles', () => {
  pageForFile(async (opened) => {
    page = opened;
    await page.setViewportSize({ width: 1440, height: 900 });
    vendor = await createVendor(`Profile Marine ${RUN}`);
    await signInAs(page);
  });

  it('imports the catalogue', async () => {
    await uploadToPreview('catalogue.csv', CATALOGUE);
    expect(await importAndClose()).toBe('Import complete: 3 imported, 0 updated, 0 skipped, 0 errors');
    expect((await stored()).map((p) => [p.sku, p.name, p.list_price, p.stock])).toEqual([
      [sku(1), `Anchor ${RUN}`, 19.99, 4],
      [sku(2), `Buoy ${RUN}`, 5, 10],
      [sku(3), `Chain ${RUN}`, 42, 7],
    ]);
  });

  it("runs the stock file with 'Stock and prices only', saves it as a profile, and only stock and prices change", async () => {
    await uploadToPreview('daily-stock.csv', STOCK_FILE);
    await visible(wizard().getByText('semicolon delimited', { exact: false }));
    const rules = wizard().getByRole('region', { name: 'Rules' });
    await rules.getByRole('switch', { name: /Update existing products/ }).check();
    await rules.getByRole('radio', { name: 'Only the fields checked' }).check();
    // The preset is what 'Only the fields checked' starts from.
    expect(await rules.getByRole('checkbox', { name: 'Stock quantity' }).isChecked()).toBe(true);
    expect(await rules.getByRole('checkbox', { name: 'Product name' }).isChecked()).toBe(false);
    await rules.getByRole('radio', { name: 'An empty cell keeps the current value' }).check();

    // The dry run: two products change (the anchor's price and stock, the buoy's stock), one does not; the name and brand are not counted.
    const changes = wizard().getByRole('region', { name: 'Changes to existing products' });
    await expect.poll(async () => (await changes.textContent()) ?? '', { timeout: 15_000 }).toContain('Unchanged: 1');
    await visible(changes.getByLabel('Stock quantity: 2 changed'));
    await visible(changes.getByLabel('List price: 1 changed'));
    expect(await changes.getByLabel(/^Product name:/).count()).toBe(0);
    expect(await changes.getByLabel(/^Brand:/).count()).toBe(0);
    const priceRows = changes.getByRole('table', { name: 'Largest price changes' }).locator('tbody tr');
    expect(await priceRows.count()).toBe(1);
    expect(await priceRows.first().textContent()).toContain('$19.99 → $24.50');

    await shoot(rules, 'rules-1440');
    await shoot(changes, 'dry-run-1440');

    const save = wizard().getByRole('region', { name: 'Save as profile' });
    await save.getByRole('textbox', { name: 'Profile name' }).fill(PROFILE);
    await save.getByRole('button', { name: 'Save as profile' }).click();
    await visible(toast(page, `Profile saved: '${PROFILE}'`));
    await closeToast(page, `Profile saved: '${PROFILE}'`);
    await visible(save.getByRole('button', { name: `Save changes to ${PROFILE}` }));
    await page.keyboard.press('Escape');
    await gone(wizard());

    // On a phone, the same file starts from the profile: its rules are in, and the run goes by it.
    await page.setViewportSize({ width: 390, height: 844 });
    await openWithFile('daily-stock.csv', STOCK_FILE);
    await mapped('Vendor').selectOption(String(vendor.id));
    await visible(wizard().getByRole('status', { name: 'Import profile' }).getByText(`Started from the profile '${PROFILE}'`, { exact: false }));
    expect(await mapped('Start from a profile').locator('option:checked').textContent()).toBe(PROFILE);
    await wizard().getByRole('button', { name: 'Preview Data' }).click();
    await visible(changes.getByLabel('Stock quantity: 2 changed'));
    expect(await rules.getByRole('checkbox', { name: 'Product name' }).isChecked()).toBe(false);
    await shoot(rules, 'rules-390');
    await shoot(changes, 'dry-run-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(await importAndClose()).toBe('Import complete: 0 imported, 3 updated, 0 skipped, 0 errors');
    expect((await stored()).map((p) => [p.sku, p.name, p.brand, p.list_price, p.stock])).toEqual([
      [sku(1), `Anchor ${RUN}`, 'Harbour', 24.5, 9],
      [sku(2), `Buoy ${RUN}`, 'Harbour', 5, 0],
      [sku(3), `Chain ${RUN}`, 'Harbour', 42, 7],
    ]);

    await page.setViewportSize({ width: 1440, height: 900 });
    // The list shows it too: the old name, the new price.
    await page.goto(`/products?search=${encodeURIComponent(sku(1))}`);
    const row = page.getByRole('table', { name: 'Products' }).getByRole('row', { name: new RegExp(`Anchor ${RUN}`) });
    await visible(row);
    expect(await row.textContent()).toContain('$24.50');
    expect(await page.getByText(`Anchor RENAMED ${RUN}`).count()).toBe(0);
  });

  it('lists the run with its profile on the Imports page, and the profile on its screen', async () => {
    await page.goto('/imports');
    const run = page.getByRole('table', { name: 'Imports' }).getByRole('row').filter({ hasText: 'daily-stock.csv' }).first();
    await visible(run);
    expect(await run.getByLabel('Import profile').textContent()).toBe(`Profile: ${PROFILE}`);

    await page.getByRole('link', { name: /Import profiles/ }).click();
    const table = page.getByRole('table', { name: 'Import profiles' });
    await page.getByRole('combobox', { name: 'Vendor' }).selectOption(String(vendor.id));
    const profileRow = table.getByRole('row', { name: PROFILE });
    await visible(profileRow);
    expect(await profileRow.textContent()).toContain('Stock and prices only');
    await shoot(null, 'screen-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(page.getByRole('article', { name: PROFILE }));
    await shoot(null, 'screen-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
