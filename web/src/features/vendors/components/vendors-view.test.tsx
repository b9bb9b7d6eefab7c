import type { Vendor } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTitles, cutByWidth } from '../../../test/cut-text';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { vendorFixture } from '../testing/vendor-fixture';
import { VENDOR_LIST_OPTIONS_KEY } from '../use-vendor-list-options';
import { VendorsView } from './vendors-view';

const DENIED = "You don't have permission to access this page.";

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A stand-in for the vendors API: answers from a list it keeps, and records every call. */
function fakeApi(initial: Vendor[]) {
  let vendors = [...initial];
  const calls: Call[] = [];
  const overrides: ((call: Call) => Response | undefined)[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    for (const override of overrides) {
      const response = override(call);
      if (response) return response;
    }
    const id = Number(url.split('/').pop());
    if (call.method === 'GET') return jsonResponse({ vendors });
    if (call.method === 'PUT') {
      vendors = vendors.map((vendor) => (vendor.id === id ? { ...vendor, ...(call.body as Partial<Vendor>) } : vendor));
      return jsonResponse({ vendor: vendors.find((vendor) => vendor.id === id) });
    }
    if (call.method === 'DELETE') {
      vendors = vendors.filter((vendor) => vendor.id !== id);
      return jsonResponse({ message: 'Vendor deleted successfully', deletedProducts: 0, deletedCategories: 0 });
    }
    throw new Error(`unexpected ${call.method} ${url}`);
  });
  return {
    fetchMock,
    calls,
    writes: () => calls.filter((call) => call.method !== 'GET'),
    reads: () => calls.filter((call) => call.method === 'GET'),
    answer: (override: (call: Call) => Response | undefined) => overrides.push(override),
  };
}

const VENDORS = [
  vendorFixture({
    id: 1,
    name: 'Keel & Co',
    email: 'orders@keel.test',
    phone: '+1 555 0100',
    contact_person: 'Ada Moreau',
    website: 'https://keel.test',
    city: 'Annapolis',
    state: 'MD',
    status: 'active',
    product_count: 12,
    in_stock_count: 9,
    out_of_stock_count: 3,
    category_count: 2,
    created_at: '2025-01-15T09:00:00.000Z',
  }),
  vendorFixture({ id: 2, name: 'Anchor Supply', email: 'sales@anchor.test', status: 'inactive', product_count: 30, category_count: 1, created_at: '2025-02-01T09:00:00.000Z' }),
  vendorFixture({ id: 3, name: 'Buoy Works', contact_person: 'Jonas Keeling', status: 'pending', product_count: 0, created_at: '2025-03-01T09:00:00.000Z' }),
];

/** The vendor names in the order the current view shows them. */
function shownNames(): string[] {
  const table = screen.queryByRole('table', { name: 'Vendors' });
  // The name cell's first line (the city and state follow under it).
  if (table) return within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.firstElementChild?.textContent ?? '');
  return within(screen.getByRole('list', { name: 'Vendors' })).getAllByRole('article').map((card) => card.getAttribute('aria-label') ?? '');
}

async function renderView(vendors: Vendor[] = VENDORS) {
  const api = fakeApi(vendors);
  vi.stubGlobal('fetch', api.fetchMock);
  const user = userEvent.setup();
  const result = renderWithProviders(<VendorsView accessDeniedMessage={DENIED} />);
  if (vendors.length > 0) await screen.findAllByRole('article');
  else await screen.findByText('No vendors found');
  return { api, user, ...result };
}

const card = (name: string) => screen.getByRole('article', { name });
const toast = (text: string) => screen.findByText(text, {}, { timeout: 3000 });

