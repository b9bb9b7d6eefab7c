import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderProductsView } from '../testing/fake-products-api';
import { stubWriteApi } from '../testing/product-edit-support';

const chipsInput = (dialog: HTMLElement, label: string) =>
  within(dialog).getAllByLabelText(label).find((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type !== 'hidden')!;

describe('bulk edit of tags', () => {
  it('sends the tags to add and to remove, and nothing else', async () => {
    const api = stubWriteApi();
    renderProductsView();
    const user = userEvent.setup();
    await screen.findByText('SKU-1');
    for (const name of ['Product 2', 'Product 4']) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    await user.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Bulk Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit (2 products)' });
    await user.click(chipsInput(dialog, 'Add tags'));
    await user.paste('summer, Sale, SUMMER');
    await user.click(chipsInput(dialog, 'Remove tags'));
    await user.paste('winter,');
    await user.click(within(dialog).getByRole('button', { name: 'Update Products' }));
    expect(await screen.findByText('2 products updated successfully')).toBeTruthy();
    const calls = api.calls.filter((c) => c.path === '/api/products/bulk/update');
    expect(calls.map((c) => c.body)).toEqual([{ ids: [2, 4], updateData: { add_tags: ['summer', 'Sale'], remove_tags: ['winter'] } }]);
  });
});
