import type { User } from '@bosun/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { manager } from '../../../test/users';
import { renderWithSession, stubWriteApi } from '../testing/product-edit-support';
import { category } from '../testing/product-fixtures';
import { ProductFormModal } from './product-form-modal';

// Issue 24 point 1: a shop manager with only the products permission picks a vendor and both
// categories in the product form, from the reads the products permission opens.

const productsOnly: User = { ...manager, permissions: { products: true, categories: false, vendors: false, settings: false } };
const nothing: User = { ...manager, permissions: { products: false, categories: false, vendors: false, settings: false } };
const select = (dialog: HTMLElement, name: string) => within(dialog).getByRole('combobox', { name }) as HTMLSelectElement;
const optionLabels = (element: HTMLSelectElement) => [...element.options].map((o) => o.textContent);

function openForm(user: User) {
  const api = stubWriteApi({
    user,
    categories: [category(9, 'Sailing', 'store')],
    vendorCategories: { 1: [category(5, 'Deck', 'vendor', { vendor_id: 1 })] },
  });
  renderWithSession(<ProductFormModal target={{ mode: 'create', product: null }} onClose={vi.fn()} />, { user });
  return { api, dialog: () => screen.findByRole('dialog') };
}

describe('the product form for a products-only shop manager', () => {
  it('offers the vendors, the chosen vendor’s categories and the store categories', async () => {
    const { api, dialog } = openForm(productsOnly);
    const form = await dialog();
    await waitFor(() => expect(optionLabels(select(form, 'Vendor'))).toEqual(['No vendor', 'Anchor Works', 'Harbour Supply']));
    await waitFor(() => expect(optionLabels(select(form, 'Store Category'))).toEqual(['No store category', 'Sailing']));
    fireEvent.change(select(form, 'Vendor'), { target: { value: '1' } });
    await waitFor(() => expect(optionLabels(select(form, 'Vendor Category'))).toEqual(['No vendor category', 'Deck']));
    const reads = api.calls.filter((c) => c.method === 'GET').map((c) => c.path);
    expect(reads).toContain('/api/vendors/names');
    // The full vendor records (contacts, terms) stay behind the vendors permission.
    expect(reads).not.toContain('/api/vendors');
  });

  it('asks for nothing it may not read', async () => {
    const { api, dialog } = openForm(nothing);
    const form = await dialog();
    expect(optionLabels(select(form, 'Vendor'))).toEqual(['No vendor']);
    expect(api.calls.some((c) => c.path.startsWith('/api/vendors') || c.path.startsWith('/api/categories'))).toBe(false);
  });
});
