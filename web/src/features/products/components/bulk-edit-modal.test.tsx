import { BULK_MESSAGES } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { renderProductsView } from '../testing/fake-products-api';
import { stubWriteApi } from '../testing/product-edit-support';

const bulkBar = () => screen.getByRole('region', { name: 'Bulk actions' });
const bulkCalls = (api: ReturnType<typeof stubWriteApi>) => api.calls.filter((c) => c.path === '/api/products/bulk/update');

async function openBulkEdit(user: ReturnType<typeof userEvent.setup>, names = ['Product 2', 'Product 4']) {
  await screen.findByText('SKU-1');
  for (const name of names) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(within(bulkBar()).getByRole('button', { name: 'Bulk Edit' }));
  return screen.findByRole('dialog', { name: `Bulk Edit (${names.length} products)` });
}

describe('BulkEditModal', () => {
  it('starts empty and warns instead of sending when no field is filled', async () => {
    const api = stubWriteApi();
    renderProductsView();
    const user = userEvent.setup();
    const dialog = await openBulkEdit(user);
    for (const box of within(dialog).getAllByRole('textbox')) expect((box as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByRole('combobox', { name: 'Published' }) as HTMLSelectElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Update Products' }));
    expect(await screen.findByText(BULK_MESSAGES.selectField)).toBeTruthy();
    expect(screen.getByText(BULK_MESSAGES.selectField).closest('[role="alert"]')).toBeTruthy(); // a warning toast
    expect(bulkCalls(api)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Bulk Edit (2 products)' })).toBeTruthy();
  });

  it('sends only the filled fields, booleans as booleans and price changes in their shapes', async () => {
    const api = stubWriteApi();
    renderProductsView();
    const user = userEvent.setup();
    const dialog = await openBulkEdit(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Brand' }), 'Harken');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Published' }), 'false');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Featured' }), 'true');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'List Price change' }), 'increase-percent');
    await user.type(within(dialog).getByRole('textbox', { name: 'List Price' }), '10');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Vendor Cost change' }), 'decrease-amount');
    await user.type(within(dialog).getByRole('textbox', { name: 'Vendor Cost' }), '1.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Special Price' }), '4.25');
    await user.type(within(dialog).getByRole('textbox', { name: 'Stock' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Update Products' }));

    expect(await screen.findByText('2 products updated successfully')).toBeTruthy();
    expect(bulkCalls(api)).toHaveLength(1);
    expect(bulkCalls(api)[0]!.method).toBe('PUT');
    expect(bulkCalls(api)[0]!.body).toEqual({
      ids: [2, 4],
      updateData: {
        brand: 'Harken',
        published: false,
        featured: true,
        list_price: { op: 'increase', by: 'percent', value: 10 },
        vendor_cost: { op: 'decrease', by: 'amount', value: 1.5 },
        special_price: 4.25,
        stock: 0,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Bulk Edit/ })).toBeNull());
  });

  it('shows the server’s refusal, and sends the below-cost permission once it is ticked', async () => {
    const api = stubWriteApi({
      onWrite: (_m, path, body) =>
        path === '/api/products/bulk/update' && !(body as { allowSpecialBelowCost?: boolean }).allowSpecialBelowCost
          ? jsonResponse({ message: BULK_MESSAGES.specialBelowCost(2), code: 'BAD_REQUEST', details: { fields: { special_price: BULK_MESSAGES.specialBelowCost(2) } } }, { status: 400 })
          : undefined,
    });
    renderProductsView();
    const user = userEvent.setup();
    const dialog = await openBulkEdit(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Special Price' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Update Products' }));
    await waitFor(() => expect(screen.getAllByText(BULK_MESSAGES.specialBelowCost(2)).length).toBe(2)); // toast and field
    expect(screen.getByRole('dialog', { name: 'Bulk Edit (2 products)' })).toBeTruthy();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Allow special price below vendor cost' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Products' }));
    expect(await screen.findByText('2 products updated successfully')).toBeTruthy();
    expect(bulkCalls(api).at(-1)!.body).toEqual({ ids: [2, 4], updateData: { special_price: 1 }, allowSpecialBelowCost: true });
  });

  it('falls back to "Error updating products" when no answer comes', async () => {
    stubWriteApi({ onWrite: (_m, path) => (path === '/api/products/bulk/update' ? Promise.reject(new TypeError('Failed to fetch')) : undefined) });
    renderProductsView();
    const user = userEvent.setup();
    const dialog = await openBulkEdit(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Height (cm)' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Update Products' }));
    expect(await screen.findByText(BULK_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Bulk Edit (2 products)' })).toBeTruthy();
  });

  it('acts on every matching product, through the list’s filter, when "select all matching" is on', async () => {
    const api = stubWriteApi({ total: 45 });
    renderProductsView('/products?vendor_id=1');
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    await user.click(within(bulkBar()).getByRole('button', { name: 'Select all 45 matching products' }));
    await user.click(within(bulkBar()).getByRole('button', { name: 'Bulk Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit (45 products)' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Visibility' }), 'hidden');
    await user.click(within(dialog).getByRole('button', { name: 'Update Products' }));
    await waitFor(() => expect(bulkCalls(api)).toHaveLength(1));
    expect(bulkCalls(api)[0]!.body).toEqual({ filter: { vendor_id: 1 }, updateData: { visibility: 'hidden' } });
  });

  it("offers Undo in the success toast: the edit's change is undone at once when nothing changed since", async () => {
    const api = stubWriteApi({
      onWrite: (method, path) => (path === '/api/products/bulk/update' ? jsonResponse({ message: '2 products updated successfully', updated: 2, changeId: 77 }) : undefined),
    });
    const undo = { message: 'Undone: 2 products put back', changeId: 78, deleted: 0, reverted: 2, recreated: 0, skipped: 0 };
    const fetchWrite = globalThis.fetch;
    const undoCalls: string[] = [];
    globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/changes/77/undo') {
        undoCalls.push(init.method ?? 'GET');
        return init.method === 'POST' ? jsonResponse(undo) : jsonResponse({ changeId: 77, toDelete: 0, toRevert: 2, toRecreate: 0, conflictCount: 0, conflicts: [] });
      }
      return fetchWrite(url, init);
    }) as typeof fetch;
    renderProductsView();
    const user = userEvent.setup();
    const dialog = await openBulkEdit(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Brand' }), 'Harken');
    await user.click(within(dialog).getByRole('button', { name: 'Update Products' }));
    const toast = (await screen.findByText('2 products updated successfully')).closest('.mantine-Notification-root') as HTMLElement;
    expect(bulkCalls(api)).toHaveLength(1);
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: 2 products put back')).toBeTruthy();
    expect(undoCalls).toEqual(['GET', 'POST']);
  });
});
