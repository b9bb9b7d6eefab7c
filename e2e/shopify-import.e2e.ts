import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createVendor, uniqueSuffix } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { gone, signInAs, visible } from './support/ui.js';

/**
 * Issue 19: Shopify's own product template (simple products, weights in grams, two barcodes with
 * a wrong check digit) goes through the wizard with auto-mapping only, as a new member of staff
 * would import it: every column lands where Shopify means it, the grams are stored in the shop's
 * kg, and the two bad barcodes are dropped with a warning each instead of costing their rows.
 */

const RUN = uniqueSuffix();
const VENDOR = `Shopify Outfitters ${RUN}`;
let page: Page;

/** The fixture's rows under SKUs of this run, so that the test never meets an earlier run's products. */
async function shopifyTemplate() {
  const text = await fs.readFile(new URL('../server/src/test/files/shopify-template-simple.csv', import.meta.url), 'utf8');
  return text.replace(/example-(shirt-s|pants-m|hat-l)/g, (_, sku: string) => `example-${sku}-${RUN}`);
}

describe("Shopify's product template through the wizard", () => {
  pageForFile(async (opened) => {
    page = opened;
    await signInAs(page);
  });

  it('auto-maps every Shopify column, converts grams and keeps the rows whose barcode is bad, with a warning', async () => {
    await createVendor(VENDOR);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import Products from CSV' });
    await wizard.locator('input[type="file"]').setInputFiles({ name: 'products_export.csv', mimeType: 'text/csv', buffer: Buffer.from(await shopifyTemplate(), 'utf8') });
    await visible(wizard.getByRole('button', { name: 'Preview Data' }));

    // Auto-mapping only: Shopify's names, never a word guess ('Option1 Name' is not the name, 'SEO Description' not the description).
    const mapped = (label: string) => wizard.getByRole('combobox', { name: label, exact: true });
    await expect.poll(() => mapped('SKU').inputValue()).toBe('Variant SKU');
    const expected: Record<string, string> = {
      'Product Name': 'Title',
      Description: 'Body (HTML)',
      Brand: 'Vendor',
      Weight: 'Variant Grams',
      'GTIN / UPC / EAN / ISBN': 'Variant Barcode',
      'List Price': 'Variant Price',
      'Market Price': 'Variant Compare At Price',
      'Vendor Cost': 'Cost per item',
      'Meta Title': 'SEO Title',
      'Meta Description': 'SEO Description',
    };
    for (const [field, header] of Object.entries(expected)) expect(await mapped(field).inputValue(), field).toBe(header);

    await mapped('Vendor').selectOption({ label: VENDOR });
    await wizard.getByRole('button', { name: 'Preview Data' }).click();
    const dryRun = wizard.getByRole('region', { name: 'Dry run' });
    await visible(dryRun);
    expect(await dryRun.textContent()).toMatch(/Create3/);
    // The preview shows the grams beside what will be stored.
    await visible(wizard.getByRole('table', { name: 'Preview rows' }).getByText('0.072 kg', { exact: false }));
    const warnings = wizard.getByRole('table', { name: 'Row warnings' });
    await visible(warnings);
    expect(await warnings.locator('tbody tr').count()).toBe(2);
    // The default: a bad optional value is dropped with a warning, the rest of the row imported.
    expect(await wizard.getByRole('radio', { name: /Drop the value with a warning/ }).isChecked()).toBe(true);

    await wizard.getByRole('button', { name: 'Import Data' }).click();
    const result = wizard.getByRole('region', { name: 'Import result' });
    await visible(result, 30_000);
    const figures = await result.textContent();
    expect(figures).toContain('Imported3');
    expect(figures).toContain('Errors0');
    expect(figures).toContain('Warnings2');
    await visible(wizard.getByText(/^Row 2: Variant Barcode: GTIN: the check digit is wrong \(dropped\)/));

    const [download] = await Promise.all([page.waitForEvent('download'), wizard.getByRole('button', { name: /^Download warnings/ }).click()]);
    const warned = await fs.readFile(await download.path(), 'utf8');
    // The dropped barcode is kept in the warnings file, with the row as the file had it.
    expect(warned).toContain('7501234567891');
    expect(warned).toContain('check digit');

    await wizard.getByRole('button', { name: 'Close & Refresh' }).click();
    await gone(wizard);

    const { products } = await api<{ products: Array<{ sku: string; name: string; brand: string; weight: number; gtin: string | null; vendor_name: string; list_price: number }> }>(
      'GET',
      `/products?search=${encodeURIComponent(RUN)}&limit=10`,
    );
    const bySku = Object.fromEntries(products.map((p) => [p.sku, p]));
    expect(bySku[`example-pants-m-${RUN}`]).toMatchObject({ name: 'Example Pants', brand: 'Acme', weight: 0.072, gtin: null, vendor_name: VENDOR, list_price: 49.99 });
    expect(bySku[`example-shirt-s-${RUN}`]).toMatchObject({ weight: 0.2, gtin: null });
    expect(bySku[`example-hat-l-${RUN}`]).toMatchObject({ brand: 'Sunny', weight: 0.15, gtin: '036000291452' });
  });
});
