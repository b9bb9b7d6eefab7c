import { IMPORT_PROFILE_MESSAGES, STOCK_AND_PRICE_FIELDS, type ImportProfile } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { FEED, profileOf, renderProfilesScreen, stubProfilesApi } from '../testing/profiles-api-stub';

afterEach(() => vi.unstubAllGlobals());

const profile = profileOf;
const stub = (putAnswer: (body: Record<string, unknown>) => Response) => stubProfilesApi({ put: putAnswer });
const render = renderProfilesScreen;

describe('ImportProfilesView', () => {
  it('lists the profiles with vendor, fields updated, missing rule, feed and last use, filtered by vendor', async () => {
    const user = userEvent.setup();
    const calls = stub(() => jsonResponse({}));
    render();
    const table = await screen.findByRole('table', { name: 'Import profiles' });
    const cells = (name: string) => within(within(table).getByRole('row', { name })).getAllByRole('cell').slice(0, 6).map((c) => c.textContent);
    // The feed: its host, its schedule in words and how it signs in; never the secret.
    await waitFor(() =>
      expect(cells('Daily stock')).toEqual([
        'Daily stock',
        'Harbour Supply',
        'Stock and prices only',
        'Set their stock to 0, up to 20%',
        'feeds.exampleNo schedule: Run now only · basic authentication',
        'Nov 20, 2026',
      ]),
    );
    expect(cells('Catalogue')).toEqual(['Catalogue', 'Anchor Works', 'All mapped fields', 'Leave them as they are', 'Uploaded by staff', 'Never']);
    expect(within(within(table).getByRole('row', { name: 'Daily stock' })).getByRole('button', { name: 'Run now: Daily stock' })).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: 'Catalogue' })).queryByRole('button', { name: /Run now/ })).toBeNull();
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
