import { IMPORT_PROFILE_MESSAGES, STOCK_AND_PRICE_FIELDS, type ImportProfile } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signIn } from '../../../test/render';
import { admin } from '../../../test/users';
import { ImportProfilesView } from './import-profiles-view';

afterEach(() => vi.unstubAllGlobals());

const profile = (over: Partial<ImportProfile> = {}): ImportProfile => ({
  id: 7,
  name: 'Daily stock',
  vendorId: 1,
  vendorName: 'Harbour Supply',
  headers: ['Code', 'Qty', 'Price'],
  mapping: { sku: 'Code', stock: 'Qty', list_price: 'Price' },
  encoding: 'auto',
  delimiter: ';',
  mode: 'ultra-fast',
  updateExisting: true,
  updateFields: [...STOCK_AND_PRICE_FIELDS],
  createNew: false,
  emptyCells: 'keep',
  missing: { action: 'zero_stock', maxPercent: 20 },
  priceRules: null,
  feed: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function stub(putAnswer: (body: Record<string, unknown>) => Response) {
  const calls: Call[] = [];
  signIn(admin);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://localhost');
      const call = { method: init.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      if (call.path === '/api/vendors/names') return jsonResponse({ vendors: [{ id: 1, name: 'Harbour Supply' }, { id: 2, name: 'Anchor Works' }] });
      if (call.path === '/api/import-profiles' && call.method === 'GET') {
        const all = [profile({ feed: FEED }), profile({ id: 8, name: 'Catalogue', vendorId: 2, vendorName: 'Anchor Works', updateFields: null, missing: { action: 'leave', maxPercent: 20 }, lastUsedAt: null })];
        const vendor = call.query.get('vendorId');
        return jsonResponse({ profiles: all.filter((p) => !vendor || String(p.vendorId) === vendor) });
      }
      if (call.path === '/api/import-profiles/7' && call.method === 'PUT') return putAnswer(call.body as Record<string, unknown>);
      if (call.path === '/api/import-profiles/7' && call.method === 'DELETE') return jsonResponse({ message: IMPORT_PROFILE_MESSAGES.deleted });
      return jsonResponse({ message: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

const FEED = { url: 'https://feeds.example/stock.csv', authKind: 'basic' as const, authName: 'shop', schedule: null, fullList: true, maxFailedPercent: 10, hasSecret: true };

const render = () => renderRoutes([{ path: '/imports/profiles', element: <ImportProfilesView /> }], '/imports/profiles');

describe('ImportProfilesView', () => {
  it('lists the profiles with vendor, fields updated, missing rule and last use, filtered by vendor', async () => {
    const user = userEvent.setup();
    const calls = stub(() => jsonResponse({}));
    render();
    const table = await screen.findByRole('table', { name: 'Import profiles' });
    const cells = (name: string) => within(within(table).getByRole('row', { name })).getAllByRole('cell').slice(0, 5).map((c) => c.textContent);
    expect(cells('Daily stock')).toEqual(['Daily stock', 'Harbour Supply', 'Stock and prices only', 'Set their stock to 0, up to 20%', 'Nov 20, 2026']);
    expect(cells('Catalogue')).toEqual(['Catalogue', 'Anchor Works', 'All mapped fields', 'Leave them as they are', 'Never']);
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Vendor' }) as HTMLSelectElement).options.length).toBe(3));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vendor' }), '2');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Import profiles' })).queryByRole('row', { name: 'Daily stock' })).toBeNull());
    expect(calls.some((c) => c.path === '/api/import-profiles' && c.query.get('vendorId') === '2')).toBe(true);
  });

  it('edits a profile: the header row mapping and the rules go in the PUT; a taken name is said under the name', async () => {
    const user = userEvent.setup();
    const puts: Array<Record<string, unknown>> = [];
    stub((body) => {
      puts.push(body);
      if (body.name === 'Catalogue')
        return jsonResponse({ message: IMPORT_PROFILE_MESSAGES.nameTaken, code: 'CONFLICT', details: { fields: { name: IMPORT_PROFILE_MESSAGES.nameTaken } } }, { status: 409 });
      return jsonResponse({ profile: profile({ ...(body as Partial<ImportProfile>), feed: FEED }) });
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit profile Daily stock' }));
    const form = await screen.findByRole('form', { name: 'Edit import profile' });
    expect((within(form).getByRole('combobox', { name: 'Field for Qty' }) as HTMLSelectElement).value).toBe('stock');
    // A field feeds from one column: choosing Stock for Price takes it from Qty.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Field for Price' }), 'stock');
    expect((within(form).getByRole('combobox', { name: 'Field for Qty' }) as HTMLSelectElement).value).toBe('');
    await user.click(within(form).getByRole('radio', { name: 'An empty cell clears it' }));
    await user.clear(within(form).getByRole('textbox', { name: 'Profile name' }));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Profile name is required')).toBeTruthy();
    expect(puts).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Profile name' }), 'Catalogue');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText(IMPORT_PROFILE_MESSAGES.nameTaken)).toBeTruthy();
    await user.clear(within(form).getByRole('textbox', { name: 'Profile name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Profile name' }), 'Stock feed');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(`${IMPORT_PROFILE_MESSAGES.updated}: 'Stock feed'`)).toBeTruthy();
    expect(puts.at(-1)).toEqual({
      name: 'Stock feed',
      vendorId: 1,
      headers: ['Code', 'Qty', 'Price'],
      mapping: { sku: 'Code', stock: 'Price' },
      encoding: 'auto',
      delimiter: ';',
      mode: 'ultra-fast',
      updateExisting: true,
      updateFields: STOCK_AND_PRICE_FIELDS,
      createNew: false,
      emptyCells: 'clear',
      missing: { action: 'zero_stock', maxPercent: 20 },
      priceRules: null,
      // The feed this form does not edit is kept: without its write-only secret, which the server then keeps.
      feed: { url: FEED.url, authKind: 'basic', authName: 'shop', schedule: null, fullList: true, maxFailedPercent: 10 },
    });
  });

  it('deletes a profile only once confirmed, and says so', async () => {
    const user = userEvent.setup();
    const calls = stub(() => jsonResponse({}));
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete profile Daily stock' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete import profile' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete profile' }));
    expect(await screen.findByText(`${IMPORT_PROFILE_MESSAGES.deleted}: 'Daily stock'`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/import-profiles/7']);
  });
});
