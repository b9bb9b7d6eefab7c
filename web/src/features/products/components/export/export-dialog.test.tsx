import { EXPORT_MODE_DESCRIPTIONS, WOOCOMMERCE_IMPORT_NOTES, type Settings } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, signIn } from '../../../../test/render';
import { admin } from '../../../../test/users';
import type { ExportTarget } from '../../api/export-products';
import { ExportDialog } from './export-dialog';

const SHOP: Settings = { company_name: 'Bosun', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm' };

function setup(target: ExportTarget, tokenResponse = () => jsonResponse({ token: 'tok-1', expiresAt: '2030-01-01T00:00:00Z' }), settings: Settings = SHOP) {
  signIn(admin);
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/auth/download-token' && init.method === 'POST') return tokenResponse();
    if (url === '/api/settings' && (init.method ?? 'GET') === 'GET') return jsonResponse(settings);
    return jsonResponse({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.getAttribute('href')!);
  });
  const onClose = vi.fn();
  renderWithProviders(<ExportDialog opened onClose={onClose} target={target} scope="the products" />);
  return { fetchMock, downloads, onClose, dialog: screen.getByRole('dialog', { name: 'Export Products' }) };
}

describe('ExportDialog', () => {
  it('offers both formats, each explained, WooCommerce first and chosen', () => {
    const { dialog } = setup({ filter: {} });
    const woo = within(dialog).getByRole('radio', { name: /WooCommerce/ }) as HTMLInputElement;
    expect(woo.checked).toBe(true);
    expect(within(dialog).getByText(EXPORT_MODE_DESCRIPTIONS.woocommerce)).toBeTruthy();
    expect(within(dialog).getByText(EXPORT_MODE_DESCRIPTIONS.direct)).toBeTruthy();
  });

  it('downloads what the list shows through a download token, straight from the streaming URL', async () => {
    const user = userEvent.setup();
    const { downloads, onClose, dialog, fetchMock } = setup({
      filter: { search: 'rope', vendor_id: 2, store_category_ids: [5, 6], stock_status: 'in_stock', published: true },
    });
    await user.click(within(dialog).getByRole('radio', { name: /Direct/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const url = new URL(downloads[0]!, 'http://localhost');
    expect(url.pathname).toBe('/api/products/export');
    expect(url.searchParams.get('mode')).toBe('direct');
    expect(url.searchParams.get('search')).toBe('rope');
    expect(url.searchParams.get('vendor_id')).toBe('2');
    expect(url.searchParams.getAll('store_category_ids')).toEqual(['5', '6']);
    expect(url.searchParams.get('stock_status')).toBe('in_stock');
    expect(url.searchParams.get('published')).toBe('true');
    expect(url.searchParams.get('download_token')).toBe('tok-1');
    expect(url.searchParams.has('ids')).toBe(false);
    // The file itself is never fetched into memory.
    expect(fetchMock.mock.calls.map(([u]) => u).filter((u) => u !== '/api/settings')).toEqual(['/api/auth/download-token']);
    // Units are a WooCommerce option: the direct layout writes the shop's.
    expect(url.searchParams.has('weight_unit')).toBe(false);
    expect(await screen.findByText('Products exported successfully (direct mode)')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('exports an Excel workbook of the chosen layout when Excel is chosen', async () => {
    const user = userEvent.setup();
    const { downloads, dialog } = setup({ ids: [3] });
    expect((within(dialog).getByRole('radio', { name: /^CSV/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /Direct/ }));
    await user.click(within(dialog).getByRole('radio', { name: /Excel/ }));
    expect(within(dialog).getByText('Exports the products to an Excel workbook.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const url = new URL(downloads[0]!, 'http://localhost');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('mode')).toBe('direct');
  });

  it('exports only the selected products when there is a selection', async () => {
    const user = userEvent.setup();
    const { downloads, dialog } = setup({ ids: [3, 7, 11] });
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const url = new URL(downloads[0]!, 'http://localhost');
    expect(url.searchParams.get('ids')).toBe('3,7,11');
    expect(url.searchParams.get('mode')).toBe('woocommerce');
    expect(url.searchParams.has('format')).toBe(false);
    expect(await screen.findByText('Products exported successfully (woocommerce mode)')).toBeTruthy();
  });

  it("offers the WooCommerce store's units, the shop's by default, and says what WooCommerce's importer needs by hand", async () => {
    const { dialog } = setup({ filter: {} }, undefined, { ...SHOP, weight_unit: 'lb', dimension_unit: 'in' });
    const weight = within(dialog).getByRole('combobox', { name: 'Store weight unit' }) as HTMLSelectElement;
    const dimension = within(dialog).getByRole('combobox', { name: 'Store dimension unit' }) as HTMLSelectElement;
    // The shop's pounds are WooCommerce's 'lbs'.
    await waitFor(() => expect(weight.value).toBe('lbs'));
    expect(dimension.value).toBe('in');
    expect([...weight.options].map((o) => o.value)).toEqual(['kg', 'lbs', 'g', 'oz']);
    expect([...dimension.options].map((o) => o.value)).toEqual(['cm', 'in', 'm', 'mm']);
    const notes = within(dialog).getByRole('list', { name: "In WooCommerce's importer" });
    expect(within(notes).getByText(WOOCOMMERCE_IMPORT_NOTES.gtin)).toBeTruthy();
    expect(within(notes).getByText(WOOCOMMERCE_IMPORT_NOTES.meta)).toBeTruthy();
    expect(within(notes).getByText(WOOCOMMERCE_IMPORT_NOTES.categoryPath)).toBeTruthy();
    expect(WOOCOMMERCE_IMPORT_NOTES.meta).toContain('Meta: columns (mfn, market_price, vendor_cost, google_category');
    expect(WOOCOMMERCE_IMPORT_NOTES.gtin).toContain("choose 'GTIN, UPC, EAN, or ISBN'");
    expect(within(dialog).getByText(WOOCOMMERCE_IMPORT_NOTES.units)).toBeTruthy();
  });

  it("exports in the units chosen for the WooCommerce store, and only in the WooCommerce layout", async () => {
    const user = userEvent.setup();
    const { downloads, dialog } = setup({ ids: [3] });
    const weight = within(dialog).getByRole('combobox', { name: 'Store weight unit' }) as HTMLSelectElement;
    await waitFor(() => expect(weight.value).toBe('kg'));
    await user.selectOptions(weight, 'lbs');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Store dimension unit' }), 'in');
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const url = new URL(downloads[0]!, 'http://localhost');
    expect(url.searchParams.get('mode')).toBe('woocommerce');
    expect(url.searchParams.get('weight_unit')).toBe('lbs');
    expect(url.searchParams.get('dimension_unit')).toBe('in');
  });

  it('hides the units and the WooCommerce notes for the direct layout, and sends no units', async () => {
    const user = userEvent.setup();
    const { downloads, dialog } = setup({ ids: [3] });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Store weight unit' }), 'oz');
    await user.click(within(dialog).getByRole('radio', { name: /Direct/ }));
    expect(within(dialog).queryByRole('combobox', { name: 'Store weight unit' })).toBeNull();
    expect(within(dialog).queryByText(WOOCOMMERCE_IMPORT_NOTES.meta)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const url = new URL(downloads[0]!, 'http://localhost');
    expect(url.searchParams.get('mode')).toBe('direct');
    expect(url.searchParams.has('weight_unit')).toBe(false);
    expect(url.searchParams.has('dimension_unit')).toBe(false);
  });

  it('says so when the export cannot start', async () => {
    const user = userEvent.setup();
    const { downloads, dialog, onClose } = setup({ filter: {} }, () => jsonResponse({ message: 'Access denied' }, { status: 403, statusText: 'Forbidden' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Error exporting products')).toBeTruthy();
    expect(downloads).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Cancel without exporting', async () => {
    const user = userEvent.setup();
    const { downloads, dialog, onClose } = setup({ filter: {} });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(downloads).toHaveLength(0);
  });
});
