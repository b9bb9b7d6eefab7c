import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { renderWithSession, stubWriteApi } from '../testing/product-edit-support';
import { product } from '../testing/product-fixtures';
import { ProductFormModal, type ProductFormTarget } from './product-form-modal';

// The product form's stock fields (issue 19): Track quantity, the stock status, and what is sent.

function openForm(target: ProductFormTarget) {
  renderWithSession(<ProductFormModal target={target} onClose={vi.fn()} />);
  return screen.findByRole('dialog');
}
const field = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
const select = (dialog: HTMLElement, name: string) => within(dialog).getByRole('combobox', { name }) as HTMLSelectElement;
const optionLabels = (element: HTMLSelectElement) => [...element.options].map((o) => o.textContent);
const created = () => stubWriteApi({ onWrite: (_m, _p, body) => jsonResponse(product(300, body as object), { status: 201 }) });

describe('ProductFormModal: stock fields', () => {
  it('sends a tracked quantity with the status it gives', async () => {
    const api = created();
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'create', product: null });
    expect(within(dialog).getByRole('switch', { name: 'Track quantity' })).toHaveProperty('checked', true);
    expect(optionLabels(select(dialog, 'Stock status'))).toEqual(['From the quantity', 'In stock', 'Out of stock', 'Backorder']);
    await user.type(field(dialog, /^Product Name/), 'Cleat');
    await user.type(field(dialog, /^SKU/), 'CL-1');
    await user.type(field(dialog, 'Stock'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(api.lastWrite()).toBeTruthy());
    expect(api.lastWrite()!.body).toMatchObject({ stock: 7, stock_status: 'in_stock' });
  });

  it('sends no quantity and the chosen status when the quantity is not tracked', async () => {
    const api = created();
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'create', product: null });
    await user.type(field(dialog, /^Product Name/), 'Pennant');
    await user.type(field(dialog, /^SKU/), 'PN-1');
    await user.click(within(dialog).getByRole('switch', { name: 'Track quantity' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Stock' })).toBeNull();
    expect(select(dialog, 'Stock status').value).toBe('in_stock');
    expect(optionLabels(select(dialog, 'Stock status'))).toEqual(['In stock', 'Out of stock', 'Backorder']);
    await user.selectOptions(select(dialog, 'Stock status'), 'backorder');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(api.lastWrite()).toBeTruthy());
    expect(api.lastWrite()!.body).toMatchObject({ stock: null, stock_status: 'backorder' });
  });

  it('shows the rule under the status when a positive quantity is set out of stock, and sends nothing', async () => {
    const api = created();
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'create', product: null });
    await user.type(field(dialog, /^Product Name/), 'Cleat');
    await user.type(field(dialog, /^SKU/), 'CL-2');
    await user.type(field(dialog, 'Stock'), '4');
    await user.selectOptions(select(dialog, 'Stock status'), 'out_of_stock');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText("Stock status cannot be 'Out of stock' with a stock of 4")).toBeTruthy();
    expect(api.writes()).toHaveLength(0);
  });

  it('opens an untracked product untracked, and a backorder product with its status', async () => {
    const untracked = await openForm({ mode: 'edit', product: product(5, { stock: null, stock_status: 'out_of_stock' }) });
    expect(within(untracked).getByRole('switch', { name: 'Track quantity' })).toHaveProperty('checked', false);
    expect(select(untracked, 'Stock status').value).toBe('out_of_stock');
    document.body.innerHTML = '';
    const back = await openForm({ mode: 'edit', product: product(6, { stock: 0, stock_status: 'backorder' }) });
    expect(within(back).getByRole('switch', { name: 'Track quantity' })).toHaveProperty('checked', true);
    expect(select(back, 'Stock status').value).toBe('backorder');
    expect(field(back, 'Stock').value).toBe('0');
  });
});
