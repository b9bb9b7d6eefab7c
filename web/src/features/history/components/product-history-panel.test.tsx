import type { HistoryEntry } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { formatExactTime } from '../model/relative-time';
import { pagination, stubApi } from '../testing/stub-api';
import { ProductHistoryPanel } from './product-history-panel';

afterEach(() => vi.unstubAllGlobals());

const units = { weight: 'kg', dimension: 'cm' };
const alice = { id: 3, username: 'alice' };

function entry(id: number, over: Partial<HistoryEntry>): HistoryEntry {
  return { id, changeId: id + 100, action: 'updated', at: new Date(Date.now() - 3 * 60_000).toISOString(), user: alice, source: 'edit', importRunId: null, fields: [], undone: false, ...over };
}

const newest = entry(9, {
  source: 'import',
  importRunId: 12,
  fields: [
    { field: 'list_price', before: 10, after: 12.5 },
    { field: 'published', before: 0, after: 1 },
    { field: 'weight', before: 1.5, after: 2 },
    { field: 'description', before: '<p>A red <b>teak</b> cleat</p>', after: '<p>A blue <b>teak</b> cleat</p>' },
    { field: 'tags', before: '["deck","teak"]', after: '["deck","brass"]' },
    { field: 'vendor_id', before: 1, after: 2 },
  ],
});
const older = entry(5, { source: 'bulk_edit', undone: true, fields: [{ field: 'name', before: 'Cleat', after: 'Teak cleat' }] });
const created = entry(2, { action: 'created', source: 'create', fields: [] });

const names = (field: string, id: number) => (field === 'vendor_id' ? { 1: 'Harbour Supply', 2: 'Anchor Works' }[id] : undefined);

describe('ProductHistoryPanel', () => {
  it('shows each change with who, when, source and its fields old -> new as the form names and formats them', async () => {
    stubApi([['GET', '/products/7/history', () => ({ entries: [newest, older, created], pagination: pagination(3) })]]);
    renderWithProviders(<ProductHistoryPanel productId={7} units={units} nameOf={names} />);

    const card = await screen.findByRole('article', { name: 'Change 9' });
    expect(within(card).getByText('alice')).toBeTruthy();
    expect(within(card).getByText('3 minutes ago').getAttribute('datetime')).toBe(newest.at);
    await userEvent.setup().hover(within(card).getByText('3 minutes ago'));
    expect(await screen.findByText(formatExactTime(newest.at))).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Import #12' }).getAttribute('href')).toBe('/imports#import-12');
    expect(within(card).getByRole('group', { name: 'List Price: $10.00 to $12.50' })).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Published: No to Yes' })).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Weight (kg): 1.5 kg to 2 kg' })).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Vendor: Harbour Supply to Anchor Works' })).toBeTruthy();
    // The description as readable text: its tags gone, the changed word marked.
    const description = within(card).getByRole('group', { name: 'Description: changes to the text' });
    expect(description.textContent).not.toContain('<');
    expect(within(description).getByLabelText('removed: red').tagName).toBe('DEL');
    expect(within(description).getByLabelText('added: blue').tagName).toBe('INS');
    const tags = within(card).getByRole('group', { name: 'Tags: changes to the list' });
    expect(tags.textContent).toContain('Removed');
    expect(within(tags).getByText('teak')).toBeTruthy();
    expect(within(tags).getByText('brass')).toBeTruthy();
    // The newest entry is the product as it is now.
    expect(within(card).getByText('Current version')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Restore this version' })).toBeNull();

    const undone = screen.getByRole('article', { name: 'Change 5' });
    expect(within(undone).getByText('Undone')).toBeTruthy();
    expect(within(undone).getByText('Bulk edit #105')).toBeTruthy();
    expect(within(undone).getByRole('group', { name: 'Product Name: Cleat to Teak cleat' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Change 2' })).getByText('The product was created.')).toBeTruthy();
  });

  it('loads older changes with Load more', async () => {
    const api = stubApi([
      ['GET', '/products/7/history', (call) => (call.query.get('page') === '2' ? { entries: [created], pagination: pagination(21, 2) } : { entries: [newest], pagination: pagination(21) })],
    ]);
    renderWithProviders(<ProductHistoryPanel productId={7} units={units} />);
    await screen.findByRole('article', { name: 'Change 9' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Change 2' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/products/7/history').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('restores one field directly and a whole version behind a confirmation, saying what happened', async () => {
    const api = stubApi([
      ['GET', '/products/7/history', () => ({ entries: [newest, older], pagination: pagination(2) })],
      ['POST', /^\/products\/7\/history\/5\/restore$/, () => ({ id: 7 })],
    ]);
    renderWithProviders(<ProductHistoryPanel productId={7} units={units} />);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Change 5' });

    await user.click(within(card).getByRole('button', { name: 'Restore Product Name to Teak cleat' }));
    expect(await screen.findByText('Product Name restored to Teak cleat')).toBeTruthy();
    expect(api.writes().at(-1)).toMatchObject({ path: '/products/7/history/5/restore', body: { field: 'name' } });

    await user.click(within(card).getByRole('button', { name: 'Restore this version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version' });
    expect(api.writes()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/^Product restored to the version of/)).toBeTruthy();
    expect(api.writes()).toHaveLength(2);
    expect(api.writes()[1].body).toEqual({});
  });

  it("shows the server's refusal of a restore", async () => {
    stubApi([
      ['GET', '/products/7/history', () => ({ entries: [newest, older], pagination: pagination(2) })],
      ['POST', /restore$/, () => jsonResponse({ message: "'name' is not a field of the product's history", code: 'BAD_REQUEST' }, { status: 400 })],
    ]);
    renderWithProviders(<ProductHistoryPanel productId={7} units={units} />);
    const card = await screen.findByRole('article', { name: 'Change 5' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Restore Product Name to Teak cleat' }));
    await waitFor(() => expect(screen.getByText("'name' is not a field of the product's history")).toBeTruthy());
  });
});
