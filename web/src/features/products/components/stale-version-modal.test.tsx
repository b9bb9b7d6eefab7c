import type { StaleVersionDetails } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { renderWithSession, stubWriteApi } from '../testing/product-edit-support';
import { product } from '../testing/product-fixtures';
import { ProductDetailView } from './product-detail-view';
import { ProductFormModal } from './product-form-modal';

function DetailRoute() {
  const { id } = useParams();
  return <ProductDetailView id={Number(id)} />;
}
const renderDetail = (id: number) => renderWithSession(<DetailRoute />, { path: `/product/${id}`, routePath: '/product/:id' });
const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

const at = new Date(Date.now() - 60_000).toISOString();
const conflict: StaleVersionDetails = {
  version: 31,
  changes: [
    { field: 'name', theirs: 'Brass cleat', at, user: { id: 3, username: 'alice' } },
    { field: 'brand', theirs: 'Harbour', at, user: { id: 3, username: 'alice' } },
  ],
};
const stale = () => jsonResponse({ message: 'Someone changed this product after you opened it', code: 'STALE_VERSION', details: { fields: { name: 'alice changed this' }, conflict } }, { status: 409 });

/** Opens product 7 (version 30), edits its name and brand and saves, which the server refuses once as stale. */
async function editAndSaveStale() {
  let refused = false;
  const api = stubWriteApi({
    products: { 7: { ...product(7, { name: 'Teak cleat', brand: 'Old', sku: 'TK-7' }), version: 30 } },
    onWrite: (method, path) => {
      if (method !== 'PUT' || path !== '/api/products/7' || refused) return undefined;
      refused = true;
      return stale();
    },
  });
  renderDetail(7);
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Teak cleat' });
  await user.click(screen.getByRole('button', { name: 'Edit Product' }));
  await user.clear(textbox(/^Product Name/));
  await user.type(textbox(/^Product Name/), 'Teak cleat, oiled');
  await user.clear(textbox(/^Brand/));
  await user.type(textbox(/^Brand/), 'Mine');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Someone changed this product after you opened it' });
  return { api, user, dialog };
}

describe('the stale save dialog', () => {
  it('says who changed which field, and sends the opened version with the save', async () => {
    const { api, dialog } = await editAndSaveStale();
    expect(api.writes()[0].body).toMatchObject({ version: 30, name: 'Teak cleat, oiled' });
    const table = within(dialog).getByRole('table', { name: 'Fields changed meanwhile' });
    const nameRow = within(table).getByText('Product Name').closest('tr')!;
    expect(within(nameRow).getByText('Teak cleat, oiled')).toBeTruthy();
    expect(within(nameRow).getByText('Brass cleat')).toBeTruthy();
    expect(within(nameRow).getByText('alice')).toBeTruthy();
    expect(screen.queryByText('Product updated successfully')).toBeNull();
  });

  it('keep mine saves everything again on the version the conflict reported', async () => {
    const { api, user, dialog } = await editAndSaveStale();
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    expect(api.writes()[1].body).toMatchObject({ version: 31, name: 'Teak cleat, oiled', brand: 'Mine' });
  });

  it('merge keeps theirs where chosen (left out of the save) and mine elsewhere', async () => {
    const { api, user, dialog } = await editAndSaveStale();
    await user.click(within(dialog).getByRole('button', { name: 'Merge field by field' }));
    const brandChoice = within(dialog).getByText('Brand').closest('tr')!;
    await user.click(within(brandChoice).getByRole('radio', { name: 'Theirs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save merged' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    const merged = api.writes()[1].body as Record<string, unknown>;
    expect(merged).toMatchObject({ version: 31, name: 'Teak cleat, oiled' });
    expect(merged).not.toHaveProperty('brand');
  });

  it('take theirs reloads the stored product into the form and saves nothing', async () => {
    const { api, user, dialog } = await editAndSaveStale();
    api.products[7] = { ...api.products[7], name: 'Brass cleat', brand: 'Harbour', version: 31 };
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(textbox(/^Product Name/).value).toBe('Brass cleat'));
    expect(textbox(/^Brand/).value).toBe('Harbour');
    expect(textbox(/^Product Name/).readOnly).toBe(false);
    expect(api.writes()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    expect(api.writes()[1].body).toMatchObject({ version: 31, name: 'Brass cleat' });
  });
});

describe('the quick edit from the list', () => {
  it('opens on the stored product, saves on its version, and shows the same dialog when refused', async () => {
    let refused = false;
    const api = stubWriteApi({
      products: { 7: { ...product(7, { name: 'Teak cleat', sku: 'TK-7' }), version: 30 } },
      onWrite: (method, path) => {
        if (method !== 'PUT' || path !== '/api/products/7' || refused) return undefined;
        refused = true;
        return stale();
      },
    });
    // The list's row: older values and no version.
    renderWithSession(<ProductFormModal target={{ mode: 'edit', product: product(7, { name: 'Old name', sku: 'TK-7' }) }} onClose={() => {}} />);
    const user = userEvent.setup();
    await waitFor(() => expect(textbox(/^Product Name/).value).toBe('Teak cleat'));
    await user.clear(textbox(/^Product Name/));
    await user.type(textbox(/^Product Name/), 'Teak cleat, oiled');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone changed this product after you opened it' });
    expect(api.writes()[0].body).toMatchObject({ version: 30, name: 'Teak cleat, oiled' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    expect(api.writes()[1].body).toMatchObject({ version: 31, name: 'Teak cleat, oiled' });
  });
});
