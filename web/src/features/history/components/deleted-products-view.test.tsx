import type { DeletedProduct } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { pagination, stubApi } from '../testing/stub-api';
import { DeletedProductsView } from './deleted-products-view';

afterEach(() => vi.unstubAllGlobals());

const at = new Date(Date.now() - 86_400_000).toISOString();
const row = (entryId: number, sku: string, name: string): DeletedProduct => ({
  entryId, productId: entryId + 100, sku, name, kind: 'simple', deletedAt: at, user: { id: 1, username: 'admin' }, source: 'bulk_delete',
});
const rows = [row(1, 'TK-1', 'Teak cleat'), row(2, 'BR-2', 'Brass hook'), row(3, 'RP-3', 'Rope')];

describe('DeletedProductsView', () => {
  it('searches, restores the chosen ones and names each that failed with its reason', async () => {
    const api = stubApi([
      ['GET', '/products/deleted', (call) => ({ products: call.query.get('search') ? rows.slice(1, 2) : rows, pagination: pagination(3) })],
      ['POST', '/products/restore', () => ({ message: '1 product restored', changeId: 50, restored: 1, failed: [{ entryId: 3, reason: 'SKU RP-3 belongs to another product now' }] })],
    ]);
    renderRoutes([{ path: '/', element: <DeletedProductsView /> }]);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Deleted products' });
    expect(within(table).getAllByText('admin (Bulk delete)')).toHaveLength(3);
    const restoreButton = screen.getByRole('button', { name: 'Restore selected' }) as HTMLButtonElement;
    expect(restoreButton.disabled).toBe(true);
    // A disabled button says why (issue 24's walk: it said nothing).
    expect(restoreButton.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(restoreButton.getAttribute('aria-describedby')!)!.textContent).toBe('Tick the products to restore first');

    await user.click(screen.getByRole('checkbox', { name: 'Select TK-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select RP-3' }));
    await user.click(screen.getByRole('button', { name: 'Restore 2 products' }));
    expect(api.writes()[0]).toMatchObject({ path: '/products/restore', body: { entryIds: [1, 3] } });
    // The toast and the outcome above the list both say it.
    expect(await screen.findAllByText('1 product restored')).toHaveLength(2);
    const notRestored = await screen.findByRole('list', { name: 'Not restored' });
    expect(notRestored.textContent).toBe('RP-3 (Rope): SKU RP-3 belongs to another product now');
    expect(screen.getByText('1 product could not be restored: see the reasons on the page')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search deleted products' }), 'brass');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/products/deleted' && c.query.get('search') === 'brass')).toBe(true));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Deleted products' })).queryByText('TK-1')).toBeNull());
  });

  it('restores one product from its row', async () => {
    const api = stubApi([
      ['GET', '/products/deleted', () => ({ products: rows, pagination: pagination(3) })],
      ['POST', '/products/restore', () => ({ message: '1 product restored', changeId: 51, restored: 1, failed: [] })],
    ]);
    renderRoutes([{ path: '/', element: <DeletedProductsView /> }]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Restore BR-2' }));
    await waitFor(() => expect(api.writes()[0]?.body).toEqual({ entryIds: [2] }));
    expect(await screen.findAllByText('1 product restored')).not.toHaveLength(0);
  });
});

describe('a deleted product’s history', () => {
  it('opens from its row, read-only', async () => {
    stubApi([
      ['GET', '/products/deleted', () => ({ products: rows, pagination: pagination(3) })],
      ['GET', '/vendors/names', () => ({ vendors: [{ id: 4, name: 'Harbour Supply' }] })],
      [
        'GET',
        '/products/101/history',
        () => ({
          entries: [
            { id: 9, changeId: 20, action: 'deleted', at, user: { id: 1, username: 'admin' }, source: 'bulk_delete', importRunId: null, undone: false, fields: [{ field: 'list_price', before: 12, after: null }, { field: 'vendor_id', before: 4, after: null }] },
            { id: 4, changeId: 12, action: 'updated', at, user: { id: 1, username: 'admin' }, source: 'edit', importRunId: null, undone: false, fields: [{ field: 'list_price', before: 10, after: 12 }] },
          ],
          pagination: pagination(2),
        }),
      ],
    ]);
    renderRoutes([{ path: '/', element: <DeletedProductsView /> }]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'History of TK-1' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of TK-1' });
    expect(await within(drawer).findByRole('group', { name: 'List Price: $10.00 to $12.00' })).toBeTruthy();
    expect(within(within(drawer).getByRole('table', { name: 'Last state before deletion' })).getByText('$12.00')).toBeTruthy();
    expect(await within(drawer).findByText('Harbour Supply')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('names its categories by their paths, from one look-up, and marks a category and a vendor deleted since', async () => {
    const api = stubApi([
      ['GET', '/products/deleted', () => ({ products: rows, pagination: pagination(3) })],
      ['GET', '/vendors/names', () => ({ vendors: [{ id: 4, name: 'Harbour Supply' }] })],
      ['GET', '/history/category-paths', () => ({ categories: [{ id: 12, type: 'vendor', path: 'Deck > Cleats' }, { id: 41, type: 'store', path: 'Hardware > Shackles' }] })],
      [
        'GET',
        '/products/102/history',
        () => ({
          entries: [
            {
              id: 9, changeId: 20, action: 'deleted', at, user: { id: 1, username: 'admin' }, source: 'delete', importRunId: null, undone: false,
              fields: [{ field: 'vendor_id', before: 7, after: null }, { field: 'vendor_category_id', before: 12, after: null }, { field: 'store_category_id', before: 40, after: null }],
            },
            { id: 4, changeId: 12, action: 'updated', at, user: { id: 1, username: 'admin' }, source: 'edit', importRunId: null, undone: false, fields: [{ field: 'store_category_id', before: 41, after: 40 }] },
          ],
          pagination: pagination(2),
        }),
      ],
    ]);
    renderRoutes([{ path: '/', element: <DeletedProductsView /> }]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'History of BR-2' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of BR-2' });
    const lastState = await within(drawer).findByRole('table', { name: 'Last state before deletion' });
    expect(await within(lastState).findByText('Deck > Cleats')).toBeTruthy();
    expect(within(lastState).getByText('#40 (deleted)')).toBeTruthy();
    expect(within(lastState).getByText('#7 (deleted)')).toBeTruthy();
    expect(await within(drawer).findByRole('group', { name: 'Store Category: Hardware > Shackles to #40 (deleted)' })).toBeTruthy();
    const lookups = api.calls.filter((c) => c.path === '/history/category-paths');
    expect(lookups.map((c) => c.query.get('ids'))).toEqual(['12,40,41']);
  });
});
