import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { product } from '../testing/product-fixtures';
import { GlobalSearch, SEARCH_DEBOUNCE_MS } from './global-search';

const anchor = (id: number) => product(id, { sku: `ANC-${id}`, name: `Anchor ${id}`, list_price: 19.5 + id });

const page = (count: number) =>
  jsonResponse({
    products: Array.from({ length: count }, (_, i) => anchor(i + 1)),
    pagination: { page: 1, limit: 10, total: count, pages: 1 },
  });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The settings the shell has loaded (prices are shown in their currency); every other call is a search. */
const SETTINGS = { company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm', currency: 'USD' };
const withSettings = (answer: (url: string) => Response) => (url: string) => Promise.resolve(url.endsWith('/api/settings') ? jsonResponse(SETTINGS) : answer(url));

describe('GlobalSearch', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const searches = () => fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/api/settings'));
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('sends nothing under 2 characters, then searches with limit 10', async () => {
    fetchMock.mockImplementation(withSettings(() => page(3)));
    renderWithProviders(<GlobalSearch />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Search products' });

    await user.type(box, 'a');
    await wait(SEARCH_DEBOUNCE_MS + 150);
    expect(searches()).toHaveLength(0);

    await user.type(box, 'n');
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]![0]).toBe('/api/products?search=an&limit=10');
    expect(await screen.findByText('Anchor 3')).toBeTruthy();
    expect(screen.getByText('SKU: ANC-1')).toBeTruthy();
    expect(screen.getByText('$20.50')).toBeTruthy();
  });

  it("offers 'See all results' only when exactly 10 results come back", async () => {
    fetchMock.mockImplementation(withSettings((url) => page(url.includes('search=ropes&') ? 10 : 9)));
    renderWithProviders(<GlobalSearch />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Search products' });

    await user.type(box, 'rope');
    expect(await screen.findByText('Anchor 9')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'See all results' })).toBeNull();

    await user.type(box, 's');
    expect(await screen.findByText('Anchor 10')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'See all results' }));
    expect(screen.getByTestId('location').textContent).toBe('/products?search=ropes');
  });

  it('opens the product a result names', async () => {
    fetchMock.mockImplementation(withSettings(() => page(4)));
    renderWithProviders(<GlobalSearch />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search products' }), 'anchor');

    await user.click(await screen.findByRole('option', { name: /Anchor 4/ }));
    expect(screen.getByTestId('location').textContent).toBe('/product/4');
  });

  it('only logs a failed search', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(withSettings(() => jsonResponse({ message: 'boom', code: 'INTERNAL' }, { status: 500, statusText: 'Internal Server Error' })));
    renderWithProviders(<GlobalSearch />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search products' }), 'chain');

    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('boom')).toBeNull();
  });
});
