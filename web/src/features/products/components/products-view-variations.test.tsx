import type { ListedVariation, Product } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { admin } from '../../../test/users';
import { renderProductsView, stubApi } from '../testing/fake-products-api';
import { product } from '../testing/product-fixtures';

// The list screen with variable products (issue 18): the switch, and what deletes say.
const PAGE: Product[] = [
  product(1, { name: 'Rope', kind: 'variable', variation_count: 3, list_price: 10, variation_price_max: 12 }),
  product(2, { name: 'Cleat' }),
  product(3, { name: 'Shackle', kind: 'variable', variation_count: 2, list_price: 5, variation_price_max: 5 }),
];
const VARIATIONS: ListedVariation[] = [
  { id: 11, parent_id: 1, sku: 'ROPE-8', values: ['8 mm'] },
  { id: 12, parent_id: 1, sku: 'ROPE-10', values: ['10 mm'] },
  { id: 13, parent_id: 1, sku: 'ROPE-12', values: ['12 mm'] },
  { id: 31, parent_id: 3, sku: 'SHACKLE-S', values: ['S'] },
  { id: 32, parent_id: 3, sku: 'SHACKLE-M', values: ['M'] },
].map((v) => ({
  ...v, gtin: null, mfn: null, stock: 1, stock_status: 'in_stock' as const, list_price: 10, market_price: null, vendor_cost: null, special_price: null,
  weight: null, length: null, width: null, height: null, image_url: null, enabled: true,
  created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z',
}));

/** The fake list answers this page, and the variations when asked for them (as the server does). */
const listPage = (total = PAGE.length, user = admin) =>
  stubApi({
    user,
    onList: (query) =>
      jsonResponse({
        products: PAGE,
        pagination: { page: 1, limit: 20, total, pages: Math.ceil(total / 20) },
        ...(query.get('show_variations') === 'true' ? { variations: VARIATIONS } : {}),
      }),
  });

describe('ProductsView: Show variations', () => {
  it('asks for the variations when switched on, saves the choice, and lists them under their parents', async () => {
    const api = listPage();
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('Cleat');
    expect(api.lastListQuery()!.has('show_variations')).toBe(false);
    expect(screen.queryByText('ROPE-8')).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Show variations' }));
    expect(await screen.findByText('ROPE-8')).toBeTruthy();
    expect(api.lastListQuery()!.get('show_variations')).toBe('true');
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/users/preferences')?.body).toEqual({ showVariations: true }));
    // Each variation row is named by its parent and its values (read across the name's two parts).
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent ?? '');
    expect(cells).toContain('Rope — 10 mm');
    expect(cells).toContain('Shackle — M');
    // Ticking the whole page ticks the three products, not their variations.
    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('3 products selected')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Show variations' }));
    await waitFor(() => expect(screen.queryByText('ROPE-8')).toBeNull());
    expect(api.lastListQuery()!.has('show_variations')).toBe(false);
  });

  it('starts switched on when the user saved it so', async () => {
    const user = { ...admin, preferences: { showVariations: true } };
    const api = listPage(PAGE.length, user);
    renderProductsView('/products', user);
    expect(await screen.findByText('SHACKLE-S')).toBeTruthy();
    expect(api.listQueries().every((query) => query.get('show_variations') === 'true')).toBe(true);
    expect((screen.getByRole('switch', { name: 'Show variations' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('ProductsView: deleting variable products', () => {
  it("says a variable product's delete takes its variations", async () => {
    listPage();
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('Cleat');
    await user.click(within(screen.getByText('SKU-1').closest('tr')!).getByRole('button', { name: 'Delete Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product' });
    expect(within(dialog).getByText('This also deletes its 3 variations.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(screen.getByText('SKU-2').closest('tr')!).getByRole('button', { name: 'Delete Product' }));
    const simple = await screen.findByRole('dialog', { name: 'Delete Product' });
    expect(within(simple).queryByText(/variations/)).toBeNull();
  });

  it('counts the variations of the ticked products in the bulk confirmation', async () => {
    listPage();
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('Cleat');
    await user.click(screen.getByRole('checkbox', { name: 'Select Rope' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Shackle' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cleat' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Products' });
    expect(within(dialog).getByText('Are you sure you want to delete 3 products?')).toBeTruthy();
    expect(within(dialog).getByText('This also deletes their 5 variations.')).toBeTruthy();
  });

  it("says variations go too when 'all matching' reaches past the page", async () => {
    listPage(45);
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('Cleat');
    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 45 matching products' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Products' });
    expect(within(dialog).getByText('Are you sure you want to delete 45 products?')).toBeTruthy();
    expect(within(dialog).getByText('Variable products among them are deleted with their variations.')).toBeTruthy();
  });
});
