import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onAPhone } from '../../../test/phone';
import { renderProductsView, stubApi } from '../testing/fake-products-api';

const cards = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
const card = (name: string) => cards().find((item) => within(item).queryByText(name))!;

describe('ProductsView on a phone (issue 24 point 3)', () => {
  beforeEach(onAPhone);

  it('lists one card per product with its thumbnail, name, SKU, price and stock, and no table', async () => {
    stubApi({ total: 3 });
    renderProductsView();
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards()).toHaveLength(3);
    const first = card('Product 1');
    expect(within(first).getByText('SKU-1')).toBeTruthy();
    expect(within(first).getByText('$11.00')).toBeTruthy();
    expect(within(first).getByText('1 in stock')).toBeTruthy();
    expect(first.querySelector('img')!.getAttribute('src')).toBe('/product-placeholder.svg');
    // A tap on the card opens the product; the tick box and the menu are beside it, not inside it.
    const open = within(first).getByRole('link');
    expect(open.getAttribute('href')).toBe('/product/1');
    expect(within(open).queryByRole('button')).toBeNull();
    expect(within(open).queryByRole('checkbox')).toBeNull();
    // The Columns button goes: the cards show fixed fields.
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
  });

  it('keeps the search in the page and the filters in a drawer, its button counting the filters on', async () => {
    const api = stubApi();
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.getByRole('textbox', { name: 'Search the product list' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Stock status' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Stock status' }), 'out_of_stock');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Status' }), 'draft');
    await waitFor(() => expect(api.lastListQuery()!.get('stock_status')).toBe('out_of_stock'));
    expect(api.lastListQuery()!.get('published')).toBe('false');
    await user.click(within(drawer).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters (2 on)' })).toBeTruthy();
  });

  it("reaches every row action through the card's menu", async () => {
    stubApi({ total: 3 });
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Products' });

    await user.click(within(card('Product 2')).getByRole('button', { name: 'Actions for Product 2' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Quick Edit', 'View Details', 'Duplicate', 'Delete Product']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Quick Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Product' })).toBeTruthy();
  });

  it('ticks cards for the bulk bar, and sorts from the list header', async () => {
    const api = stubApi({ total: 3 });
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Products' });

    await user.click(screen.getByRole('checkbox', { name: 'Select Product 2' }));
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('1 product selected')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('3 products selected')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'list_price');
    await waitFor(() => expect(api.lastListQuery()!.get('sort')).toBe('list_price'));
    expect(api.lastListQuery()!.get('order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Sorted ascending: sort descending' }));
    await waitFor(() => expect(api.lastListQuery()!.get('order')).toBe('desc'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), '');
    await waitFor(() => expect(api.lastListQuery()!.has('sort')).toBe(false));
  });
});
