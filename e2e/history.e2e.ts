import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createVendor, uniqueSuffix } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { gone, signInAs, toast, valueShown, visible } from './support/ui.js';

/**
 * The change history in Chromium against the real server (issue 20): an import that raises prices
 * shows in a product's History tab and is undone from the Imports page; a bulk delete of three
 * products is undone from its toast. What the server holds afterwards is checked through the API.
 */

const RUN = uniqueSuffix();
const sku = (n: number) => `HIS-${RUN}-${n}`;

interface Stored {
  id: number;
  sku: string;
  list_price: number | null;
}

async function createProducts(prefix: string, count: number, price: (i: number) => number, vendorId: number | null = null): Promise<Stored[]> {
  const made: Stored[] = [];
  for (let i = 1; i <= count; i++) {
    made.push(await api<Stored>('POST', '/products', { sku: `${prefix}-${i}`, name: `History ${RUN} ${prefix} ${i}`, list_price: price(i), stock: 5, vendor_id: vendorId }));
  }
  return made;
}

const storedPrices = async (search: string) =>
  (await api<{ products: Stored[] }>('GET', `/products?search=${encodeURIComponent(search)}&limit=20&sort=sku`)).products.map((p) => [p.sku, p.list_price]);

let page: Page;

describe('change history and undo', () => {
  pageForFile(async (opened) => {
    page = opened;
    await signInAs(page);
  });

  it('an import that raises prices shows in the History tab and is undone from the Imports page', async () => {
    const prefix = sku(0);
    const vendor = await createVendor(`History Marine ${RUN}`);
    const products = await createProducts(prefix, 3, (i) => i * 10, vendor.id);
    // With one row whose price cannot be read: the Imports page offers it for download again.
    const csv = ['SKU;Name;Regular price', ...products.map((p, i) => `${p.sku};History ${RUN} ${prefix} ${i + 1};${(i + 1) * 10 + 5}`), `${prefix}-9;Bad price;abc`].join('\r\n');

    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import Products from CSV' });
    await wizard.locator('input[type="file"]').setInputFiles({ name: `raise-${RUN}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await wizard.getByRole('combobox', { name: 'Vendor', exact: true }).selectOption({ label: vendor.name });
    await wizard.getByRole('button', { name: 'Preview Data' }).click();
    await wizard.getByRole('switch', { name: /^Update existing products/ }).check();
    const dryRun = wizard.getByRole('region', { name: 'Dry run' });
    await expect.poll(async () => (await dryRun.textContent()) ?? '').toMatch(/Update3/);
    await wizard.getByRole('radio', { name: 'Fail the row' }).click();
    await expect.poll(async () => (await dryRun.textContent()) ?? '').toMatch(/Errors1/);
    await wizard.getByRole('button', { name: 'Import Data' }).click();
    await visible(wizard.getByRole('region', { name: 'Import result' }), 30_000);
    expect(await storedPrices(prefix)).toEqual([
      [`${prefix}-1`, 15],
      [`${prefix}-2`, 25],
      [`${prefix}-3`, 35],
    ]);
    // The results step leads to the Imports page, which lists the import, complete.
    await wizard.getByRole('link', { name: 'See all imports' }).click();
    await gone(wizard);
    await page.waitForURL('**/imports');
    await visible(page.getByRole('row').filter({ hasText: `raise-${RUN}.csv` }).getByText('Complete'));

    // One product's history: the import's change, old price -> new.
    await page.goto(`/product/${products[1]!.id}`);
    await page.getByRole('tab', { name: 'History' }).click();
    const newest = page.getByRole('article').first();
    await visible(newest.getByRole('group', { name: 'List Price: $20.00 to $25.00' }));
    const importLink = newest.getByRole('link', { name: /^Import #\d+$/ });
    const importName = (await importLink.textContent())!;

    // The import's link leads to the Imports page, where it is undone.
    await importLink.click();
    await page.waitForURL('**/imports**');
    const row = page.getByRole('row').filter({ hasText: `raise-${RUN}.csv` });
    await visible(row);
    expect(await row.textContent()).toContain('Complete');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download rows not imported \(1\), import #\d+$/ }).click()]);
    expect(download.suggestedFilename()).toBe(`raise-${RUN}_rows_not_imported.csv`);
    expect(fs.readFileSync((await download.path())!, 'utf8')).toContain(`\r\n${prefix}-9,Bad price,abc,error,`);
    await row.getByRole('button', { name: `Undo i${importName.slice(1)}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Undo import #\\d+ \\(raise-${RUN}\\.csv\\)$`) });
    await visible(dialog.getByText('Put back the fields it changed on 3 products'));
    const undone = page.waitForResponse((res) => /\/api\/changes\/\d+\/undo$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Undo' }).click();
    // The dialog follows the undo's progress as server-sent events, then says what it did.
    expect((await undone).headers()['content-type']).toContain('text/event-stream');
    await visible(dialog.getByText('Undone: 3 products put back'));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await gone(dialog);
    await visible(row.getByText('Undone', { exact: true }));

    // The old prices are back, on the server and on the product's page.
    expect(await storedPrices(prefix)).toEqual([
      [`${prefix}-1`, 10],
      [`${prefix}-2`, 20],
      [`${prefix}-3`, 30],
    ]);
    await page.goto(`/product/${products[1]!.id}`);
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await expect.poll(() => valueShown(page, 'List Price').textContent()).toBe('$20.00');
    await page.getByRole('tab', { name: 'History' }).click();
    const undo = page.getByRole('article').first();
    await visible(undo.getByRole('group', { name: 'List Price: $25.00 to $20.00' }));
    await visible(undo.getByText(/^Undo #\d+$/));
    await visible(page.getByRole('article').nth(1).getByText('Undone', { exact: true }));
  });

  it('a bulk delete of three products is undone from its toast', async () => {
    const prefix = sku(1);
    await createProducts(prefix, 3, (i) => i);
    await page.goto(`/products?search=${encodeURIComponent(prefix)}`);
    await page.getByText('Showing 1 to 3 of 3', { exact: true }).waitFor();
    // The toolbar's way to the Imports and Recently deleted pages.
    await visible(page.getByRole('link', { name: 'Imports' }));
    await visible(page.getByRole('link', { name: 'Recently deleted' }));
    await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 products selected').waitFor();
    await bar.getByRole('button', { name: 'Delete Selected' }).click();
    await page.getByRole('dialog', { name: 'Delete Products' }).getByRole('button', { name: 'Delete' }).click();
    const deleted = toast(page, '3 products deleted successfully');
    await visible(deleted);
    await page.getByText('Showing 0 to 0 of 0', { exact: true }).waitFor();
    expect(await storedPrices(prefix)).toEqual([]);

    await deleted.getByRole('button', { name: 'Undo' }).click();
    await visible(toast(page, 'Undone: 3 products put back'));
    await page.getByText('Showing 1 to 3 of 3', { exact: true }).waitFor();
    expect(await storedPrices(prefix)).toEqual([
      [`${prefix}-1`, 1],
      [`${prefix}-2`, 2],
      [`${prefix}-3`, 3],
    ]);
  });
});
