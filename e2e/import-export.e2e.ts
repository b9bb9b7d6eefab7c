import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createProduct, createVendor, uniqueSuffix } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { closeToast, gone, signInAs, toast, visible } from './support/ui.js';

/**
 * The CSV import wizard and the export dialog in Chromium against the real server: a small
 * semicolon-separated file with one bad row goes through all five steps, the failed row comes
 * back as a file, and an export from a filtered list holds exactly the rows the list shows.
 */

const RUN = uniqueSuffix();
const sku = (n: number) => `IMP-${RUN}-${n}`;
const VENDOR = `Wizard Marine ${RUN}`;

const CSV = [
  '\uFEFFSKU;Name;Regular price;Stock;Vendor Category;Vendor Subcategory 1;Store Category',
  `${sku(1)};Anchor ${RUN};19,99;4;Deck ${RUN};Anchors;Ground tackle ${RUN}`,
  `${sku(2)};"Rope; braided ${RUN}";"$7.50";12;Deck ${RUN};Ropes;Ground tackle ${RUN}`,
  `${sku(3)};Chain ${RUN};abc;3;Deck ${RUN};Chains;Ground tackle ${RUN}`,
].join('\r\n');

/** Parses the downloaded CSV well enough for these files: quoted cells, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

async function downloadedText(download: import('playwright-core').Download) {
  const file = await download.path();
  return fs.readFile(file, 'utf8');
}

let page: Page;

describe('CSV import and export', () => {
  pageForFile(async (opened) => {
    page = opened;
    await signInAs(page);
  });

  it('imports a file through the five steps, reports the bad row and hands it back as a file', async () => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import Products from CSV' });
    await visible(wizard.getByRole('button', { name: 'Download Template' }));

    // Step 1 -> 2: only the header row is read in the browser; the columns are mapped from their names.
    await wizard.locator('input[type="file"]').setInputFiles({ name: 'wizard-marine.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await visible(wizard.getByRole('button', { name: 'Preview Data' }));
    const mapped = (label: string) => wizard.getByRole('combobox', { name: label, exact: true });
    await expect.poll(() => mapped('SKU').inputValue()).toBe('SKU');
    expect(await mapped('Product Name').inputValue()).toBe('Name');
    expect(await mapped('List Price').inputValue()).toBe('Regular price');
    expect(await mapped('Stock (empty: not tracked when a status is given)').inputValue()).toBe('Stock');
    expect(await mapped('Vendor Subcategory 1').inputValue()).toBe('Vendor Subcategory 1');
    expect(await wizard.getByRole('region', { name: 'Mapping summary' }).textContent()).toContain('7 of 7 columns used');

    // A new vendor from the '+' button becomes the selected one.
    await wizard.getByRole('button', { name: 'Create New Vendor' }).click();
    const vendorModal = page.getByRole('dialog', { name: 'Create New Vendor' });
    const create = vendorModal.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await vendorModal.getByRole('textbox', { name: /Vendor Name/ }).fill(VENDOR);
    await vendorModal.getByRole('textbox', { name: /Vendor Name/ }).press('Enter');
    await visible(toast(page, `Vendor "${VENDOR}" created successfully`));
    await gone(vendorModal);
    await expect.poll(async () => (await mapped('Vendor').locator('option:checked').textContent()) ?? '').toBe(VENDOR);

    // Step 3: the first rows, the category paths and the dry run with the bad row.
    await wizard.getByRole('button', { name: 'Preview Data' }).click();
    const rows = wizard.getByRole('table', { name: 'Preview rows' });
    await visible(rows);
    expect(await rows.locator('tbody tr').count()).toBe(3);
    await visible(rows.getByText(`Vendor: Deck ${RUN} > Anchors`));
    await visible(rows.getByText(`Store: Ground tackle ${RUN}`).first());
    expect(await wizard.getByText(/Total rows:/).textContent()).toContain('3');
    await visible(wizard.getByText('semicolon delimited', { exact: false }));
    const dryRun = wizard.getByRole('region', { name: 'Dry run' });
    // By default the bad price would be dropped with a warning; here staff choose to fail its row, and the dry run runs again.
    expect(await dryRun.textContent()).toMatch(/Warnings1/);
    await wizard.getByRole('radio', { name: 'Fail the row' }).click();
    await expect.poll(async () => (await dryRun.textContent()) ?? '').toMatch(/Errors1/);
    expect(await dryRun.textContent()).toMatch(/Create2/);
    const rowErrors = wizard.getByRole('table', { name: 'Row errors' });
    expect(await rowErrors.locator('tbody tr').count()).toBe(1);
    expect(await rowErrors.locator('tbody tr').first().textContent()).toContain('abc');
    await visible(wizard.getByText(/Estimated time: about 1 second at/));

    // Steps 4 and 5: the import streams its progress, then the results.
    await wizard.getByRole('button', { name: 'Import Data' }).click();
    const result = wizard.getByRole('region', { name: 'Import result' });
    await visible(result, 30_000);
    const figures = await result.textContent();
    expect(figures).toContain('Total rows3');
    expect(figures).toContain('Imported2');
    expect(figures).toContain('Errors1');
    await visible(wizard.getByText(/^Row 4: /));
    // One of each, said as one (issue 24): no '1 rows were', no '1 errors'.
    await visible(wizard.getByText('1 row was not imported', { exact: true }));
    await visible(wizard.getByText('Import complete: 2 imported, 0 updated, 0 skipped, 1 error', { exact: true }));

    const [download] = await Promise.all([page.waitForEvent('download'), wizard.getByRole('button', { name: 'Download rows not imported (1)' }).click()]);
    expect(download.suggestedFilename()).toBe('wizard-marine_rows_not_imported.csv');
    const errorRows = parseCsv(await downloadedText(download));
    expect(errorRows[0]).toEqual(['SKU', 'Name', 'Regular price', 'Stock', 'Vendor Category', 'Vendor Subcategory 1', 'Store Category', 'Outcome', 'Reason']);
    expect(errorRows).toHaveLength(2);
    expect(errorRows[1]!.slice(0, 3)).toEqual([sku(3), `Chain ${RUN}`, 'abc']);
    expect(errorRows[1]![7]).toBe('error');
    expect(errorRows[1]![8]).toMatch(/price/i);

    await wizard.getByRole('button', { name: 'Close & Refresh' }).click();
    await gone(wizard);

    // What the server stored, and what the refreshed list shows.
    const stored = await api<{ products: Array<{ sku: string; name: string; list_price: number; vendor_name: string; vendor_category_path: string }> }>(
      'GET',
      `/products?search=${encodeURIComponent(`IMP-${RUN}`)}&limit=10`,
    );
    expect(stored.products.map((p) => p.sku).sort()).toEqual([sku(1), sku(2)]);
    const rope = stored.products.find((p) => p.sku === sku(2))!;
    expect(rope).toMatchObject({ name: `Rope; braided ${RUN}`, list_price: 7.5, vendor_name: VENDOR, vendor_category_path: `Deck ${RUN} > Ropes` });
    await page.getByRole('textbox', { name: 'Search the product list' }).fill(`IMP-${RUN}`);
    await page.getByRole('textbox', { name: 'Search the product list' }).press('Enter');
    await visible(page.getByRole('table', { name: 'Products' }).getByText(sku(2)));

    // Opened again, the wizard starts from the beginning.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await visible(wizard.getByRole('button', { name: 'Choose CSV File' }));
    await page.keyboard.press('Escape');
    await gone(wizard);
  });

  it('exports the filtered list, and only the selection when rows are selected', async () => {
    const { vendors } = await api<{ vendors: Array<{ id: number; name: string }> }>('GET', '/vendors');
    const vendor = vendors.find((v) => v.name === VENDOR) ?? (await createVendor(VENDOR));
    const other = await createVendor(`Other Marine ${RUN}`);
    await createProduct({ sku: `IMP-${RUN}-X`, name: `Anchor ${RUN} elsewhere`, vendor_id: other.id, list_price: 5 });

    await page.goto(`/products?search=${encodeURIComponent(`Anchor ${RUN}`)}&vendor_id=${vendor.id}`);
    const table = page.getByRole('table', { name: 'Products' });
    await visible(table.getByText(sku(1)));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Products' });
    expect(await dialog.getByRole('radio', { name: /WooCommerce/ }).isChecked()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export CSV' }).click()]);
    await visible(toast(page, 'Products exported successfully (woocommerce mode)'));
    await closeToast(page, 'Products exported successfully (woocommerce mode)');
    expect(download.suggestedFilename()).toMatch(/^products_woocommerce_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloadedText(download);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    const skuAt = header!.indexOf('SKU');
    const pathAt = header!.indexOf('Category Path');
    expect(rows.map((r) => r[skuAt])).toEqual([sku(1)]);
    expect(rows[0]![pathAt]).toContain(`Deck ${RUN} > Anchors`);

    // The direct layout of two selected rows only.
    await page.goto(`/products?search=${encodeURIComponent(`IMP-${RUN}`)}`);
    await visible(table.getByText(sku(2)));
    await page.getByRole('checkbox', { name: `Select Rope; braided ${RUN}` }).check();
    await page.getByRole('checkbox', { name: `Select Anchor ${RUN} elsewhere` }).check();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await visible(dialog.getByText('the 2 products selected', { exact: false }));
    await dialog.getByRole('radio', { name: /Direct/ }).check();
    const [direct] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(direct.suggestedFilename()).toMatch(/^products_direct_/);
    const [directHeader, ...directRows] = parseCsv(await downloadedText(direct));
    const directSku = directHeader!.findIndex((h) => h.toLowerCase() === 'sku');
    expect(directRows.map((r) => r[directSku]).sort()).toEqual([sku(2), `IMP-${RUN}-X`].sort());
    expect(directHeader).toContain('Vendor ParentCategory');
  });
});
