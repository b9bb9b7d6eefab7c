import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/users';
import { renderProductsView, stubApi } from '../testing/fake-products-api';

const headerNames = () =>
  screen
    .getAllByRole('columnheader')
    .map((th) => th.textContent)
    .filter((text) => text && text !== 'Actions');

describe('columns', () => {
  it('shows the default columns of the spec', async () => {
    stubApi();
    renderProductsView();
    await screen.findByText('SKU-1');
    expect(headerNames()).toEqual(['ID', 'SKU', 'Name', 'Brand', 'Stock', 'List Price', 'Dimensions', 'Vendor', 'Categories', 'Status']);
    const row = screen.getByText('SKU-1').closest('tr')!;
    expect(within(row).getByText('10 × 5 × 2.5 cm')).toBeTruthy();
    expect(within(row).getByText('$11.00')).toBeTruthy();
    expect(within(row).getByText('Vendor: Deck > Winches')).toBeTruthy();
    expect(within(row).getByText('Published')).toBeTruthy();
  });

  it("restores the user's columns and widths, and saves changes to them", async () => {
    const user = { ...admin, preferences: { productColumns: ['sku', 'name'], productColumnWidths: { name: 320 } } };
    const api = stubApi({ user });
    renderProductsView('/products', user);
    const actor = userEvent.setup();
    await screen.findByText('SKU-1');
    expect(headerNames()).toEqual(['SKU', 'Name']);
    expect(screen.getByRole('separator', { name: 'Resize Name column' }).getAttribute('aria-valuenow')).toBe('320');
    const saved = () => api.calls.filter((c) => c.path === '/api/users/preferences').map((c) => c.body);

    await actor.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customise Columns' });
    await actor.click(within(dialog).getByRole('checkbox', { name: 'Short Description' }));
    await waitFor(() => expect(saved().at(-1)).toEqual({ productColumns: ['sku', 'name', 'short_description'] }));
    expect(headerNames()).toEqual(['SKU', 'Name', 'Short Description']);

    await actor.click(within(dialog).getByRole('button', { name: 'Reset Widths' }));
    await waitFor(() => expect(saved().at(-1)).toEqual({ productColumnWidths: {} }));
    expect(screen.getByRole('separator', { name: 'Resize Name column' }).getAttribute('aria-valuenow')).toBe('150');

    await actor.click(within(dialog).getByRole('button', { name: 'Deselect All' }));
    expect(headerNames()).toEqual([]);
    await actor.click(within(dialog).getByRole('button', { name: 'Select All' }));
    expect(headerNames()).toHaveLength(33);
  });

  it('resizes from the keyboard within the limits and saves the width', async () => {
    const api = stubApi();
    renderProductsView();
    const actor = userEvent.setup();
    await screen.findByText('SKU-1');
    const handle = screen.getByRole('separator', { name: 'Resize Brand column' });
    handle.focus();
    await actor.keyboard('{ArrowRight}{ArrowRight}');
    expect(handle.getAttribute('aria-valuenow')).toBe('170');
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/users/preferences').at(-1)?.body).toEqual({ productColumnWidths: { brand: 170 } }));

    for (let i = 0; i < 15; i++) await actor.keyboard('{ArrowLeft}');
    expect(handle.getAttribute('aria-valuenow')).toBe('50');
  });
});
