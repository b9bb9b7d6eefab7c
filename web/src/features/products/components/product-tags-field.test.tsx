import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { renderWithSession, stubWriteApi } from '../testing/product-edit-support';
import { product } from '../testing/product-fixtures';
import { ProductFormModal, type ProductFormTarget } from './product-form-modal';

function openForm(target: ProductFormTarget) {
  renderWithSession(<ProductFormModal target={target} onClose={vi.fn()} />);
  return screen.findByRole('dialog');
}
/** The chips input (Mantine labels its hidden value input with the same label). */
const tagsInput = (dialog: HTMLElement) =>
  within(dialog).getAllByLabelText(/^Tags/).find((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type !== 'hidden')!;

describe('the product form\'s tags field', () => {
  it('makes chips of typed and pasted tags, leaves out a repeat in another case, and sends them as a list', async () => {
    const api = stubWriteApi({ onWrite: (_m, _p, body) => jsonResponse(product(301, body as object), { status: 201 }) });
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'create', product: null });
    await user.type(within(dialog).getByRole('textbox', { name: /^Product Name/ }), 'Wool beanie');
    await user.type(within(dialog).getByRole('textbox', { name: /^SKU/ }), 'BEANIE-1');
    await user.type(tagsInput(dialog), 'winter{Enter}');
    await user.paste('Wool, WINTER, knit, sale');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(api.lastWrite()).toBeTruthy());
    expect((api.lastWrite()!.body as { tags: string[] }).tags).toEqual(['winter', 'Wool', 'knit', 'sale']);
  });

  it('ends a tag at each typed comma, as WooCommerce\'s tag box does, and keeps a tag typed last without Enter', async () => {
    const api = stubWriteApi({ onWrite: (_m, _p, body) => jsonResponse(product(12, body as object)) });
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'edit', product: product(12, { tags: ['Sale, 50%'] }) });
    await user.type(tagsInput(dialog), 'rope,knot, dock line ,tide');
    for (const tag of ['rope', 'knot', 'dock line']) expect(within(dialog).getByText(tag)).toBeTruthy();
    expect(tagsInput(dialog).value).toBe('tide');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(api.lastWrite()).toBeTruthy());
    // A tag holding a comma (from a file's '\\,', as WooCommerce writes one) stays one tag.
    expect(api.lastWrite()!.body).toMatchObject({ tags: ['Sale, 50%', 'rope', 'knot', 'dock line', 'tide'] });
  });

  it('shows the product\'s tags when editing and sends what is left after one is removed', async () => {
    const api = stubWriteApi({ onWrite: (_m, _p, body) => jsonResponse(product(12, body as object)) });
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'edit', product: product(12, { tags: ['winter', 'wool'] }) });
    expect(within(dialog).getByText('winter')).toBeTruthy();
    expect(within(dialog).getByText('wool')).toBeTruthy();
    // Backspace in the empty input removes the last chip.
    await user.click(tagsInput(dialog));
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(within(dialog).queryByText('wool')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(api.lastWrite()).toBeTruthy());
    expect(api.lastWrite()!.body).toMatchObject({ tags: ['winter'] });
  });

  it('shows the shared schema\'s message under the field for a tag over 100 characters, and sends nothing', async () => {
    const api = stubWriteApi();
    const user = userEvent.setup();
    const dialog = await openForm({ mode: 'edit', product: product(12, { tags: ['ok'] }) });
    await user.click(tagsInput(dialog));
    await user.paste('x'.repeat(101));
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await within(dialog).findByText('A tag must be at most 100 characters')).toBeTruthy();
    expect(api.writes()).toHaveLength(0);
  });
});
