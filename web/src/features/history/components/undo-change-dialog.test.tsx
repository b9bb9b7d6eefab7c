import { HISTORY_MESSAGES, type UndoEvent, type UndoPreview } from '@bosun/shared';
import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useUndoActions } from '../hooks/use-undo-actions';
import { stubApi } from '../testing/stub-api';

afterEach(() => vi.unstubAllGlobals());

/** An event-stream answer whose events the test sends one by one. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    send: (event: UndoEvent) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    end: () => controller.close(),
  };
}

const preview: UndoPreview = { changeId: 40, toDelete: 50_000, toRevert: 50_000, toRecreate: 0, conflictCount: 0, conflicts: [] };

function UndoImport() {
  const { openUndoDialog } = useUndoActions();
  return <Button onClick={() => openUndoDialog(40, 'Undo import #4')}>Undo import</Button>;
}

async function openAndConfirm(stream: ReturnType<typeof eventStream>) {
  const api = stubApi([
    ['GET', '/changes/40/undo', () => preview],
    ['POST', '/changes/40/undo', () => stream.response],
  ]);
  renderWithProviders(<UndoImport />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Undo import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Undo import #4' });
  await user.click(await within(dialog).findByRole('button', { name: 'Undo' }));
  return { api, dialog, user };
}

const progressBar = (dialog: HTMLElement) => within(dialog).getByRole('progressbar', { name: 'Undo progress' });

describe('the undo dialog while the undo runs', () => {
  it('asks for the event stream, shows the step and how many of how many over a bar, then the result', async () => {
    const stream = eventStream();
    const { api, dialog, user } = await openAndConfirm(stream);
    expect(await within(dialog).findByText('Undoing…')).toBeTruthy();
    const post = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new Headers(post[1]!.headers).get('accept')).toBe('text/event-stream');
    expect(api.writes()).toEqual([expect.objectContaining({ path: '/changes/40/undo', body: { conflicts: 'skip' } })]);

    stream.send({ type: 'waiting', message: HISTORY_MESSAGES.waitingForImport });
    expect(await within(dialog).findByText('Waiting…')).toBeTruthy();
    expect(within(dialog).getByText(HISTORY_MESSAGES.waitingForImport)).toBeTruthy();

    stream.send({ type: 'progress', step: 'delete', message: 'Deleting the products the import created', current: 35_000, total: 100_000 });
    expect(await within(dialog).findByText('Undoing… 35,000 of 100,000')).toBeTruthy();
    expect(within(dialog).getByText('Deleting the products the import created')).toBeTruthy();
    expect(progressBar(dialog).getAttribute('aria-valuenow')).toBe('35');

    stream.send({ type: 'progress', step: 'revert', message: 'Putting back changed fields', current: 80_000, total: 100_000 });
    expect(await within(dialog).findByText('Undoing… 80,000 of 100,000')).toBeTruthy();
    expect(within(dialog).getByText('Putting back changed fields')).toBeTruthy();
    expect(progressBar(dialog).getAttribute('aria-valuenow')).toBe('80');
    expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull();

    stream.send({ type: 'complete', message: 'Undone: 100,000 products put back', changeId: 41, deleted: 50_000, reverted: 50_000, recreated: 0, skipped: 0 });
    stream.end();
    expect(await within(dialog).findByText('Undone: 100,000 products put back')).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows an error that arrives mid-way in the dialog, with the plan to try again', async () => {
    const stream = eventStream();
    const { dialog } = await openAndConfirm(stream);
    stream.send({ type: 'progress', step: 'revert', message: 'Putting back changed fields', current: 10_000, total: 100_000 });
    expect(await within(dialog).findByText('Undoing… 10,000 of 100,000')).toBeTruthy();
    stream.send({ type: 'error', status: 409, code: 'CONFLICT', message: 'This record already exists' });
    stream.end();
    expect(await within(dialog).findByText('This record already exists')).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByRole('list', { name: 'What the undo will do' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('says so when the stream ends without a result', async () => {
    const stream = eventStream();
    const { dialog } = await openAndConfirm(stream);
    stream.send({ type: 'progress', step: 'delete', message: 'Deleting the products the import created', current: 0, total: 100_000 });
    stream.end();
    expect(await within(dialog).findByText(/stopped answering before it finished/)).toBeTruthy();
  });
});
