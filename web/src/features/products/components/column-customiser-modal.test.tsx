import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/users';
import { fixedColumnsWidth } from '../model/list-layout';
import { defaultColumnWidth } from '../model/product-columns';
import { renderProductsView, stubApi } from '../testing/fake-products-api';

const headerNames = () =>
  screen
    .getAllByRole('columnheader')
    .map((th) => th.textContent)
    .filter((text) => text && text !== 'Image' && text !== 'Actions');

describe('columns', () => {
  it('shows the default columns: those of the spec that fit a laptop screen (issue 24), ID and Dimensions a tick away', async () => {
    stubApi();
    renderProductsView();
    await screen.findByText('SKU-1');
    expect(headerNames()).toEqual(['SKU', 'Name', 'Brand', 'Stock', 'List Price', 'Vendor', 'Categories', 'Status']);
    const row = screen.getByText('SKU-1').closest('tr')!;
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
    // Unsized, the name takes the room the other columns leave in the box (1200 px wide in these tests).
    const nameFill = 1200 - fixedColumnsWidth(false) - defaultColumnWidth('sku') - defaultColumnWidth('short_description');
    expect(screen.getByRole('separator', { name: 'Resize Name column' }).getAttribute('aria-valuenow')).toBe(String(nameFill));

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
    const widened = defaultColumnWidth('brand') + 20;
    expect(handle.getAttribute('aria-valuenow')).toBe(String(widened));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/users/preferences').at(-1)?.body).toEqual({ productColumnWidths: { brand: widened } }));

    for (let i = 0; i < 15; i++) await actor.keyboard('{ArrowLeft}');
    expect(handle.getAttribute('aria-valuenow')).toBe('50');
  });
});
