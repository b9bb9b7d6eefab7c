import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { renderWithSession, stubWriteApi } from '../testing/product-edit-support';
import { category, product } from '../testing/product-fixtures';
import { ProductFormModal, type ProductFormTarget } from './product-form-modal';

const onClose = vi.fn();
function openForm(target: ProductFormTarget) {
  renderWithSession(<ProductFormModal target={target} onClose={onClose} />);
  return screen.findByRole('dialog');
}
const field = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
const select = (dialog: HTMLElement, name: string) => within(dialog).getByRole('combobox', { name }) as HTMLSelectElement;
const optionLabels = (element: HTMLSelectElement) => [...element.options].map((o) => o.textContent);

const VENDOR_TREES = {
  1: [{ ...category(5, 'Deck', 'vendor'), subcategories: [category(6, 'Winches', 'vendor', { parent_id: 5, level: 2 })] }],
  2: [category(7, 'Anchors', 'vendor', { vendor_id: 2 })],
};

describe('ProductFormModal', () => {
  it('shows the required message under Name and SKU and sends nothing', async () => {
    const api = stubWriteApi();
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'create', product: null });
    expect(within(dialog).getByText('Add Product')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(within(dialog).getAllByText('Name and SKU are required')).toHaveLength(2));
    expect(field(dialog, /^Product Name/).getAttribute('aria-invalid')).toBe('true');
    expect(field(dialog, /^SKU/).getAttribute('aria-invalid')).toBe('true');
    expect(api.writes()).toHaveLength(0);
  });

  it('shows the shared bounds under a price and the stock, and sends nothing', async () => {
    const api = stubWriteApi();
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'create', product: null });
    await user.type(field(dialog, /^Product Name/), 'Gold cleat');
    await user.type(field(dialog, /^SKU/), 'GC-1');
    await user.type(field(dialog, 'List Price'), '99999999999');
    await user.type(field(dialog, 'Stock'), '1000000001');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(within(dialog).getByText('List price must be at most 99,999,999.99')).toBeTruthy());
    expect(within(dialog).getByText('Stock must be at most 1,000,000,000')).toBeTruthy();
    expect(field(dialog, 'List Price').getAttribute('aria-invalid')).toBe('true');
    expect(api.writes()).toHaveLength(0);
  });

  it('creates a product with numbers as numbers and empty numbers as null; the button reads Saving... meanwhile', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = stubWriteApi({
      onWrite: async (_method, _path, body) => {
        await gate;
        return jsonResponse(product(300, body as object), { status: 201 });
      },
    });
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'create', product: null });
    await user.type(field(dialog, /^Product Name/), 'Bronze cleat');
    await user.type(field(dialog, /^SKU/), 'CL-1');
    await user.type(field(dialog, 'List Price'), '12.5');
    await user.type(field(dialog, 'Vendor Cost'), '0');
    await user.type(field(dialog, 'Stock'), '7');
    await user.type(field(dialog, 'Weight (kg)'), '1.25');
    await user.click(within(dialog).getByRole('switch', { name: 'Featured' }));
    await user.selectOptions(select(dialog, 'Visibility'), 'hidden');

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeTruthy();
    release();

    expect(await screen.findByText('Product created successfully')).toBeTruthy();
    const call = api.lastWrite()!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/api/products');
    const body = call.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Bronze cleat',
      sku: 'CL-1',
      list_price: 12.5,
      vendor_cost: 0,
      stock: 7,
      weight: 1.25,
      market_price: null,
      special_price: null,
      length: null,
      vendor_id: null,
      vendor_category_id: null,
      store_category_id: null,
      brand: null,
      published: true,
      featured: true,
      visibility: 'hidden',
      images: [],
    });
    expect(typeof body.list_price).toBe('number');
    expect(body).not.toHaveProperty('id');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('edits without the read-only fields in the body and shows a taken SKU under its field', async () => {
    const original = product(12, {
      sku: 'OLD-12',
      name: 'Winch handle',
      list_price: 20,
      weight: 0.8,
      vendor_id: 1,
      vendor_name: 'Harbour Supply',
      vendor_category_id: 6,
      vendor_category_name: 'Winches',
      vendor_category_path: 'Deck > Winches',
      store_category_id: 9,
      store_category_name: 'Sailing',
      store_category_path: 'Sailing',
      images: ['https://img.test/a.jpg'],
    });
    const api = stubWriteApi({
      vendorCategories: VENDOR_TREES,
      categories: [category(9, 'Sailing', 'store'), category(3, 'Deck gear', 'vendor')],
      onWrite: (_m, _p, body) =>
        (body as { sku: string }).sku === 'TAKEN'
          ? jsonResponse({ message: 'A product with SKU TAKEN already exists', code: 'CONFLICT', details: { fields: { sku: 'A product with SKU TAKEN already exists' } } }, { status: 409 })
          : undefined,
    });
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'edit', product: original });
    expect(field(dialog, /^Product Name/).value).toBe('Winch handle');
    await waitFor(() => expect(select(dialog, 'Vendor Category').value).toBe('6'));
    expect(select(dialog, 'Store Category').value).toBe('9');
    // Store categories only, with their paths.
    await waitFor(() => expect(optionLabels(select(dialog, 'Store Category'))).toEqual(['No store category', 'Sailing']));

    await user.clear(field(dialog, /^SKU/));
    await user.type(field(dialog, /^SKU/), 'TAKEN');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(within(dialog).getAllByText('A product with SKU TAKEN already exists').length).toBeGreaterThan(0));
    expect(field(dialog, /^SKU/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('A product with SKU TAKEN already exists').length).toBe(2); // under the field and in the toast

    await user.clear(field(dialog, /^SKU/));
    await user.type(field(dialog, /^SKU/), 'NEW-12');
    await user.clear(field(dialog, 'List Price'));
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    const call = api.lastWrite()!;
    expect(call.method).toBe('PUT');
    expect(call.path).toBe('/api/products/12');
    const body = call.body as Record<string, unknown>;
    for (const key of ['id', 'created_at', 'updated_at', 'vendor_name', 'vendor_category_name', 'store_category_name', 'vendor_category_path', 'store_category_path']) {
      expect(body).not.toHaveProperty(key);
    }
    expect(body).toMatchObject({ sku: 'NEW-12', list_price: null, weight: 0.8, vendor_id: 1, vendor_category_id: 6, store_category_id: 9, images: ['https://img.test/a.jpg'] });
  });

  it("shows a variable product's stock and prices read-only as its variations', does not send them, and keeps weight and image editable", async () => {
    const rope = product(40, { kind: 'variable', variation_count: 12, stock: 60, list_price: 19.9, variation_price_max: 34.5, market_price: 99, weight: 2 });
    const api = stubWriteApi();
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'edit', product: rope });
    expect(field(dialog, 'List Price').value).toBe('$19.90 – $34.50');
    expect(field(dialog, 'List Price').readOnly).toBe(true);
    for (const name of ['Market Price', 'Vendor Cost', 'Special Price']) {
      expect(field(dialog, name).readOnly, name).toBe(true);
      expect(field(dialog, name).value, name).toBe('');
    }
    expect(field(dialog, 'Stock (total of the variations)').value).toBe('60');
    expect(field(dialog, 'Stock (total of the variations)').readOnly).toBe(true);
    const links = within(dialog).getAllByRole('link', { name: 'open the 12 variations' });
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute('href')).toBe('/product/40/variations');
    expect(within(dialog).getAllByText(/Set on the variations/)).toHaveLength(2);
    expect(within(dialog).getByText('A variation without its own weight or dimensions uses these.')).toBeTruthy();
    expect(within(dialog).getByText('A variation without its own image uses this one.')).toBeTruthy();

    // Weight stays an input: the variations' fallback.
    const weight = within(dialog).getByRole('textbox', { name: 'Weight (kg)' }) as HTMLInputElement;
    await user.clear(weight);
    await user.type(weight, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    const body = api.lastWrite()!.body as Record<string, unknown>;
    expect(body).toMatchObject({ sku: 'SKU-40', weight: 2.5 });
    for (const key of ['stock', 'list_price', 'market_price', 'vendor_cost', 'special_price']) expect(body).not.toHaveProperty(key);
  });

  it("duplicates a variable product as a simple one: its stock and prices are inputs again", async () => {
    stubWriteApi();
    const rope = product(41, { kind: 'variable', variation_count: 3, stock: 9, list_price: 10, variation_price_max: 12 });
    const dialog = await openForm({ mode: 'duplicate', product: rope });
    expect(field(dialog, 'List Price').readOnly).toBe(false);
    expect(field(dialog, 'Stock').readOnly).toBe(false);
    expect(within(dialog).queryByText(/Set on the variations/)).toBeNull();
  });

  it('duplicates: a new product with the copy suffixes on name and SKU only (the short description is as it was), sent with POST', async () => {
    const api = stubWriteApi();
    const user = userEvent.setup();
    const original = product(4, { name: 'Shackle', sku: 'SH-4', short_description: '<p>Stainless</p>', list_price: 9.5 });
    const dialog = await openForm({ mode: 'duplicate', product: original });
    expect(within(dialog).getByText('Duplicate Product')).toBeTruthy();
    expect(field(dialog, /^Product Name/).value).toBe('Shackle (Copy)');
    expect(field(dialog, /^SKU/).value).toBe('SH-4_COPY');
    // The visual editor opens first; the HTML tab shows the code.
    expect(await within(dialog).findByRole('textbox', { name: 'Short Description (visual)' }, { timeout: 8000 })).toBeTruthy();
    await user.click(within(within(dialog).getByRole('tablist', { name: 'Short Description editor' })).getByRole('tab', { name: 'HTML' }));
    expect((within(dialog).getByRole('textbox', { name: 'Short Description (HTML)' }) as HTMLTextAreaElement).value).toBe('<p>Stainless</p>');

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully')).toBeTruthy();
    const call = api.lastWrite()!;
    expect(call.method).toBe('POST');
    expect(call.body).toMatchObject({ name: 'Shackle (Copy)', sku: 'SH-4_COPY', list_price: 9.5, short_description: '<p>Stainless</p>' });
    expect(call.body).not.toHaveProperty('id');
  });

  it('lists the chosen vendor’s categories, with paths, and starts over when the vendor changes', async () => {
    const api = stubWriteApi({ vendorCategories: VENDOR_TREES });
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'create', product: null });
    expect(select(dialog, 'Vendor Category').disabled).toBe(true);
    await waitFor(() => expect(select(dialog, 'Vendor').options.length).toBe(3));

    await user.selectOptions(select(dialog, 'Vendor'), '1');
    await waitFor(() => expect(optionLabels(select(dialog, 'Vendor Category'))).toEqual(['No vendor category', 'Deck', 'Deck > Winches']));
    expect(api.calls.some((c) => c.path === '/api/categories/vendor/1' && c.query.get('type') === 'vendor')).toBe(true);
    await user.selectOptions(select(dialog, 'Vendor Category'), '6');

    await user.selectOptions(select(dialog, 'Vendor'), '2');
    await waitFor(() => expect(optionLabels(select(dialog, 'Vendor Category'))).toEqual(['No vendor category', 'Anchors']));
    expect(select(dialog, 'Vendor Category').value).toBe('');

    await user.type(field(dialog, /^Product Name/), 'Anchor');
    await user.type(field(dialog, /^SKU/), 'AN-1');
    await user.selectOptions(select(dialog, 'Vendor Category'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(api.lastWrite()?.body).toMatchObject({ vendor_id: 2, vendor_category_id: 7 }));
  });
});
