import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTitles, cutByWidth } from '../../../test/cut-text';
import { onAPhone } from '../../../test/phone';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { largeCatalogue, sampleCategories } from '../testing/category-fixtures';
import { fakeCategoryApi } from '../testing/fake-category-api';
import { CategoryManagementView } from './category-management-view';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tree = () => screen.getByRole('list', { name: 'Category tree' });
const shownNames = () =>
  within(tree())
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);

function setup(categories = sampleCategories().flatCategories, configure?: (api: ReturnType<typeof fakeCategoryApi>) => void) {
  const api = fakeCategoryApi(categories);
  configure?.(api);
  vi.stubGlobal('fetch', api.fetchMock);
  const user = userEvent.setup();
  const view = renderWithProviders(<CategoryManagementView />);
  return { api, user, ...view };
}

describe('CategoryManagementView', () => {
  beforeEach(() => {
    // happy-dom lays nothing out; give the virtual list's scroll box a height so that rows render.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(1200);
  });

  it('shows the whole tree with type, level, product count and vendor on each node', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Category Management' })).toBeTruthy();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    const cleats = within(tree()).getAllByRole('listitem')[1]!;
    expect(cleats.getAttribute('aria-level')).toBe('2');
    expect(within(cleats).getByText('[store]')).toBeTruthy();
    expect(within(cleats).getByText('Level 2')).toBeTruthy();
    expect(within(cleats).getByText('7 products')).toBeTruthy();
    expect(within(tree()).getAllByText('Harken Inc')).toHaveLength(2);
    expect(screen.getByRole('option', { name: 'Harken Inc (40 products)' })).toBeTruthy();
  });

  it('shows a cut name or vendor whole in a tooltip, not in a browser title, in the tree and the table', async () => {
    const { user } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    expect(browserTitles(tree())).toEqual([]);
    const vendor = within(tree()).getAllByText('Harken Inc')[0]!;
    cutByWidth(vendor);
    await user.hover(vendor);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Harken Inc');
    await user.unhover(vendor);

    await user.click(screen.getByText('Table'));
    const table = screen.getByRole('table', { name: 'Categories' });
    expect(browserTitles(table)).toEqual([]);
    const name = within(table).getByRole('link', { name: 'Cleats' });
    cutByWidth(name.parentElement!);
    await user.hover(name);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Cleats'));
  });

  it("names a row button's job in a tooltip when a mouse points at it, and a disabled one says why", async () => {
    const { user } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    const edit = within(tree()).getByRole('button', { name: 'Edit Cleats' });
    await user.hover(edit);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit');
    await user.unhover(edit);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    // Grade 30 is on level 5: its Add subcategory is disabled, and its wrapper takes the pointer.
    const add = within(tree()).getByRole('button', { name: 'Add subcategory to Grade 30' });
    expect(add).toHaveProperty('disabled', true);
    await user.hover(add.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Level 5 is the deepest a category can be');
    await user.unhover(add.parentElement!);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    await user.click(screen.getByText('Table'));
    const table = screen.getByRole('table', { name: 'Categories' });
    const view = within(table).getByRole('button', { name: 'View products in Cleats' });
    await user.hover(view);
    expect((await screen.findByRole('tooltip')).textContent).toBe('View products');
    // A click does the job and closes the hint, which would cover what it opened.
    await user.pointer({ keys: '[MouseLeft>]', target: view });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('collapses and expands a node', async () => {
    const { user } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Collapse Deck Hardware' }));
    expect(shownNames()).not.toContain('Cleats');
    await user.click(screen.getByRole('button', { name: 'Expand Deck Hardware' }));
    expect(shownNames()).toContain('Horn Cleats');
  });

  it('keeps the ancestors of a search match in view, and Select All takes the whole filtered tree', async () => {
    const { user } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.type(screen.getByPlaceholderText('Search categories...'), 'grade');
    await waitFor(() => expect(shownNames()).toEqual(['Anchoring', 'Anchor Chain', 'Galvanised Chain', 'Short Link', 'Grade 30']));

    await user.click(screen.getByRole('button', { name: 'Select All' }));
    const bar = screen.getByRole('region', { name: 'Selected categories' });
    expect(within(bar).getByText('5 categories selected')).toBeTruthy();
    expect(within(bar).queryByText(/more\.\.\./)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Select All Categories' }));
    expect(within(screen.getByRole('region', { name: 'Selected categories' })).getByText('12 categories selected')).toBeTruthy();
    expect(screen.getByText('+7 more...')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryByRole('region', { name: 'Selected categories' })).toBeNull();
  });

  it('filters by type and by vendor', async () => {
    const { user } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.selectOptions(screen.getByLabelText('Type'), 'vendor');
    expect(shownNames()).toEqual(['Harken Blocks', 'Ratchet Blocks', 'Lewmar Winches']);
    await user.selectOptions(screen.getByLabelText('Vendor'), 'Lewmar Ltd (9 products)');
    expect(shownNames()).toEqual(['Lewmar Winches']);
    await user.selectOptions(screen.getByLabelText('Type'), 'store');
    expect(screen.getByText('No categories found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Your First Category' })).toBeNull();
  });

  it('opens the products list filtered by a category, with an info toast', async () => {
    const { user } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('link', { name: 'Ratchet Blocks' }));
    expect(screen.getByTestId('location').textContent).toBe('/products?vendor_category_ids=11&vendor_id=1');
    expect(await screen.findByText('Navigating to products filtered by Ratchet Blocks')).toBeTruthy();
  });

  it('shows the table view with its columns and a view-products action', async () => {
    const { user } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByText('Table'));
    const table = screen.getByRole('table', { name: 'Categories' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['', 'Name', 'Type', 'Level', 'Products', 'Status', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    await user.click(within(table).getByRole('button', { name: 'View products in Cleats' }));
    expect(screen.getByTestId('location').textContent).toBe('/products?store_category_ids=2');
    expect(await screen.findByText('Navigating to products filtered by Cleats')).toBeTruthy();
  });

  it('refuses to merge categories of different types before asking the server', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cleats' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Lewmar Winches' }));
    await user.click(screen.getByRole('button', { name: 'Merge Categories' }));
    expect(await screen.findByText('Cannot merge categories of different types')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/api/categories/merge')).toHaveLength(0);
  });

  it('merges two categories into the one chosen to keep', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('checkbox', { name: 'Select Hinges' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cleats' }));
    await user.click(screen.getByRole('button', { name: 'Merge Categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Categories' });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByText('Please select which category to keep')).toBeTruthy();
    expect(api.callsTo('POST', '/api/categories/merge')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Keep "Cleats"' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged "Hinges" into "Cleats"')).toBeTruthy();
    expect(api.callsTo('POST', '/api/categories/merge')[0]!.body).toEqual({ sourceCategoryId: 4, targetCategoryId: 2, categoryType: 'both' });
    await waitFor(() => expect(shownNames()).not.toContain('Hinges'));
    expect(screen.queryByRole('region', { name: 'Selected categories' })).toBeNull();
  });

  it('deletes a category after confirming, then reloads the list once', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('checkbox', { name: 'Select Hinges' }));
    await user.click(screen.getByRole('button', { name: 'Delete Cleats' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete "Cleats"? This will also delete all subcategories.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Category deleted successfully')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/categories/2')).toHaveLength(1);
    await waitFor(() => expect(shownNames()).toEqual(expect.not.arrayContaining(['Cleats', 'Horn Cleats'])));
    expect(screen.queryByRole('region', { name: 'Selected categories' })).toBeNull();
    // One refetch after the change; none of the original's repeated refresh timers.
    await wait(1700);
    expect(api.callsTo('GET', '/api/categories')).toHaveLength(2);
  });

  it('bulk deletes the selection after a confirmation that names them and warns about subcategories', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('checkbox', { name: 'Select Deck Hardware' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Lewmar Winches' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 Categories' }));
    const dialog = await screen.findByRole('dialog');
    const listed = within(within(dialog).getByRole('list', { name: 'Categories to delete' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(listed).toEqual(['Deck Hardware', 'Lewmar Winches']);
    expect(within(dialog).getByText(/All their subcategories will be deleted too/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('5 categories deleted successfully')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/categories/bulk-delete')[0]!.body).toEqual({ categoryIds: [1, 12] });
    await waitFor(() => expect(shownNames()).toEqual(['Anchoring', 'Anchor Chain', 'Galvanised Chain', 'Short Link', 'Grade 30', 'Harken Blocks', 'Ratchet Blocks']));
  });

  it("shows the server's message when a delete is refused", async () => {
    const { user, api } = setup();
    api.override((call) =>
      call.method === 'DELETE' ? jsonResponse({ message: "You don't have permission to do this.", code: 'FORBIDDEN' }, { status: 403 }) : undefined,
    );
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Delete Hinges' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("You don't have permission to do this.")).toBeTruthy();
    expect(shownNames()).toContain('Hinges');
  });

  it("refreshes from a phone's menu: the menu's button spins, then says the categories were refreshed", async () => {
    onAPhone();
    let answerRefresh: (() => void) | null = null;
    const { user, api } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    // The refresh's answer waits until the test lets it go.
    const answer = () => jsonResponse(sampleCategories());
    api.override((call) => (call.path === '/api/categories' ? new Promise<Response>((resolve) => (answerRefresh = () => resolve(answer()))) : undefined));
    await user.click(screen.getByRole('button', { name: 'More category actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'More category actions' }).getAttribute('data-loading')).toBe('true'));
    expect(screen.queryByText('Categories refreshed')).toBeNull();
    answerRefresh!();
    expect(await screen.findByText('Categories refreshed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More category actions' }).getAttribute('data-loading')).toBeNull();
  });

  it("says so when a phone's refresh fails", async () => {
    onAPhone();
    const { user, api } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    api.override((call) => (call.path === '/api/categories' ? jsonResponse({ message: 'Database is busy' }, { status: 409 }) : undefined));
    await user.click(screen.getByRole('button', { name: 'More category actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    expect((await screen.findAllByText('Database is busy')).length).toBeGreaterThan(0);
    expect(screen.getByRole('alert', { name: 'Error loading categories' })).toBeTruthy();
    expect(screen.queryByText('Categories refreshed')).toBeNull();
  });

  it('says the categories were refreshed after the toolbar Refresh', async () => {
    const { user } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Categories refreshed')).toBeTruthy();
  });

  it('warns while retrying a failed load, then shows the list', async () => {
    let failures = 0;
    setup(undefined, (api) =>
      api.override((call) => (call.path === '/api/categories' && failures++ < 1 ? Promise.reject(new TypeError('Failed to fetch')) : undefined)),
    );
    expect(await screen.findByText('Connection failed. Retrying... (1/3)')).toBeTruthy();
    await waitFor(() => expect(shownNames()).toHaveLength(12), { timeout: 3000 });
  });

  it('shows Access Denied when the server refuses the categories permission', async () => {
    setup(undefined, (api) =>
      api.override((call) => (call.path === '/api/categories' ? jsonResponse({ message: 'Forbidden', code: 'FORBIDDEN' }, { status: 403 }) : undefined)),
    );
    expect(await screen.findByText('Access Denied')).toBeTruthy();
  });

  it('offers to add the first category when there is none', async () => {
    const { user } = setup([]);
    expect(await screen.findByText('No categories found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Your First Category' }));
    expect(await screen.findByRole('dialog', { name: 'Add Category' })).toBeTruthy();
  });

  it('adds a subcategory with its parent preselected, and edits a category', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Add subcategory to Harken Blocks' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Subcategory' });
    await user.type(within(dialog).getByLabelText(/^Category Name/), 'Cheek Blocks');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category created successfully')).toBeTruthy();
    expect(api.callsTo('POST', '/api/categories')[0]!.body).toEqual({ name: 'Cheek Blocks', type: 'vendor', parent_id: 10, vendor_id: 1, status: 'active' });

    await user.click(screen.getByRole('button', { name: 'Edit Hinges' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const name = within(dialog).getByLabelText(/^Category Name/);
    await user.clear(name);
    await user.type(name, 'Hinges & Hasps');
    await user.click(within(dialog).getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('Category updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/categories/4')[0]!.body).toEqual({ name: 'Hinges & Hasps', type: 'store', parent_id: 1, vendor_id: null, status: 'active' });
  });

  it('renders only the rows in sight of a 5,550-category tree, and selects them all at once', async () => {
    const { user } = setup(largeCatalogue(50, 10).flatCategories);
    await waitFor(() => expect(shownNames().length).toBeGreaterThan(10));
    expect(shownNames().length).toBeLessThan(80);
    const started = performance.now();
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByText('5,550 categories selected')).toBeTruthy();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
