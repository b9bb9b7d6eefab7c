import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { manager } from '../../../test/users';
import { renderProductsView, stubApi } from '../testing/fake-products-api';
import { category } from '../testing/product-fixtures';

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const searchBox = () => screen.getByRole('textbox', { name: 'Search the product list' }) as HTMLInputElement;

describe('ProductsView: the address', () => {
  it('reads search, vendor and categories from the address on load', async () => {
    const api = stubApi({
      categories: [category(5, 'Winches', 'vendor', { level: 2 }), category(6, 'Cleats', 'vendor'), category(9, 'Sailing', 'store')],
    });
    renderProductsView('/products?search=rope&vendor_id=2&vendor_category_ids=5&vendor_category_ids=6&store_category_ids=9');

    await screen.findByRole('table', { name: 'Products' });
    const query = api.lastListQuery()!;
    expect(query.get('search')).toBe('rope');
    expect(query.get('vendor_id')).toBe('2');
    expect(query.getAll('vendor_category_ids')).toEqual(['5', '6']);
    expect(query.getAll('store_category_ids')).toEqual(['9']);
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('20');

    expect(searchBox().value).toBe('rope');
    await waitFor(() => expect(select('Vendor').value).toBe('2'));
    expect(screen.getByRole('status', { name: 'Search' }).textContent).toContain('Search results for "rope"');
    const chosen = await screen.findByRole('region', { name: 'Selected categories' });
    await waitFor(() => expect(within(chosen).getByText('Winches · Vendor · L2')).toBeTruthy());
    expect(within(chosen).getByText('Sailing · Store · L1')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Category filter' }).textContent).toContain('in 3 categories');
  });

  it('writes vendor and category changes to the address, and Back and Forward restore them', async () => {
    const api = stubApi({ vendorCategories: { 1: [category(5, 'Winches', 'vendor')], 2: [category(7, 'Anchors', 'vendor', { vendor_id: 2 })] } });
    const { router } = renderProductsView();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Products' });
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    expect(select('Vendor').options[0]!.textContent).toBe('All Vendors');
    expect(screen.getByRole('button', { name: /Vendor Categories/ }).hasAttribute('disabled')).toBe(true);

    await user.selectOptions(select('Vendor'), '1');
    expect(router.state.location.search).toBe('?vendor_id=1');
    await waitFor(() => expect(api.lastListQuery()!.get('vendor_id')).toBe('1'));
    // That vendor's categories load for the picker.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/categories/vendor/1' && c.query.get('type') === 'vendor')).toBe(true));

    await user.click(screen.getByRole('button', { name: /Vendor Categories/ }));
    const picker = await screen.findByRole('dialog', { name: 'Select Vendor Categories' });
    await user.click(await within(picker).findByRole('checkbox', { name: 'Winches' }));
    await user.click(within(picker).getByRole('button', { name: 'Apply (1)' }));
    expect(router.state.location.search).toBe('?vendor_id=1&vendor_category_ids=5');
    await waitFor(() => expect(api.lastListQuery()!.getAll('vendor_category_ids')).toEqual(['5']));

    // A new vendor empties the vendor-category selection.
    await user.selectOptions(select('Vendor'), '2');
    expect(router.state.location.search).toBe('?vendor_id=2');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/categories/vendor/2')).toBe(true));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?vendor_id=1&vendor_category_ids=5');
    await waitFor(() => expect(select('Vendor').value).toBe('1'));
    expect(screen.getByRole('button', { name: /Vendor Categories/ }).textContent).toContain('1');

    await act(() => router.navigate(1));
    await waitFor(() => expect(select('Vendor').value).toBe('2'));

    await user.selectOptions(select('Vendor'), '');
    expect(router.state.location.search).toBe('');
    expect(api.lastListQuery()!.has('vendor_id')).toBe(false);
  });

  it('applies a typed search on Search, and an emptied box clears search, sort and page', async () => {
    const api = stubApi({ total: 100 });
    const { router } = renderProductsView();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Products' });

    await user.type(searchBox(), 'cleat');
    expect(api.lastListQuery()!.has('search')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?search=cleat');
    await waitFor(() => expect(api.lastListQuery()!.get('search')).toBe('cleat'));

    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.lastListQuery()!.toString()).toBe('search=cleat&page=2&limit=20&sort=name&order=asc'));

    await user.clear(searchBox());
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(api.lastListQuery()!.toString()).toBe('page=1&limit=20'));
    expect(screen.queryByRole('status', { name: 'Sort' })).toBeNull();
    expect(screen.getByText('Page 1 of 5')).toBeTruthy();

    // Apply Filters takes the typed text too.
    await user.type(searchBox(), 'winch');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(router.state.location.search).toBe('?search=winch');
  });
});

