import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { fakeApi, renderProductsView } from '../../testing/fake-products-api';

/** The products screen with the fake API, plus the download token the export asks for. */
function setup(path = '/products') {
  const api = fakeApi({ total: 30 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) =>
      url === '/api/auth/download-token' ? jsonResponse({ token: 'tok', expiresAt: '2030-01-01T00:00:00Z' }) : api.fetchMock(url, init),
    ),
  );
  const downloads: URL[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(new URL(this.getAttribute('href')!, 'http://localhost'));
  });
  const view = renderProductsView(path);
  return { api, downloads, ...view };
}

async function exportNow(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export Products' });
  await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
  return dialog;
}

describe('products list: Export CSV', () => {
  it('exports what the list shows: its filters', async () => {
    const user = userEvent.setup();
    const { downloads } = setup('/products?search=rope&vendor_id=2&store_category_ids=9');
    await screen.findByRole('table', { name: 'Products' });
    await exportNow(user);
    await waitFor(() => expect(downloads).toHaveLength(1));
    const query = downloads[0]!.searchParams;
    expect(query.get('search')).toBe('rope');
    expect(query.get('vendor_id')).toBe('2');
    expect(query.getAll('store_category_ids')).toEqual(['9']);
    expect(query.has('ids')).toBe(false);
    expect(query.has('page')).toBe(false);
  });

  it('exports only the selected rows when rows are selected', async () => {
    const user = userEvent.setup();
    const { downloads } = setup();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 5' }));
    const dialog = await exportNow(user);
    expect(dialog.textContent).toContain('the 2 products selected');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.searchParams.get('ids')).toBe('2,5');
  });

  it('exports the whole filter when every matching product is selected', async () => {
    const user = userEvent.setup();
    const { downloads } = setup('/products?search=rope');
    await screen.findByRole('table', { name: 'Products' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all products on this page' }));
    await user.click(await screen.findByRole('button', { name: /Select all 30 matching products/ }));
    await exportNow(user);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.searchParams.has('ids')).toBe(false);
    expect(downloads[0]!.searchParams.get('search')).toBe('rope');
  });
});

describe('products list: Import CSV', () => {
  it('opens the wizard at the upload step', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const wizard = await screen.findByRole('dialog', { name: 'Import Products from CSV' });
    expect(within(wizard).getByRole('button', { name: 'Choose CSV File' })).toBeTruthy();
    expect(within(wizard).getByRole('button', { name: 'Download Template' })).toBeTruthy();
  });
});
