import type { UndoPreview } from '@bosun/shared';
import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../testing/stub-api';
import { useUndoActions } from './use-undo-actions';

afterEach(() => vi.unstubAllGlobals());

function UndoFromToast() {
  const { undoNow } = useUndoActions();
  return <Button onClick={() => void undoNow(40)}>Undo from toast</Button>;
}
const preview = (conflictCount: number): UndoPreview => ({
  changeId: 40, toDelete: 0, toRevert: 3, toRecreate: 0, conflictCount,
  conflicts: conflictCount ? [{ productId: 7, sku: 'TK-7', name: 'Teak cleat', at: null, user: null, source: 'edit' }] : [],
});
const result = { message: 'Undone: 3 products put back', changeId: 41, deleted: 0, reverted: 3, recreated: 0, skipped: 0 };

describe("a toast's Undo", () => {
  it('undoes straight away when nothing changed since, and offers to undo the undo', async () => {
    const api = stubApi([
      ['GET', '/changes/40/undo', () => preview(0)],
      ['POST', '/changes/40/undo', () => result],
      ['GET', '/changes/41/undo', () => preview(0)],
      ['POST', '/changes/41/undo', () => ({ ...result, message: 'Undone: 3 products put back again', changeId: 42 })],
    ]);
    renderWithProviders(<UndoFromToast />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Undo from toast' }));
    const toast = await screen.findByText('Undone: 3 products put back');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.writes()).toEqual([expect.objectContaining({ path: '/changes/40/undo', body: { conflicts: 'skip' } })]);
    await user.click(toast.closest('.mantine-Notification-root')!.querySelector('button:not([aria-label])')! as HTMLElement);
    await waitFor(() => expect(api.writes().map((w) => w.path)).toEqual(['/changes/40/undo', '/changes/41/undo']));
  });

  it('shows the dry run first when products changed since', async () => {
    const api = stubApi([
      ['GET', '/changes/40/undo', () => preview(1)],
      ['POST', '/changes/40/undo', () => result],
    ]);
    renderWithProviders(<UndoFromToast />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo from toast' }));
    expect(await screen.findByRole('dialog', { name: 'Undo this change' })).toBeTruthy();
    expect(await screen.findByText('TK-7')).toBeTruthy();
    expect(api.writes()).toHaveLength(0);
  });
});
