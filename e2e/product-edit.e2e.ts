import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createProduct, createVendor, uniqueSuffix } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { currentPath, gone, signInAs, textbox, toast, valueShown, visible, waitForPath } from './support/ui.js';

/**
 * Creating, editing (modal and detail page), duplicating, deleting and bulk editing products in
 * Chromium against the real server. Every journey checks what the API then holds, not only the page.
 */

interface ApiProduct {
  id: number;
  sku: string;
  name: string;
  brand: string | null;
  stock: number;
  list_price: number | null;
  market_price: number | null;
  vendor_cost: number | null;
  weight: number | null;
  vendor_id: number | null;
  vendor_category_id: number | null;
  store_category_id: number | null;
  short_description: string | null;
  description: string | null;
  published: boolean;
  featured: boolean;
  visibility: string;
}

const RUN = uniqueSuffix();
const getProduct = (id: number) => api<ApiProduct>('GET', `/products/${id}`);
const findBySku = async (sku: string) =>
  (await api<{ products: ApiProduct[] }>('GET', `/products?search=${encodeURIComponent(sku)}&limit=50`)).products.find((p) => p.sku === sku);

let page: Page;
let vendor: { id: number; name: string };
let blocks: { id: number; name: string };
let deck: { id: number; name: string };

const createCategory = async (name: string, type: 'vendor' | 'store', parent_id: number | null, vendor_id: number | null) =>
  (await api<{ category: { id: number; name: string } }>('POST', '/categories', { name, type, parent_id, vendor_id }, 201)).category;