describe('ProductsView: sorting', () => {
  it('toggles ascending and descending on repeated clicks and clears with Clear Sort', async () => {
    const api = stubApi({ total: 60 });
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Products' });
    expect(screen.queryByRole('button', { name: 'Sort by Categories' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.lastListQuery()!.get('page')).toBe('2'));

    const header = () => screen.getByRole('columnheader', { name: /List Price/ });
    await user.click(screen.getByRole('button', { name: 'Sort by List Price' }));
    await waitFor(() => expect(api.lastListQuery()!.toString()).toBe('page=1&limit=20&sort=list_price&order=asc'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('status', { name: 'Sort' }).textContent).toContain('Sorted by List Price (ascending)');

    await user.click(screen.getByRole('button', { name: 'Sort by List Price' }));
    await waitFor(() => expect(api.lastListQuery()!.get('order')).toBe('desc'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: 'Sort by List Price' }));
    await waitFor(() => expect(api.lastListQuery()!.get('order')).toBe('asc'));

    await user.click(screen.getByRole('button', { name: 'Sort by SKU' }));
    await waitFor(() => expect(api.lastListQuery()!.toString()).toBe('page=1&limit=20&sort=sku&order=asc'));
    expect(header().getAttribute('aria-sort')).toBe('none');

    await user.click(screen.getByRole('button', { name: 'Clear Sort' }));
    await waitFor(() => expect(api.lastListQuery()!.toString()).toBe('page=1&limit=20'));
    expect(screen.queryByRole('status', { name: 'Sort' })).toBeNull();
  });
});

describe('ProductsView: filters', () => {
  it('refetches from page 1 as soon as an advanced row has a column and an operator', async () => {
    const api = stubApi({ total: 100 });
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.lastListQuery()!.get('page')).toBe('2'));

    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    await user.selectOptions(select('Filter 1 column'), 'stock');
    expect(api.lastListQuery()!.has('advanced_filters')).toBe(false);
    await user.selectOptions(select('Filter 1 operator'), 'is_zero');
    await waitFor(() => expect(api.lastListQuery()!.get('advanced_filters')).toBe('[{"column":"stock","operator":"is_zero"}]'));
    expect(api.lastListQuery()!.get('page')).toBe('1');
  });

  it('sends stock status and status, and Clear Filters keeps the search', async () => {
    const api = stubApi();
    const { router } = renderProductsView('/products?search=rope&vendor_id=1');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Products' });
    expect(optionTexts('Stock status')).toEqual(['All Stock Status', 'In Stock', 'Out of Stock', 'Backorder']);
    expect(optionTexts('Status')).toEqual(['All Status', 'Published', 'Draft']);

    await user.selectOptions(select('Stock status'), 'backorder');
    await waitFor(() => expect(api.lastListQuery()!.toString()).toBe('search=rope&vendor_id=1&stock_status=backorder&page=1&limit=20'));
    await user.selectOptions(select('Stock status'), 'in_stock');
    await user.selectOptions(select('Status'), 'draft');
    await waitFor(() => expect(api.lastListQuery()!.toString()).toBe('search=rope&vendor_id=1&stock_status=in_stock&published=false&page=1&limit=20'));

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('?search=rope');
    await waitFor(() => expect(api.lastListQuery()!.toString()).toBe('search=rope&page=1&limit=20'));

    await user.click(screen.getByRole('button', { name: 'Reset all filters, search and sort' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows the search empty state', async () => {
    stubApi({ total: 0 });
    renderProductsView('/products?search=zzz');
    expect(await screen.findByText('No products found for "zzz"')).toBeTruthy();
    expect(screen.getByText('Try searching with different keywords or check your spelling.')).toBeTruthy();
    expect(screen.getByText('Showing 0 to 0 of 0')).toBeTruthy();
  });
});

describe('ProductsView: loading failures', () => {
  it("toasts 'Error loading products' and keeps the last good rows", async () => {
    stubApi({
      total: 30,
      onList: (query) =>
        query.get('page') === '2' ? new Response(JSON.stringify({ message: 'boom' }), { status: 500, statusText: 'Internal Server Error' }) : undefined,
    });
    renderProductsView();
    const user = userEvent.setup();
    expect(await screen.findByText('SKU-1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Error loading products')).toBeTruthy();
    expect(screen.getByText('SKU-1')).toBeTruthy();
    expect(screen.getByText(/The table shows the last loaded results/)).toBeTruthy();
  });

  it('shows Access Denied when the server refuses the list', async () => {
    stubApi({ user: manager, onList: () => new Response(JSON.stringify({ message: 'Forbidden' }), { status: 403, statusText: 'Forbidden' }) });
    renderProductsView('/products', manager);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
  });
});

function optionTexts(name: string) {
  return [...select(name).options].map((o) => o.textContent);
}
