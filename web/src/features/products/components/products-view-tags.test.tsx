import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { admin } from '../../../test/users';
import { renderProductsView, stubApi } from '../testing/fake-products-api';
import { product } from '../testing/product-fixtures';

const tagged = () =>
  jsonResponse({ products: [product(1, { tags: ['winter', 'Sale, 50%'] }), product(2)], pagination: { page: 1, limit: 20, total: 2, pages: 1 } });

describe('tags in the product list', () => {
  it('shows a Tags column when chosen: the tags joined, a dash for none', async () => {
    const user = { ...admin, preferences: { productColumns: ['sku', 'tags'] } };
    stubApi({ user, onList: tagged });
    renderProductsView('/products', user);
    const row = (await screen.findByText('SKU-1')).closest('tr')!;
    expect(within(row).getByText('winter, Sale, 50%')).toBeTruthy();
    expect(within(screen.getByText('SKU-2').closest('tr')!).getByText('—')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Tags/ })).toBeTruthy();
  });

  it('filters by the tags in the address, sends each as its own parameter, and clears them with the filters', async () => {
    const api = stubApi();
    renderProductsView('/products?tags=wool&tags=Sale%2C%2050%25');
    await screen.findByText('SKU-1');
    expect(api.lastListQuery()!.getAll('tags')).toEqual(['wool', 'Sale, 50%']);
    const panel = screen.getByRole('region', { name: /Advanced Filters/ });
    expect(within(panel).getByText('wool')).toBeTruthy();
    expect(within(panel).getByText('Sale, 50%')).toBeTruthy();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Clear all advanced filters' }));
    await waitFor(() => expect(api.lastListQuery()!.getAll('tags')).toEqual([]));
    expect(screen.queryByRole('region', { name: /Advanced Filters/ })).toBeNull();
  });
});
