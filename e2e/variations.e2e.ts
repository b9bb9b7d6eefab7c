import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createProduct, createVendor } from './support/api.js';
import { pageForFile, signIn } from './support/browser.js';
import { toast } from './support/ui.js';

/**
 * The variations screen (issue 18) in Chromium against the real server: a rope made variable
 * through the screen, 12 variations generated, edited in bulk, in a cell and by a pasted column,
 * saved and read back; then the open and save times of a 2,048-variation product.
 */

const RUN = Date.now().toString(36);
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
let page: Page;

interface Screen {
  variations: { id: number; sku: string; stock: number; list_price: number | null; values: string[] }[];
}
const screenData = (id: number) => api<Screen>('GET', `/products/${id}/variations`);

const cell = (column: string, row: string) => page.getByRole('textbox', { name: `${column} of ${row}`, exact: true });

/** A column copied from a spreadsheet, pasted into `target` as the browser delivers it. */
async function pasteColumn(target: Locator, text: string) {
  await target.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function addAttribute(index: number, name: string, values: string) {
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await page.getByRole('textbox', { name: `Attribute ${index} name` }).fill(name);
  const adder = page.getByRole('textbox', { name: `Add values to ${name}` });
  await adder.fill(values);
  await adder.press('Enter');
}

describe('variations screen', () => {
  pageForFile(async (opened) => {
    page = opened;
    await signIn(page);
  });

  let ropeId: number;
  beforeAll(async () => {
    ropeId = (await createProduct({ sku: `ROPE-${RUN}`, name: `Rope ${RUN}`, stock: 0, list_price: 10 })).id;
  });

  it('makes a rope variable, generates 12, edits them in bulk, in a cell and by a pasted column, and saves', async () => {
    await page.goto(`/product/${ropeId}`);
    await page.getByRole('button', { name: 'Add variations' }).click();
    await page.waitForURL(`**/product/${ropeId}/variations`);
    await page.getByRole('heading', { name: `Variations of Rope ${RUN}` }).waitFor();

    await addAttribute(1, 'Diameter', '8 mm, 10 mm, 12 mm');
    await addAttribute(2, 'Length', '10 m, 25 m, 50 m, 100 m');
    await page.getByRole('button', { name: 'Save attributes' }).click();
    await toast(page, 'Attributes saved').waitFor();

    await page.getByRole('button', { name: 'Generate variations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate variations' });
    expect(await dialog.getByRole('textbox', { name: /SKU pattern/ }).inputValue()).toBe('{sku}-{Diameter}-{Length}');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const matrix = dialog.getByRole('table', { name: 'Preview matrix' });
    await matrix.waitFor();
    expect(await matrix.getByRole('row').count()).toBe(4); // the lengths' header and 3 diameters
    expect(await matrix.getByRole('columnheader').count()).toBe(5); // the corner and 4 lengths
    await dialog.getByText('12 combinations: 12 to create').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/variations-preview-1280.png` });
    await dialog.getByRole('button', { name: 'Create 12 variations' }).click();
    await toast(page, '12 variations created').waitFor();
    await page.getByRole('heading', { name: 'Variations (12)' }).waitFor();

    await page.getByRole('checkbox', { name: 'Select all variations' }).check();
    const bar = page.getByRole('region', { name: 'Selected variations' });
    await bar.getByText('12 selected').waitFor();
    await bar.getByRole('button', { name: /Edit prices/ }).click();
    const prices = page.getByRole('form', { name: 'Edit prices and stock' });
    await prices.getByRole('textbox', { name: 'List Price', exact: true }).fill('19.90');
    await prices.getByRole('button', { name: 'Update 12 variations' }).click();
    await toast(page, '12 variations updated').waitFor();
    await expect.poll(() => cell('List price', '12 mm / 100 m').inputValue()).toBe('19.9');
    await bar.getByRole('button', { name: 'Clear selection' }).click();

    const sku = cell('SKU', '8 mm / 10 m');
    await sku.fill(`ROPE-${RUN}-EIGHT-TEN`);
    await sku.press('Tab');
    await pasteColumn(cell('Stock', '10 mm / 10 m'), '7\r\n8\r\n9\r\n10\r\n');
    await toast(page, 'Pasted 4 cells').waitFor();
    expect(await cell('Stock', '10 mm / 100 m').inputValue()).toBe('10');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/variations-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/variations-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.getByRole('button', { name: 'Save 5 changed' }).click();
    await toast(page, '5 variations saved').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Variations (12)' }).waitFor();
    expect(await cell('SKU', '8 mm / 10 m').inputValue()).toBe(`ROPE-${RUN}-EIGHT-TEN`);
    expect(await Promise.all(['10 m', '25 m', '50 m', '100 m'].map((l) => cell('Stock', `10 mm / ${l}`).inputValue()))).toEqual(['7', '8', '9', '10']);
    const stored = (await screenData(ropeId)).variations;
    expect(stored.map((v) => v.list_price)).toEqual(Array(12).fill(19.9));
    expect(stored.filter((v) => v.values[0] === '10 mm').map((v) => v.stock)).toEqual([7, 8, 9, 10]);
    expect(stored.find((v) => v.values.join() === '8 mm,10 m')!.sku).toBe(`ROPE-${RUN}-EIGHT-TEN`);

    // The detail page shows the total of the variations' stock and their price.
    await page.goto(`/product/${ropeId}`);
    await page.getByRole('button', { name: 'Variations (12)' }).waitFor();
    await page.getByText('Stock: 34 (total of 12 variations)').first().waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    // On a phone the page's secondary actions share one menu (issue 24 point 3).
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Variations (12)' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/variations-detail-375.png` });
    await page.keyboard.press('Escape');
    await page.goto(`/product/${ropeId}/variations`);
    await cell('SKU', '8 mm / 10 m').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/variations-saved-375.png` });
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('exports the rope in the WooCommerce layout, and the file brings the same 12 variations in under another vendor', async () => {
    const before = (await screenData(ropeId)).variations.map(({ sku, values, list_price, stock }) => ({ sku, values, list_price, stock }));
    expect(before).toHaveLength(12);
    await page.goto(`/products?search=${encodeURIComponent(`ROPE-${RUN}`)}`);
    await page.getByRole('table', { name: 'Products' }).getByText(`Rope ${RUN}`).first().waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Products' });
    expect(await exportDialog.getByRole('radio', { name: /WooCommerce/ }).isChecked()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Export CSV' }).click()]);
    const file = await fs.readFile(await download.path());
    expect(file.toString('utf8').split('\r\n').filter((line) => line.startsWith('variation,') && line.includes(`,ROPE-${RUN},`))).toHaveLength(12);

    // The rope goes, and comes back from the file under another vendor.
    await api('DELETE', `/products/${ropeId}`);
    const other = await createVendor(`Second Rigging ${RUN}`);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import Products from CSV' });
    await wizard.locator('input[type="file"]').setInputFiles({ name: 'rope.csv', mimeType: 'text/csv', buffer: file });
    const mapped = (label: string) => wizard.getByRole('combobox', { name: label, exact: true });
    await expect.poll(() => mapped('Parent (the variable product\'s SKU, or id:N of this file\'s ID column)').inputValue()).toBe('Parent');
    await mapped('Vendor').selectOption({ label: other.name });
    await wizard.getByRole('button', { name: 'Preview Data' }).click();
    await wizard.getByText('12 variations under 1 parent').waitFor();
    await wizard.getByRole('button', { name: 'Import Data' }).click();
    const result = wizard.getByRole('region', { name: 'Import result' });
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('Imported13');

    const found = await api<{ products: Array<{ id: number; sku: string; vendor_name: string; variation_count: number }> }>('GET', `/products?search=${encodeURIComponent(`ROPE-${RUN}`)}`);
    expect(found.products.map((p) => [p.sku, p.vendor_name, p.variation_count])).toEqual([[`ROPE-${RUN}`, other.name, 12]]);
    const after = (await screenData(found.products[0]!.id)).variations.map(({ sku, values, list_price, stock }) => ({ sku, values, list_price, stock }));
    expect(after).toEqual(before);
    ropeId = found.products[0]!.id;
  });

  it('opens a 2,048-variation product and saves 500 edited rows, and says how long each took', async () => {
    const parent = await createProduct({ sku: `BIG-${RUN}`, name: `Big rope ${RUN}`, stock: 0, list_price: 1 });
    const values = (n: number, unit: string) => Array.from({ length: n }, (_, i) => `${i + 1} ${unit}`);
    const attributes = [
      { name: 'Diameter', values: values(32, 'mm') },
      { name: 'Length', values: values(64, 'm') },
    ];
    await api('PUT', `/products/${parent.id}/attributes`, { attributes });
    await api('POST', `/products/${parent.id}/variations/generate`, { values: attributes.map((a) => a.values), sku_pattern: '{sku}-{Diameter}-{Length}', list_price: 5, stock: 1 });

    // From the detail page's control to the grid's first rows: the app's own navigation, three times
    // (each after a page load, so nothing is cached but the browser's copy of the script).
    const opens: number[] = [];
    const requests: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`/product/${parent.id}`);
      const control = page.getByRole('button', { name: 'Variations (2048)' });
      await control.waitFor();
      // Timed in the page, at every frame, with a plain selector: a role query over this many
      // elements costs Playwright itself hundreds of milliseconds a poll.
      const shown = page.waitForFunction(() => document.querySelector('input[aria-label="SKU of 1 mm / 1 m"]'), undefined, { polling: 'raf' });
      const started = await page.evaluate(() => performance.now());
      await control.click();
      await shown;
      opens.push(Math.round((await page.evaluate(() => performance.now())) - started));
      requests.push(await page.evaluate(() => {
        const entry = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/variations')).at(-1) as PerformanceResourceTiming;
        return Math.round(entry.responseEnd - entry.startTime);
      }));
    }

    // Scrolling to the far end draws the last rows.
    const table = page.getByRole('table', { name: 'Variations' });
    await table.evaluate((element) => element.parentElement!.scrollTo({ top: element.scrollHeight }));
    await cell('SKU', '32 mm / 64 m').waitFor();
    await table.evaluate((element) => element.parentElement!.scrollTo({ top: 0 }));

    const saves: number[] = [];
    for (let round = 1; round <= 3; round++) {
      await pasteColumn(cell('Stock', '1 mm / 1 m'), Array.from({ length: 500 }, (_, i) => String(i + round * 10)).join('\n'));
      await toast(page, 'Pasted 500 cells').last().waitFor();
      const saved = page.waitForFunction(
        () => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Save') && !document.querySelector('input[data-changed]'),
        undefined,
        { polling: 'raf' },
      );
      const started = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: 'Save 500 changed' }).click();
      await saved;
      saves.push(Math.round((await page.evaluate(() => performance.now())) - started));
      await toast(page, '500 variations saved').last().waitFor();
    }

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    console.log(
      `variations screen, 2,048 variations: opened in ${opens.join(', ')} ms (median ${median(opens)}; the GET itself ${requests.join(', ')} ms); ` +
        `500 edited rows saved in ${saves.join(', ')} ms (median ${median(saves)})`,
    );
    const stored = (await screenData(parent.id)).variations;
    expect(stored.slice(0, 500).map((v) => v.stock)).toEqual(Array.from({ length: 500 }, (_, i) => i + 30));
  });
});
