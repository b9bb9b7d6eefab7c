import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTitles, cutByWidth } from '../../../test/cut-text';
import { renderWithProviders } from '../../../test/render';
import { sampleCategories } from '../testing/category-fixtures';
import { fakeCategoryApi } from '../testing/fake-category-api';
import { SimpleCategoryTreeView } from './simple-category-tree-view';

const rows = () => within(screen.getByRole('list', { name: 'Category tree' })).getAllByRole('listitem');
const rowNames = () => rows().map((row) => within(row).getByRole('button', { name: /^Edit / }).getAttribute('aria-label')!.slice('Edit '.length));

function setup(categories = sampleCategories().flatCategories) {
  const api = fakeCategoryApi(categories);
  vi.stubGlobal('fetch', api.fetchMock);
  const user = userEvent.setup();
  renderWithProviders(<SimpleCategoryTreeView />);
  return { api, user };
}

describe('SimpleCategoryTreeView', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(1200);
  });

  it('shows each node with its name, (description), L{level} and product count', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Categories' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(12));
    const horn = rows()[2]!;
    expect(within(horn).getByText('Horn Cleats')).toBeTruthy();
    expect(within(horn).getByText('(store)')).toBeTruthy();
    expect(within(horn).getByText('L3')).toBeTruthy();
    expect(within(horn).getByText('3 products')).toBeTruthy();
    expect(within(rows()[9]!).getByText('(vendor)')).toBeTruthy();
  });

  it('shows a cut name whole in a tooltip, not in a browser title', async () => {
    const { user } = setup();
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(browserTitles(screen.getByRole('list', { name: 'Category tree' }))).toEqual([]);
    const name = within(rows()[2]!).getByText('Horn Cleats');
    cutByWidth(name);
    await user.hover(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Horn Cleats');
  });

  it('searches, keeping ancestors, and says when nothing matches', async () => {
    const { user } = setup();
    await waitFor(() => expect(rows()).toHaveLength(12));
    await user.type(screen.getByPlaceholderText('Search categories...'), 'ratchet');
    await waitFor(() => expect(rowNames()).toEqual(['Harken Blocks', 'Ratchet Blocks']));
    await user.type(screen.getByPlaceholderText('Search categories...'), 'zzz');
    expect(await screen.findByText('No categories found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search terms')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(rows()).toHaveLength(12));
  });

  it('says "No categories yet" when there are none', async () => {
    setup([]);
    expect(await screen.findByText('No categories yet')).toBeTruthy();
    expect(screen.queryByText('Try adjusting your search terms')).toBeNull();
  });

  it('creates a root category; parent options come indented after "No Parent (Root Category)"', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(rows()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Add Root Category' }));
    const dialog = await screen.findByRole('dialog');
    const parent = within(dialog).getByLabelText('Parent Category') as HTMLSelectElement;
    const options = [...parent.options].map((o) => o.textContent);
    expect(options[0]).toBe('No Parent (Root Category)');
    expect(options.slice(1, 4)).toEqual(['Deck Hardware', '\u00a0\u00a0\u00a0\u00a0Cleats', '\u00a0'.repeat(8) + 'Horn Cleats']);
    expect(options).not.toContain('\u00a0'.repeat(16) + 'Grade 30'); // level 5 cannot take subcategories

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Category name is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Category Name/), 'Safety');
    await user.selectOptions(within(dialog).getByLabelText('Description'), 'vendor');
    expect([...parent.options].map((o) => o.textContent?.trim())).toEqual(['No Parent (Root Category)', 'Harken Blocks', 'Ratchet Blocks', 'Lewmar Winches']);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/categories')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/categories')[0]!.body).toEqual({ name: 'Safety', description: 'vendor', parent_id: null });
  });

  it('adds a subcategory under the node it was asked from', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(rows()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Add subcategory to Harken Blocks' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Description') as HTMLSelectElement).value).toBe('vendor');
    expect((within(dialog).getByLabelText('Parent Category') as HTMLSelectElement).value).toBe('10');
    await user.type(within(dialog).getByLabelText(/^Category Name/), 'Cheek Blocks');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Category created successfully')).toBeTruthy();
    expect(api.callsTo('POST', '/api/categories')[0]!.body).toEqual({ name: 'Cheek Blocks', description: 'vendor', parent_id: 10 });
  });

  it('edits name and description only, leaving the parent as it is', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(rows()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Edit Cleats' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Parent Category')).toBeNull();
    const name = within(dialog).getByLabelText(/^Category Name/);
    await user.clear(name);
    await user.type(name, 'Mooring Cleats');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Category updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/categories/2')[0]!.body).toEqual({ name: 'Mooring Cleats', description: 'store' });
  });

  it('deletes after confirming, with its own success and failure texts', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(rows()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Delete Hinges' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted successfully')).toBeTruthy();
    await waitFor(() => expect(rowNames()).not.toContain('Hinges'));

    api.override((call) => (call.method === 'DELETE' ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
    await user.click(screen.getByRole('button', { name: 'Delete Cleats' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting category')).toBeTruthy();
  });
});