const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
/** E2E_SCREENSHOT_DIR=/some/dir keeps a picture of each screen the journeys reach, for a look by eye. */
const snap = async (name: string) => {
  if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/${name}.png`, fullPage: true });
};
const shownValue = (label: string) => valueShown(page, label);
const productRow = (sku: string) => page.getByRole('row').filter({ has: page.getByText(sku, { exact: true }) });
/** A row's action button: with a mouse the buttons show on the row's hover (issue 24), as a person's pointer brings them. */
async function rowAction(sku: string, name: string) {
  await productRow(sku).hover();
  return productRow(sku).getByRole('button', { name });
}

async function openList(search: string) {
  await page.goto(`/products?search=${encodeURIComponent(search)}`);
  await visible(page.getByRole('table', { name: 'Products' }));
}

beforeAll(async () => {
  vendor = await createVendor(`Edit Vendor ${RUN}`);
  const rigging = await createCategory(`Rigging ${RUN}`, 'vendor', null, vendor.id);
  blocks = await createCategory(`Blocks ${RUN}`, 'vendor', rigging.id, vendor.id);
  deck = await createCategory(`Deck ${RUN}`, 'store', null, null);
});

pageForFile(async (opened) => {
  page = opened;
  await signInAs(page);
});

describe('product form, detail page and bulk edit', () => {
  it('creates a product through the form, after the required-field messages', async () => {
    const sku = `PE-${RUN}-NEW`;
    await openList(`PE-${RUN}`);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = dialog('Add Product');
    await visible(form);

    await form.getByRole('button', { name: 'Create Product' }).click();
    await visible(form.getByText('Name and SKU are required').first());
    expect(await form.getByText('Name and SKU are required').count()).toBe(2);

    await textbox(form, 'Product Name').fill(`Bronze cleat ${RUN}`);
    await textbox(form, 'SKU').fill(sku);
    await textbox(form, 'Brand').fill('Harken');
    await textbox(form, 'List Price').fill('19.99');
    await textbox(form, 'Stock').fill('5');
    await textbox(form, 'Weight \\(kg\\)').fill('1.5');
    await form.getByRole('combobox', { name: 'Vendor', exact: true }).selectOption({ label: vendor.name });
    const vendorCategory = form.getByRole('combobox', { name: 'Vendor Category' });
    // The vendor's own categories, with their paths.
    await vendorCategory.locator('option', { hasText: `Rigging ${RUN} > Blocks ${RUN}` }).waitFor({ state: 'attached' });
    await vendorCategory.selectOption({ label: `Rigging ${RUN} > Blocks ${RUN}` });
    await form.getByRole('combobox', { name: 'Store Category' }).selectOption({ label: deck.name });
    await snap('01-add-product-form');
    await form.getByRole('button', { name: 'Create Product' }).click();

    await visible(toast(page, 'Product created successfully'));
    await gone(form);
    const created = await findBySku(sku);
    expect(created).toMatchObject({
      name: `Bronze cleat ${RUN}`,
      brand: 'Harken',
      list_price: 19.99,
      stock: 5,
      weight: 1.5,
      market_price: null,
      vendor_id: vendor.id,
      vendor_category_id: blocks.id,
      store_category_id: deck.id,
      published: true,
      featured: false,
      visibility: 'public',
    });
    // The list shows it without a reload.
    await visible(productRow(sku));

    // Its page shows the choices as text (issue 24 point 11), categories by path and amounts in the settings' units.
    await page.goto(`/product/${created!.id}`);
    await page.getByRole('tab', { name: 'Categories' }).click();
    await visible(shownValue('Vendor'));
    expect(await shownValue('Vendor').textContent()).toBe(vendor.name);
    expect(await shownValue('Vendor Category').textContent()).toBe(`Rigging ${RUN} > Blocks ${RUN}`);
    expect(await shownValue('Store Category').textContent()).toBe(deck.name);
    expect(await shownValue('Google Category').textContent()).toBe('—');
    expect(await page.getByRole('combobox', { name: 'Vendor', exact: true }).count()).toBe(0);
    await snap('01b-detail-categories-tab');
    await page.getByRole('tab', { name: 'Shipping' }).click();
    expect(await shownValue('Weight').textContent()).toBe('1.5 kg');
  });

  it('shows prices as money, and keeps a typed 3.5 stock or -5 price as typed with its message, saving nothing (issue 24)', async () => {
    const product = await createProduct({ sku: `PE-${RUN}-NUM`, name: `Numbers ${RUN}`, list_price: 1234.5, stock: 12000 });
    await api('PUT', `/products/${product.id}`, { market_price: 5.5 });
    await page.goto(`/product/${product.id}`);
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await expect.poll(() => shownValue('List Price').textContent()).toBe('$1,234.50');
    expect(await shownValue('Market Price').textContent()).toBe('$5.50');
    expect(await shownValue('Special Price').textContent()).toBe('—');
    await page.getByRole('tab', { name: 'Inventory' }).click();
    expect(await shownValue('Stock').textContent()).toBe('12,000');

    await page.getByRole('button', { name: 'Edit Product' }).click();
    await textbox(page, 'Stock').fill('3.5');
    await visible(page.getByText('Stock must be a whole number'));
    expect(await textbox(page, 'Stock').inputValue()).toBe('3.5');
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await textbox(page, 'List Price').fill('-5');
    await visible(page.getByText('List price cannot be negative'));
    expect(await textbox(page, 'List Price').inputValue()).toBe('-5');
    await snap('02b-detail-numbers-refused');
    // The save is refused in the browser: the page goes to the first field in error, still as typed.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Stock must be a whole number'));
    expect(await textbox(page, 'Stock').inputValue()).toBe('3.5');
    expect(await getProduct(product.id)).toMatchObject({ list_price: 1234.5, stock: 12000 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => shownValue('Stock').textContent()).toBe('12,000');
  });

  it('edits a product in the modal from Quick Edit; a taken SKU shows under the field', async () => {
    const product = await createProduct({ sku: `PE-${RUN}-QE`, name: `Quick ${RUN}`, list_price: 10, stock: 2 });
    await createProduct({ sku: `PE-${RUN}-TAKEN`, name: `Taken ${RUN}` });
    await openList(`PE-${RUN}-QE`);
    await (await rowAction(product.sku, 'Quick Edit')).click();
    const form = dialog('Edit Product');
    await visible(form);
    expect(await textbox(form, 'Product Name').inputValue()).toBe(`Quick ${RUN}`);

    await textbox(form, 'SKU').fill(`PE-${RUN}-TAKEN`);
    await form.getByRole('button', { name: 'Update Product' }).click();
    // Said twice in the dialog: in its messages under the header, and under the SKU field.
    const taken = form.getByText(`A product with SKU PE-${RUN}-TAKEN already exists`);
    await visible(taken.first());
    expect(await taken.count()).toBe(2);
    await snap('02-quick-edit-sku-taken');

    await textbox(form, 'SKU').fill(product.sku);
    await textbox(form, 'Product Name').fill(`Quick edited ${RUN}`);
    await textbox(form, 'List Price').fill('12.75');
    await textbox(form, 'Stock').fill('');
    await form.getByRole('switch', { name: 'Featured' }).check({ force: true });
    await form.getByRole('button', { name: 'Update Product' }).click();
    await visible(toast(page, 'Product updated successfully'));
    await gone(form);

    expect(await getProduct(product.id)).toMatchObject({ name: `Quick edited ${RUN}`, list_price: 12.75, stock: 0, featured: true });
    await visible(productRow(product.sku).getByText(`Quick edited ${RUN}`));
  });

  it('edits on the detail page (opened in a new tab) with the visual and HTML tabs, and Cancel restores the data', async () => {
    const product = await createProduct({ sku: `PE-${RUN}-DT`, name: `Detail ${RUN}`, list_price: 30 });
    await openList(product.sku);
    const viewDetails = await rowAction(product.sku, 'View Details');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), viewDetails.click()]);
    await tab.close();
    // The new tab reads the session from storage; the same address in this page is the same screen.
    await page.goto(`/product/${product.id}`);
    await visible(page.getByRole('heading', { name: `Detail ${RUN}` }));
    await visible(page.getByText(`ID: ${product.id}`));
    await visible(page.getByText(`SKU: ${product.sku}`));
    await visible(page.getByText('Published', { exact: true }).first());
    await snap('00-detail-view');
    const name = textbox(page, 'Product Name');
    expect(await shownValue('Product Name').textContent()).toBe(`Detail ${RUN}`);
    expect(await name.count()).toBe(0);

    // Cancel throws the edits away.
    await page.getByRole('button', { name: 'Edit Product' }).click();
    await name.fill('Not kept');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await shownValue('Product Name').textContent()).toBe(`Detail ${RUN}`);
    expect(await name.count()).toBe(0);

    await page.getByRole('button', { name: 'Edit Product' }).click();
    // The visual editor: type, then bold through the toolbar.
    const visual = page.getByRole('textbox', { name: 'Description (visual)', exact: true });
    await visual.click();
    await page.keyboard.type('Marine grade ');
    await page.getByLabel('Description (visual) toolbar and editor', { exact: true }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('bronze');
    await snap('03a-detail-edit-visual-tab');
    await page.getByRole('tablist', { name: 'Description editor', exact: true }).getByRole('tab', { name: 'HTML' }).click();
    const descriptionHtml = page.getByRole('textbox', { name: 'Description (HTML)', exact: true });
    expect(await descriptionHtml.inputValue()).toBe('<p>Marine grade <strong>bronze</strong></p>');
    await snap('03-detail-edit-html-tab');

    // The HTML tab: code typed there shows in the visual editor.
    await page.getByRole('tablist', { name: 'Short Description editor' }).getByRole('tab', { name: 'HTML' }).click();
    await page.getByRole('textbox', { name: 'Short Description (HTML)' }).fill('<p>Short <em>and</em> sweet</p>');
    await page.getByRole('tablist', { name: 'Short Description editor' }).getByRole('tab', { name: 'Visual' }).click();
    await visible(page.getByRole('textbox', { name: 'Short Description (visual)' }).locator('em', { hasText: 'and' }));

    await page.getByRole('tab', { name: 'Pricing' }).click();
    await textbox(page, 'Vendor Cost').fill('14.5');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(toast(page, 'Product updated successfully'));
    await visible(page.getByRole('button', { name: 'Edit Product' }));
    expect(await shownValue('Vendor Cost').textContent()).toBe('$14.50');

    const saved = await getProduct(product.id);
    expect(saved.description).toBe('<p>Marine grade <strong>bronze</strong></p>');
    expect(saved.short_description).toBe('<p>Short <em>and</em> sweet</p>');
    expect(saved.vendor_cost).toBe(14.5);

    // View mode renders the HTML read-only; the next edit starts on the Visual tabs again.
    await page.getByRole('tab', { name: 'General' }).click();
    await visible(page.getByRole('region', { name: 'Description', exact: true }).locator('strong', { hasText: 'bronze' }));
    await snap('04-detail-view-after-save');
    await page.getByRole('button', { name: 'Edit Product' }).click();
    await visible(page.getByRole('textbox', { name: 'Description (visual)', exact: true }));
    await visible(page.getByRole('textbox', { name: 'Short Description (visual)' }));
    await page.getByRole('button', { name: 'Cancel' }).click();

  });

  it('never runs script from a description: the client sanitises what it renders', async () => {
    const product = await createProduct({ sku: `PE-${RUN}-XSS`, name: `Xss ${RUN}` });
    // Served as if stored before the server sanitised: the page must still clean it.
    await page.route(`**/api/products/${product.id}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.description = '<p>Safe <b>bold</b><img src="/nope.png" onerror="window.__xss = 1"></p><script>window.__xss = 2</script>';
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/product/${product.id}`);
    const region = page.getByRole('region', { name: 'Description', exact: true });
    await visible(region.locator('b', { hasText: 'bold' }));
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await region.locator('script').count()).toBe(0);
    expect(await region.locator('[onerror]').count()).toBe(0);
    await page.unroute(`**/api/products/${product.id}`);
  });

  it('duplicates from the list and from the detail page', async () => {
    const product = await createProduct({ sku: `PE-${RUN}-DUP`, name: `Dup ${RUN}`, list_price: 44, vendor_id: vendor.id });
    await api('PUT', `/products/${product.id}`, { short_description: '<p>Original</p>' });

    await openList(product.sku);
    await (await rowAction(product.sku, 'Duplicate')).click();
    let form = dialog('Duplicate Product');
    await visible(form);
    expect(await textbox(form, 'Product Name').inputValue()).toBe(`Dup ${RUN} (Copy)`);
    expect(await textbox(form, 'SKU').inputValue()).toBe(`${product.sku}_COPY`);
    await snap('05-duplicate-from-list');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await gone(form);

    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    form = dialog('Duplicate Product');
    await visible(form);
    await form.getByRole('tablist', { name: 'Short Description editor' }).getByRole('tab', { name: 'HTML' }).click();
    expect(await form.getByRole('textbox', { name: 'Short Description (HTML)' }).inputValue()).toBe('<p>Original</p>');
    await form.getByRole('button', { name: 'Create Product' }).click();
    await visible(toast(page, 'Product created successfully'));

    const copy = await findBySku(`${product.sku}_COPY`);
    expect(copy).toMatchObject({ name: `Dup ${RUN} (Copy)`, list_price: 44, vendor_id: vendor.id, short_description: '<p>Original</p>' });
    expect(copy!.id).not.toBe(product.id);
    // The copy's own page opens.
    await waitForPath(page, `/product/${copy!.id}`);
    await visible(page.getByRole('heading', { name: `Dup ${RUN} (Copy)` }));
    expect((await getProduct(product.id)).name).toBe(`Dup ${RUN}`);
  });

  it('deletes from the detail page after the confirmation; a missing product goes back to the list', async () => {
    const product = await createProduct({ sku: `PE-${RUN}-DEL`, name: `Delete ${RUN}` });
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Delete Product' }).click();
    const confirm = dialog('Delete Product');
    await visible(confirm.getByText('Are you sure you want to delete this product?'));
    await snap('07-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(toast(page, 'Product deleted successfully'));
    await waitForPath(page, '/products');
    await api('GET', `/products/${product.id}`, undefined, 404);

    await page.goto(`/product/${product.id}`);
    await visible(toast(page, 'Product not found', 'error'));
    await waitForPath(page, '/products');
  });

  it('bulk edits three fields of the selected products, one a percentage price change', async () => {
    const prefix = `PE-${RUN}-BULK`;
    const made = [
      await createProduct({ sku: `${prefix}-1`, name: `Bulk one ${RUN}`, list_price: 10 }),
      await createProduct({ sku: `${prefix}-2`, name: `Bulk two ${RUN}`, list_price: 20 }),
      await createProduct({ sku: `${prefix}-3`, name: `Bulk three ${RUN}`, list_price: 30.5 }),
    ];
    const untouched = await createProduct({ sku: `${prefix}-X`, name: `Bulk spare ${RUN}`, list_price: 50 });
    await openList(prefix);
    for (const p of made) await productRow(p.sku).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await visible(bar.getByText('3 products selected'));

    await bar.getByRole('button', { name: 'Bulk Edit' }).click();
    const form = dialog('Bulk Edit (3 products)');
    await visible(form);
    await form.getByRole('button', { name: 'Update Products' }).click();
    await visible(toast(page, 'Please select at least one field to update', 'warning'));

    await textbox(form, 'Brand').fill('Ronstan');
    await form.getByRole('combobox', { name: 'Published' }).selectOption({ label: 'No' });
    await form.getByRole('combobox', { name: 'List Price change' }).selectOption({ label: 'Increase by %' });
    await textbox(form, 'List Price').fill('10');
    await snap('06-bulk-edit');
    await form.getByRole('button', { name: 'Update Products' }).click();
    await visible(toast(page, '3 products updated successfully'));
    await gone(form);

    const after = await Promise.all(made.map((p) => getProduct(p.id)));
    expect(after.map((p) => p.list_price)).toEqual([11, 22, 33.55]);
    expect(after.every((p) => p.brand === 'Ronstan' && p.published === false)).toBe(true);
    expect(after.map((p) => p.name)).toEqual([`Bulk one ${RUN}`, `Bulk two ${RUN}`, `Bulk three ${RUN}`]);
    expect(await getProduct(untouched.id)).toMatchObject({ list_price: 50, published: true });
    expect(currentPath(page)).toContain('/products');
  });
});

