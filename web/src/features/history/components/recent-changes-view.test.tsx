import type { ChangeSummary, UndoPreview } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { pagination, stubApi } from '../testing/stub-api';
import { RecentChangesView } from './recent-changes-view';

afterEach(() => vi.unstubAllGlobals());

const at = new Date(Date.now() - 2 * 3600_000).toISOString();
function change(id: number, over: Partial<ChangeSummary> = {}): ChangeSummary {
  return { id, source: 'bulk_edit', at, user: { id: 1, username: 'admin' }, importRunId: null, summary: null, created: 0, updated: 3, deleted: 0, undoneByChangeId: null, revertsChangeId: null, ...over };
}
const conflicted: UndoPreview = {
  changeId: 40,
  toDelete: 2,
  toRevert: 5,
  toRecreate: 0,
  conflictCount: 2,
  conflicts: [
    { productId: 7, sku: 'TK-7', name: 'Teak cleat', at, user: { id: 3, username: 'alice' }, source: 'edit' },
    { productId: 8, sku: 'BR-8', name: 'Brass hook', at, user: null, source: 'bulk_edit' },
  ],
};

describe('RecentChangesView', () => {
  it('lists operations with who, source, counts and undone state, all kinds or one', async () => {
    const api = stubApi([
      [
        'GET',
        '/changes',
        () => ({
          changes: [change(41, { source: 'undo', revertsChangeId: 30, updated: 2 }), change(40, { source: 'import', importRunId: 12, created: 2, updated: 5 }), change(30, { undoneByChangeId: 41 })],
          pagination: pagination(3),
        }),
      ],
    ]);
    renderWithProviders(<RecentChangesView />);
    const table = await screen.findByRole('table', { name: 'Recent changes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Undo #41')).toBeTruthy();
    expect(within(rows[0]).getByText('Takes back #30')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: 'Import #12' })).toBeTruthy();
    expect(within(rows[1]).getByText('2 created')).toBeTruthy();
    expect(within(rows[1]).getByText('5 updated')).toBeTruthy();
    expect(within(rows[2]).getByText('Undone by #41')).toBeTruthy();
    expect((within(rows[2]).getByRole('button', { name: 'Undo change #30' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(rows[1]).getByRole('button', { name: 'Undo change #40' }) as HTMLButtonElement).disabled).toBe(false);

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Import');
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/changes').map((c) => c.query.get('source'))).toEqual([null, 'import']));
  });

  it('shows the dry run with its conflicts and sends the chosen way of handling them', async () => {
    const api = stubApi([
      ['GET', '/changes', () => ({ changes: [change(40, { created: 2, updated: 5 })], pagination: pagination(1) })],
      ['GET', '/changes/40/undo', () => conflicted],
      ['POST', '/changes/40/undo', () => ({ message: 'Undone: 7 products put back', changeId: 42, deleted: 2, reverted: 5, recreated: 0, skipped: 0 })],
    ]);
    renderWithProviders(<RecentChangesView />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Undo change #40' }));

    const dialog = await screen.findByRole('dialog', { name: 'Undo change #40' });
    const plan = await within(dialog).findByRole('list', { name: 'What the undo will do' });
    expect(plan.textContent).toContain('Delete 2 products it created');
    expect(plan.textContent).toContain('Put back the fields it changed on 5 products');
    expect(within(dialog).getByText('2 products changed again since')).toBeTruthy();
    const conflicts = within(dialog).getByRole('table', { name: 'Products changed since' });
    expect(within(conflicts).getByText('TK-7')).toBeTruthy();
    expect(within(conflicts).getByText('alice (Edited)')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: /^Skip them/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: /^Overwrite them/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await within(dialog).findByText('Undone: 7 products put back')).toBeTruthy();
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'POST', path: '/changes/40/undo', body: { conflicts: 'overwrite' } })]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Undo change #40' })).toBeNull());
  });

  it('sends skip when the user keeps the default, and says how many were left alone', async () => {
    const api = stubApi([
      ['GET', '/changes', () => ({ changes: [change(40)], pagination: pagination(1) })],
      ['GET', '/changes/40/undo', () => conflicted],
      ['POST', '/changes/40/undo', () => ({ message: 'Undone: 5 products put back', changeId: 42, deleted: 2, reverted: 3, recreated: 0, skipped: 2 })],
    ]);
    renderWithProviders(<RecentChangesView />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Undo change #40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo change #40' });
    await within(dialog).findByRole('table', { name: 'Products changed since' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: 5 products put back; 2 changed since, left as they are')).toBeTruthy();
    expect(api.writes()[0].body).toEqual({ conflicts: 'skip' });
  });

  it("keeps the dialog open with the server's message when the undo is refused", async () => {
    stubApi([
      ['GET', '/changes', () => ({ changes: [change(40)], pagination: pagination(1) })],
      ['GET', '/changes/40/undo', () => ({ ...conflicted, conflictCount: 0, conflicts: [] })],
      ['POST', '/changes/40/undo', () => jsonResponse({ message: 'This change was undone already', code: 'CONFLICT' }, { status: 409 })],
    ]);
    renderWithProviders(<RecentChangesView />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Undo change #40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo change #40' });
    expect(within(dialog).queryByRole('table', { name: 'Products changed since' })).toBeNull();
    await user.click(await within(dialog).findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('This change was undone already')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Undo change #40' })).toBeTruthy();
  });
});