describe('VendorsView', () => {
  beforeEach(() => localStorage.clear());

  describe('the list', () => {
    it('shows the stat cards over all vendors and a card per vendor, sorted by name', async () => {
      await renderView();
      expect(screen.getByRole('heading', { name: 'Vendor Management' })).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Total Vendors' })).getByText('3')).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Active Vendors' })).getByText('1')).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Total Products' })).getByText('42')).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Total Categories' })).getByText('3')).toBeTruthy();
      expect(shownNames()).toEqual(['Anchor Supply', 'Buoy Works', 'Keel & Co']);

      const keel = within(card('Keel & Co'));
      for (const text of ['orders@keel.test', '+1 555 0100', 'Ada Moreau', 'keel.test', 'Annapolis, MD', 'Added Jan 15, 2025']) {
        expect(keel.getByText(text)).toBeTruthy();
      }
      const figure = (label: string) => keel.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
      expect([figure('Products'), figure('In Stock'), figure('Out of Stock')]).toEqual(['12', '9', '3']);
      expect(keel.getByRole('button', { name: /Status of Keel & Co: Active/ })).toBeTruthy();
      expect(within(card('Anchor Supply')).getByRole('button', { name: /Status of Anchor Supply: Inactive/ })).toBeTruthy();
      expect(within(card('Buoy Works')).getByRole('button', { name: /Status of Buoy Works: Pending/ })).toBeTruthy();
    });

    it('searches name, email and contact person, and filters by status', async () => {
      const { user } = await renderView();
      const search = screen.getByRole('textbox', { name: 'Search vendors' });

      await user.type(search, 'KEEL');
      await waitFor(() => expect(shownNames()).toEqual(['Buoy Works', 'Keel & Co']));
      await user.clear(search);
      await user.type(search, 'anchor.test');
      await waitFor(() => expect(shownNames()).toEqual(['Anchor Supply']));
      await user.clear(search);

      await user.click(screen.getByRole('radio', { name: 'Pending' }));
      await waitFor(() => expect(shownNames()).toEqual(['Buoy Works']));
      await user.click(screen.getByRole('radio', { name: 'Active' }));
      await waitFor(() => expect(shownNames()).toEqual(['Keel & Co']));
      expect(screen.getByText('Showing 1 of 3 vendors')).toBeTruthy();

      await user.type(search, 'anchor');
      expect(await screen.findByText('No vendors found')).toBeTruthy();
      // A filter hides vendors that exist: offer to clear it, not to add a first vendor.
      expect(screen.queryByRole('button', { name: 'Add Your First Vendor' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
      await waitFor(() => expect(shownNames()).toHaveLength(3));
      expect((screen.getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);
    });

    it('sorts by products, status and date added, each way', async () => {
      const { user } = await renderView();
      const sortBy = screen.getByRole('combobox', { name: 'Sort by' });

      await user.selectOptions(sortBy, 'products');
      expect(shownNames()).toEqual(['Buoy Works', 'Keel & Co', 'Anchor Supply']);
      await user.click(screen.getByRole('button', { name: 'Sort ascending' }));
      expect(shownNames()).toEqual(['Anchor Supply', 'Keel & Co', 'Buoy Works']);
      expect(screen.getByRole('button', { name: 'Sort descending' })).toBeTruthy();

      await user.selectOptions(sortBy, 'status');
      expect(shownNames()).toEqual(['Buoy Works', 'Anchor Supply', 'Keel & Co']);
      await user.selectOptions(sortBy, 'created_at');
      expect(shownNames()).toEqual(['Buoy Works', 'Anchor Supply', 'Keel & Co']);
      await user.click(screen.getByRole('button', { name: 'Sort descending' }));
      expect(shownNames()).toEqual(['Keel & Co', 'Anchor Supply', 'Buoy Works']);
    });

    it('shows the same vendors in the list and table views, and remembers view, sort and filter', async () => {
      const { user, unmount } = await renderView();
      await user.click(screen.getByRole('radio', { name: 'List view' }));
      expect(shownNames()).toEqual(['Anchor Supply', 'Buoy Works', 'Keel & Co']);
      expect(within(card('Keel & Co')).getByText('Ada Moreau')).toBeTruthy();

      await user.click(screen.getByRole('radio', { name: 'Table view' }));
      const table = await screen.findByRole('table', { name: 'Vendors' });
      expect(shownNames()).toEqual(['Anchor Supply', 'Buoy Works', 'Keel & Co']);
      const keelRow = within(table).getByText('Keel & Co').closest('tr')!;
      for (const text of ['Ada Moreau', '+1 555 0100', 'orders@keel.test', 'keel.test', 'Annapolis, MD', '12', '9', '3', 'Jan 15, 2025']) {
        expect(within(keelRow).getByText(text)).toBeTruthy();
      }

      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'products');
      await user.click(screen.getByRole('button', { name: 'Sort ascending' }));
      await user.click(screen.getByRole('radio', { name: 'Inactive' }));
      unmount();

      // As after a reload: the same view, sort and filter.
      renderWithProviders(<VendorsView accessDeniedMessage={DENIED} />);
      expect(await screen.findByRole('table', { name: 'Vendors' })).toBeTruthy();
      expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('products');
      expect(screen.getByRole('button', { name: 'Sort descending' })).toBeTruthy();
      expect((screen.getByRole('radio', { name: 'Inactive' }) as HTMLInputElement).checked).toBe(true);
      expect(shownNames()).toEqual(['Anchor Supply']);
      expect(JSON.parse(localStorage.getItem(VENDOR_LIST_OPTIONS_KEY)!)).toEqual({ view: 'table', sortBy: 'products', sortDirection: 'desc', status: 'inactive' });
    });

    it('shows cut names, details and icon labels in tooltips, not in browser titles, in every view', async () => {
      const { user, container } = await renderView();
      for (const view of ['Grid view', 'List view', 'Table view']) {
        await user.click(screen.getByRole('radio', { name: view }));
        await waitFor(() => expect(shownNames()).toHaveLength(3));
        expect(browserTitles(container), view).toEqual([]);
      }
      const table = screen.getByRole('table', { name: 'Vendors' });
      const email = within(table).getByText('orders@keel.test');
      cutByWidth(email);
      await user.hover(email);
      expect((await screen.findByRole('tooltip')).textContent).toBe('orders@keel.test');
      await user.unhover(email);
      await user.hover(within(table).getByText('Keel & Co'));
      await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Keel & Co (double-click to rename)'));
    });

    it("names a view button in a tooltip for a mouse, closes it once chosen, and opens none for a tap (a phone's)", async () => {
      const { user } = await renderView();
      const [list, table] = ['List view', 'Table view'].map((view) => screen.getByText(view).parentElement!);
      await user.hover(list!);
      expect((await screen.findByRole('tooltip')).textContent).toBe('List view');
      await user.click(list!);
      expect((screen.getByRole('radio', { name: 'List view' }) as HTMLInputElement).checked).toBe(true);
      await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
      await user.unhover(list!);

      await user.pointer({ keys: '[TouchA]', target: table! });
      expect((screen.getByRole('radio', { name: 'Table view' }) as HTMLInputElement).checked).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryByRole('tooltip')).toBeNull();
    });

    it('ignores a saved choice it does not know', async () => {
      localStorage.setItem(VENDOR_LIST_OPTIONS_KEY, JSON.stringify({ view: 'kanban', sortBy: 'products', sortDirection: 'sideways', status: 'pending' }));
      await renderView();
      expect(screen.getByRole('list', { name: 'Vendors' })).toBeTruthy();
      expect((screen.getByRole('radio', { name: 'Grid view' }) as HTMLInputElement).checked).toBe(true);
      expect(screen.getByRole('button', { name: 'Sort ascending' })).toBeTruthy();
      expect(shownNames()).toEqual(['Buoy Works']);
    });

    it('offers to add the first vendor when there is none', async () => {
      const { user } = await renderView([]);
      await user.click(screen.getByRole('button', { name: 'Add Your First Vendor' }));
      expect(await screen.findByRole('dialog', { name: 'Add Vendor' })).toBeTruthy();
    });

    it('toasts a failed load with the server message and shows no stale list', async () => {
      const api = fakeApi(VENDORS);
      api.answer(() => jsonResponse({ message: 'Database is locked', code: 'INTERNAL' }, { status: 500, statusText: 'Internal Server Error' }));
      vi.stubGlobal('fetch', api.fetchMock);
      renderWithProviders(<VendorsView accessDeniedMessage={DENIED} />);
      expect(await toast('Failed to load vendors: Database is locked')).toBeTruthy();
      expect(screen.queryByRole('article')).toBeNull();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    });

    it('says Access Denied when the server refuses the vendors permission', async () => {
      const api = fakeApi(VENDORS);
      api.answer(() => jsonResponse({ message: 'Forbidden', code: 'FORBIDDEN' }, { status: 403, statusText: 'Forbidden' }));
      vi.stubGlobal('fetch', api.fetchMock);
      renderWithProviders(<VendorsView accessDeniedMessage={DENIED} />);
      expect(await screen.findByText('Access Denied')).toBeTruthy();
      expect(screen.getByText(DENIED)).toBeTruthy();
    });
  });

  describe('inline rename', () => {
    it('saves with Enter, sending the name alone, and reloads the list once', async () => {
      const { api, user } = await renderView();
      await user.dblClick(within(card('Keel & Co')).getByRole('heading', { name: 'Keel & Co' }));
      const input = screen.getByRole('textbox', { name: 'Vendor name' });
      expect(document.activeElement).toBe(input);
      // The keys are told in a tooltip while the name is edited, not in a browser title.
      expect(input.getAttribute('title')).toBeNull();
      expect((await screen.findByRole('tooltip')).textContent).toBe('Enter saves, Escape cancels');
      await user.clear(input);
      await user.type(input, '  Keel & Sons {Enter}');

      expect(await toast('Vendor updated successfully')).toBeTruthy();
      expect(api.writes()).toEqual([{ method: 'PUT', url: '/api/vendors/1', body: { name: 'Keel & Sons' } }]);
      expect(screen.queryByRole('textbox', { name: 'Vendor name' })).toBeNull();
      expect(await screen.findByRole('heading', { name: 'Keel & Sons' })).toBeTruthy();
      // The keyboard user carries on from the renamed vendor.
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Keel & Sons' })));
      await waitFor(() => expect(api.reads()).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(api.reads()).toHaveLength(2);
    });

    it('cancels with Escape without a request', async () => {
      const { api, user } = await renderView();
      await user.dblClick(screen.getByRole('heading', { name: 'Keel & Co' }));
      const input = screen.getByRole('textbox', { name: 'Vendor name' });
      await user.clear(input);
      await user.type(input, 'Something else{Escape}');

      expect(screen.queryByRole('textbox', { name: 'Vendor name' })).toBeNull();
      expect(screen.getByRole('heading', { name: 'Keel & Co' })).toBeTruthy();
      await user.click(document.body);
      expect(api.writes()).toEqual([]);
    });

    it('refuses a blank name and keeps editing', async () => {
      const { api, user } = await renderView();
      await user.dblClick(screen.getByRole('heading', { name: 'Keel & Co' }));
      const input = screen.getByRole('textbox', { name: 'Vendor name' });
      await user.clear(input);
      await user.type(input, '   {Enter}');

      expect(await screen.findByText('Vendor name is required')).toBeTruthy();
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(api.writes()).toEqual([]);
    });

    it('saves on blur only when the name changed', async () => {
      const { api, user } = await renderView();
      await user.dblClick(screen.getByRole('heading', { name: 'Keel & Co' }));
      await user.click(screen.getByRole('textbox', { name: 'Search vendors' }));
      expect(screen.queryByRole('textbox', { name: 'Vendor name' })).toBeNull();
      expect(api.writes()).toEqual([]);

      await user.dblClick(screen.getByRole('heading', { name: 'Keel & Co' }));
      await user.type(screen.getByRole('textbox', { name: 'Vendor name' }), ' Marine');
      await user.click(screen.getByRole('textbox', { name: 'Search vendors' }));
      await waitFor(() => expect(api.writes()).toEqual([{ method: 'PUT', url: '/api/vendors/1', body: { name: 'Keel & Co Marine' } }]));
    });

    it("shows the server's refusal under the input", async () => {
      const { api, user } = await renderView();
      api.answer((call) =>
        call.method === 'PUT'
          ? jsonResponse(
              { message: 'A vendor with this name already exists', code: 'CONFLICT', details: { fields: { name: 'A vendor with this name already exists' } } },
              { status: 409, statusText: 'Conflict' },
            )
          : undefined,
      );
      await user.dblClick(screen.getByRole('heading', { name: 'Keel & Co' }));
      const input = screen.getByRole('textbox', { name: 'Vendor name' });
      await user.clear(input);
      await user.type(input, 'anchor supply{Enter}');

      expect(await screen.findByText('A vendor with this name already exists')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Vendor name' })).toBe(input);
      expect((input as HTMLInputElement).value).toBe('anchor supply');
    });
  });

  describe('status menu', () => {
    it('sends the status alone and confirms it', async () => {
      const { api, user } = await renderView();
      await user.click(within(card('Keel & Co')).getByRole('button', { name: /Status of Keel & Co/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Inactive' }));

      expect(await toast('Vendor status updated to inactive')).toBeTruthy();
      expect(api.writes()).toEqual([{ method: 'PUT', url: '/api/vendors/1', body: { status: 'inactive' } }]);
      await waitFor(() => expect(within(card('Keel & Co')).getByRole('button', { name: /Status of Keel & Co: Inactive/ })).toBeTruthy());
    });

    it("toasts the server's message, or the spec's text when there is none, when the change fails", async () => {
      const { api, user } = await renderView();
      api.answer((call) => (call.method === 'PUT' && call.url.endsWith('/1') ? jsonResponse({ message: 'Vendor not found', code: 'NOT_FOUND' }, { status: 404, statusText: 'Not Found' }) : undefined));
      api.answer((call) => {
        if (call.method === 'PUT') throw new TypeError('Failed to fetch');
        return undefined;
      });

      await user.click(screen.getByRole('button', { name: /Status of Keel & Co/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Pending' }));
      expect(await toast('Vendor not found')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

      await user.click(screen.getByRole('button', { name: /Status of Buoy Works/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Active' }));
      expect(await toast('Error updating vendor status')).toBeTruthy();
    });
  });

  describe('delete', () => {
    it('warns how many categories and products go with the vendor, then deletes it', async () => {
      const { api, user } = await renderView();
      await user.click(screen.getByRole('button', { name: 'Delete Keel & Co' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete vendor' });
      expect(within(dialog).getByText('This will also permanently delete 2 categories and 12 products associated with this vendor.')).toBeTruthy();

      await user.click(within(dialog).getByRole('button', { name: 'Delete Vendor' }));
      expect(await toast('Vendor deleted successfully')).toBeTruthy();
      expect(api.writes()).toEqual([{ method: 'DELETE', url: '/api/vendors/1', body: undefined }]);
      await waitFor(() => expect(screen.queryByRole('article', { name: 'Keel & Co' })).toBeNull());
    });

    it('says so when nothing else goes with it, and sends nothing when cancelled', async () => {
      const { api, user } = await renderView();
      await user.click(screen.getByRole('button', { name: 'Delete Buoy Works' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete vendor' });
      expect(within(dialog).getByText(/^This vendor has no categories or products/)).toBeTruthy();

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.writes()).toEqual([]);
    });
  });

  describe('the vendor modal', () => {
    it('creates a vendor and names it in the toast', async () => {
      const { api, user } = await renderView();
      api.answer((call) =>
        call.method === 'POST' ? jsonResponse({ vendor: vendorFixture({ id: 9, name: 'Tide Rigging', ...(call.body as object) }) }, { status: 201, statusText: 'Created' }) : undefined,
      );
      await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Vendor' });
      await user.type(within(dialog).getByLabelText(/^Vendor Name/), 'Tide Rigging');
      await user.type(within(dialog).getByLabelText(/^Website/), 'https://tide.test');
      await user.click(within(dialog).getByRole('button', { name: 'Create Vendor' }));

      expect(await toast('Vendor "Tide Rigging" created successfully')).toBeTruthy();
      expect(api.writes()).toEqual([{ method: 'POST', url: '/api/vendors', body: { name: 'Tide Rigging', website: 'https://tide.test', status: 'active' } }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('puts a duplicate name under the name field and keeps the modal open', async () => {
      const { api, user } = await renderView();
      api.answer((call) =>
        call.method === 'POST'
          ? jsonResponse(
              { message: 'A vendor with this name already exists', code: 'CONFLICT', details: { fields: { name: 'A vendor with this name already exists' } } },
              { status: 409, statusText: 'Conflict' },
            )
          : undefined,
      );
      await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Vendor' });
      await user.type(within(dialog).getByLabelText(/^Vendor Name/), 'keel & co');
      await user.click(within(dialog).getByRole('button', { name: 'Create Vendor' }));

      expect(await within(dialog).findByText('A vendor with this name already exists')).toBeTruthy();
      expect(within(dialog).getByLabelText(/^Vendor Name/).getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByRole('dialog', { name: 'Add Vendor' })).toBeTruthy();
    });

    it('edits a vendor from its card', async () => {
      const { api, user } = await renderView();
      await user.click(screen.getByRole('button', { name: 'Edit Anchor Supply' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Vendor' });
      expect((within(dialog).getByLabelText(/^Status/) as HTMLSelectElement).value).toBe('inactive');
      await user.type(within(dialog).getByLabelText(/^Contact Person/), 'Priya Shah');
      await user.click(within(dialog).getByRole('button', { name: 'Update Vendor' }));

      expect(await toast('Vendor updated successfully')).toBeTruthy();
      const [write] = api.writes();
      expect(write).toMatchObject({ method: 'PUT', url: '/api/vendors/2', body: { name: 'Anchor Supply', contact_person: 'Priya Shah', status: 'inactive', email: 'sales@anchor.test', city: null } });
    });
  });
});
