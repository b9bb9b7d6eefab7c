import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { manager } from '../../../test/users';
import { fakeApi, renderProductsView, stubApi } from '../testing/fake-products-api';

const bulkBar = () => screen.getByRole('region', { name: 'Bulk actions' });
const confirmDialog = () => screen.findByRole('dialog', { name: 'Delete Products' });

describe('selection and the bulk bar', () => {
  it('deletes the ticked products in one call after the confirmation', async () => {
    const api = stubApi({ total: 5 });
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Product 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 4' }));
    expect(within(bulkBar()).getByText('2 products selected')).toBeTruthy();
    // Only part of the page: nothing beyond it is offered.
    expect(within(bulkBar()).queryByRole('button', { name: /matching products/ })).toBeNull();

    await user.click(within(bulkBar()).getByRole('button', { name: 'Delete Selected' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Are you sure you want to delete 2 products?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/products/bulk-delete')?.body).toEqual({ ids: [2, 4] }));
    expect(await screen.findByText('2 products deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
    // The list is asked again.
    await waitFor(() => expect(screen.getByText('Showing 1 to 3 of 3')).toBeTruthy());
  });

  it('offers every matching product once the whole page is ticked, and deletes them by filter', async () => {
    const api = stubApi({ total: 45 });
    renderProductsView('/products?search=rope&store_category_ids=9');
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stock status' }), 'out_of_stock');
    await waitFor(() => expect(api.lastListQuery()!.get('stock_status')).toBe('out_of_stock'));

    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    expect(within(bulkBar()).getByText('20 products selected')).toBeTruthy();
    await user.click(within(bulkBar()).getByRole('button', { name: 'Select all 45 matching products' }));
    expect(within(bulkBar()).getByText('45 products selected')).toBeTruthy();

    await user.click(within(bulkBar()).getByRole('button', { name: 'Delete Selected' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Are you sure you want to delete 45 products?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/products/bulk-delete')?.body).toEqual({
        filter: { search: 'rope', store_category_ids: [9], stock_status: 'out_of_stock' },
      }),
    );
    expect(await screen.findByText('45 products deleted successfully')).toBeTruthy();
  });

  it('drops back to the page selection when a row is unticked, and resets on a new page', async () => {
    stubApi({ total: 45 });
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    await user.click(within(bulkBar()).getByRole('button', { name: 'Select all 45 matching products' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    expect(within(bulkBar()).getByText('19 products selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('SKU-21');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('does not offer Delete Selected to a shop_manager', async () => {
    stubApi({ user: manager });
    renderProductsView('/products', manager);
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    expect(within(bulkBar()).getByText('1 product selected')).toBeTruthy();
    expect(within(bulkBar()).queryByRole('button', { name: 'Delete Selected' })).toBeNull();
  });

  it('keeps the selection and says so when a bulk delete fails', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('bulk-delete') ? Promise.resolve(new Response('{"message":"nope"}', { status: 500 })) : api.fetchMock(url, init),
    );
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    await user.click(within(bulkBar()).getByRole('button', { name: 'Delete Selected' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting products')).toBeTruthy();
    expect(within(bulkBar()).getByText('1 product selected')).toBeTruthy();
  });
});

describe('row actions', () => {
  it('deletes one product after the confirmation', async () => {
    const api = stubApi({ total: 3 });
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    const row = screen.getByText('SKU-2').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product' });
    expect(within(dialog).getByText('Are you sure you want to delete this product?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/products/2')).toBe(true));
    expect(await screen.findByText('Product deleted successfully')).toBeTruthy();
  });

  it('opens the details in a new tab', async () => {
    stubApi();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    await user.click(within(screen.getByText('SKU-3').closest('tr')!).getByRole('button', { name: 'View Details' }));
    expect(open).toHaveBeenCalledWith('/product/3', '_blank', 'noopener');
  });
});
