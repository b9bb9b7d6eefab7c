import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { openConfirm } from './confirm';
import { Dialog } from './dialog';
import { notify } from './notify';

/** A page with a dialog whose Save reports its result (and may close the dialog, as most do). */
function PageWithDialog({ closeOnSave = false, onUndo = () => {} }: { closeOnSave?: boolean; onUndo?: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open</Button>
      <Button onClick={() => notify.info('Shown with no dialog open')}>Report outside</Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title="Bulk Edit">
        <Button
          onClick={() => {
            notify.success('3 products updated', { label: 'Undo', onClick: onUndo });
            if (closeOnSave) setOpened(false);
          }}
        >
          Save
        </Button>
        <Button onClick={() => notify.error('Price must be a number')}>Fail</Button>
      </Dialog>
    </>
  );
}

/** A toast with the text: in Mantine's toasts, which live in their own portal, outside every dialog. */
async function findToast(text: string) {
  const shown = await screen.findAllByText(text);
  return shown.find((element) => element.closest('.mantine-Notifications-root') !== null) ?? null;
}

describe('a dialog’s messages', () => {
  it('shows a result inside the open dialog, under its header, not as a toast', async () => {
    renderWithProviders(<PageWithDialog />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));

    const messages = within(dialog).getByRole('region', { name: 'Messages' });
    const error = within(messages).getByRole('alert');
    expect(error.textContent).toContain('Price must be a number');
    // Under the header: after the title, before the dialog's own content.
    const title = within(dialog).getByRole('heading', { name: 'Bulk Edit' });
    expect(title.compareDocumentPosition(messages) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(messages.compareDocumentPosition(within(dialog).getByRole('button', { name: 'Save' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByText('Price must be a number')).toHaveLength(1);

    await user.click(within(error).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'Messages' })).toBeNull());
  });

  it('keeps the action of a message shown in the dialog', async () => {
    const onUndo = vi.fn();
    renderWithProviders(<PageWithDialog onUndo={onUndo} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const success = within(dialog).getByRole('status');
    await user.click(within(success).getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
  });

  it('hands a result still shown to the toasts when the dialog closes on it', async () => {
    renderWithProviders(<PageWithDialog closeOnSave />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const toast = (await findToast('3 products updated'))!.closest('.mantine-Notification-root') as HTMLElement;
    expect(within(toast).getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('shows a toast when no dialog is open', async () => {
    renderWithProviders(<PageWithDialog />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Report outside' }));
    expect(await findToast('Shown with no dialog open')).not.toBeNull();
  });

  it('puts the result in the dialog on top when one dialog opens another', async () => {
    function TwoDialogs() {
      const [inner, setInner] = useState(false);
      return (
        <Dialog opened onClose={() => {}} title="Import Products">
          <Button onClick={() => setInner(true)}>New vendor</Button>
          <Dialog opened={inner} onClose={() => setInner(false)} title="Create New Vendor" zIndex={300}>
            <Button onClick={() => notify.error('Vendor name is required')}>Create</Button>
          </Dialog>
        </Dialog>
      );
    }
    renderWithProviders(<TwoDialogs />);
    const user = userEvent.setup();
    const outer = await screen.findByRole('dialog', { name: 'Import Products' });
    await user.click(within(outer).getByRole('button', { name: 'New vendor' }));
    const inner = await screen.findByRole('dialog', { name: 'Create New Vendor' });
    await user.click(within(inner).getByRole('button', { name: 'Create' }));
    expect(within(inner).getByRole('alert').textContent).toContain('Vendor name is required');
    // Only the dialog on top shows it (the page's dialogs are portals, side by side in the body).
    expect(screen.getAllByRole('region', { name: 'Messages' })).toEqual([within(inner).getByRole('region', { name: 'Messages' })]);
  });

  describe('with a confirmation', () => {
    /** A dialog whose Remove asks first; the removal reports after a round trip, as a request does. */
    function DialogWithConfirm({ withDialog = true }: { withDialog?: boolean }) {
      const askToRemove = () =>
        openConfirm({
          title: 'Remove the image',
          children: 'Remove it?',
          labels: { confirm: 'Remove', cancel: 'Cancel' },
          onConfirm: async () => {
            // One message at once, as the confirmation closes; one after a round trip.
            notify.info('Removing the image');
            await Promise.resolve();
            notify.success('Image removed');
          },
        });
      const remove = <Button onClick={askToRemove}>Remove</Button>;
      return withDialog ? (
        <Dialog opened onClose={() => {}} title="Edit Product">
          {remove}
        </Dialog>
      ) : (
        remove
      );
    }

    it('closes the confirmation, then shows the result in the dialog that opened it', async () => {
      renderWithProviders(<DialogWithConfirm />);
      const user = userEvent.setup();
      const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      const confirmation = await screen.findByRole('dialog', { name: 'Remove the image' });
      await user.click(within(confirmation).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove the image' })).toBeNull());
      const messages = await within(dialog).findByRole('region', { name: 'Messages' });
      await waitFor(() => expect(within(messages).getAllByRole('status').map((status) => status.textContent)).toEqual([expect.stringContaining('Removing the image'), expect.stringContaining('Image removed')]));
      expect(screen.getAllByText('Image removed')).toHaveLength(1);
    });

    it('shows a message that comes while the confirmation is open as a toast, not in the dialog it covers', async () => {
      renderWithProviders(<DialogWithConfirm />);
      const user = userEvent.setup();
      const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      await screen.findByRole('dialog', { name: 'Remove the image' });
      notify.warning('Connection failed. Retrying... (1/3)');
      expect(await findToast('Connection failed. Retrying... (1/3)')).not.toBeNull();
      expect(within(dialog).queryByRole('region', { name: 'Messages' })).toBeNull();

      // Cancelled: the dialog shows its messages again.
      await user.click(within(screen.getByRole('dialog', { name: 'Remove the image' })).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove the image' })).toBeNull());
      notify.error('Price must be a number');
      expect(within(await within(dialog).findByRole('region', { name: 'Messages' })).getByRole('alert').textContent).toContain('Price must be a number');
    });

    it('toasts the result of a confirmation opened from a page', async () => {
      renderWithProviders(<DialogWithConfirm withDialog={false} />);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Remove the image' })).getByRole('button', { name: 'Remove' }));
      expect(await findToast('Image removed')).not.toBeNull();
    });
  });
});
