import type { CategoryNode } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { categoryFormDefaults, categoryFormResolver, type CategoryFormValues } from '../category-form-values';
import { findCategory } from '../category-tree-logic';
import { HARKEN, LEWMAR, sampleCategories } from '../testing/category-fixtures';
import { CategoryForm } from './category-form';

const { categories } = sampleCategories();
const node = (id: number) => findCategory(categories, id)!;
const vendors = [
  { ...HARKEN, product_count: 40 },
  { ...LEWMAR, product_count: 9 },
];

function renderForm(defaultValues: CategoryFormValues, editing?: CategoryNode, onSubmit = vi.fn().mockResolvedValue(undefined)) {
  renderWithProviders(<CategoryForm defaultValues={defaultValues} editing={editing} tree={categories} vendors={vendors} onSubmit={onSubmit} onCancel={vi.fn()} />);
  return { onSubmit, user: userEvent.setup() };
}

async function parentOptionNames(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: 'Parent Category' }));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((option) => option.querySelector('p')?.textContent);
  await user.keyboard('{Escape}');
  return names;
}

describe('CategoryForm', () => {
  it('offers as parents only categories of the same type below level 5, never itself or its descendants', async () => {
    const cleats = node(2);
    const { user } = renderForm(categoryFormDefaults({ kind: 'edit', category: cleats }, null), cleats);

    expect(await parentOptionNames(user)).toEqual(['Deck Hardware', 'Hinges', 'Anchoring', 'Anchor Chain', 'Galvanised Chain', 'Short Link']);
    expect((screen.getByRole('combobox', { name: 'Parent Category' }) as HTMLInputElement).value).toBe('Deck Hardware');
  });

  it('switches the parent choices with the type, clearing a parent of the other type', async () => {
    const { user, onSubmit } = renderForm(categoryFormDefaults({ kind: 'subcategory', parent: node(1) }, null));
    await user.type(screen.getByLabelText(/^Category Name/), 'Winch Handles');
    await user.selectOptions(screen.getByLabelText(/^Type/), 'vendor');

    expect((screen.getByRole('combobox', { name: 'Parent Category' }) as HTMLInputElement).value).toBe('');
    expect(await parentOptionNames(user)).toEqual(['Harken Blocks', 'Ratchet Blocks', 'Lewmar Winches']);

    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Winch Handles', type: 'vendor', parent_id: null, vendor_id: null, status: 'active' });
  });

  it('warns that moving a category with subcategories changes their levels', () => {
    renderForm(categoryFormDefaults({ kind: 'edit', category: node(2) }, null), node(2));
    expect(screen.getByText(/Changing its parent will update the levels of all its subcategories/)).toBeTruthy();
  });

  it('shows no such warning for a leaf, nor when adding', () => {
    renderForm(categoryFormDefaults({ kind: 'edit', category: node(4) }, null), node(4));
    expect(screen.queryByText(/update the levels/)).toBeNull();
  });

  it('requires a name, blanks included', async () => {
    const { user, onSubmit } = renderForm(categoryFormDefaults({ kind: 'create' }, null));
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category name is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Category Name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a new top-level category as an active store category of the filtered vendor', async () => {
    const { user, onSubmit } = renderForm(categoryFormDefaults({ kind: 'create' }, LEWMAR.id));
    expect((screen.getByRole('combobox', { name: 'Vendor' }) as HTMLInputElement).value).toBe('Lewmar Ltd');
    await user.type(screen.getByLabelText(/^Category Name/), '  Fenders  ');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Fenders', type: 'store', parent_id: null, vendor_id: LEWMAR.id, status: 'active' });
  });

  it("puts a new subcategory under its parent with the parent's type and vendor", async () => {
    const harken = node(10);
    const { user, onSubmit } = renderForm(categoryFormDefaults({ kind: 'subcategory', parent: harken }, null));
    expect((screen.getByRole('combobox', { name: 'Parent Category' }) as HTMLInputElement).value).toBe('Harken Blocks');
    await user.type(screen.getByLabelText(/^Category Name/), 'Cheek Blocks');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Cheek Blocks', type: 'vendor', parent_id: 10, vendor_id: HARKEN.id, status: 'active' });
    // The vendor filter, when one is chosen, wins over the parent's vendor.
    expect(categoryFormDefaults({ kind: 'subcategory', parent: harken }, LEWMAR.id).vendor_id).toBe(LEWMAR.id);
  });

  it('moves a category to the top level by clearing its parent', async () => {
    const cleats = node(2);
    const { user, onSubmit } = renderForm(categoryFormDefaults({ kind: 'edit', category: cleats }, null), cleats);
    await user.click(screen.getByRole('button', { name: 'Clear parent category' }));
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Cleats', parent_id: null });
  });

  it('shows the messages the server returns under their fields', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ parent_id: 'Moving this category would put its subcategories deeper than level 5' });
    const { user } = renderForm(categoryFormDefaults({ kind: 'edit', category: node(2) }, null), node(2), onSubmit);
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('Moving this category would put its subcategories deeper than level 5')).toBeTruthy();
  });
});

describe('categoryFormResolver', () => {
  it('refuses a category as its own parent', async () => {
    const values: CategoryFormValues = { name: 'Cleats', type: 'store', parent_id: 2, vendor_id: null, status: 'active' };
    const result = await categoryFormResolver(2)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.parent_id?.message).toBe('A category cannot be its own parent');
    const other = await categoryFormResolver(3)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(other.errors).toEqual({});
  });
});
