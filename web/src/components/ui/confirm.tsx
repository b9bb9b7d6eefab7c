import { modals } from '@mantine/modals';
import { closeDialogMessages, openDialogMessages } from './dialog-messages';

type ConfirmSettings = Parameters<typeof modals.openConfirmModal>[0];

/**
 * Mantine's confirmation modal, placed among the app's dialogs so that a result shows where the
 * person looks (issue 24): while it is open, messages are toasts (a dialog under it is covered);
 * once confirmed it counts as closed before the action runs, so the action's result goes to the
 * dialog that opened the confirmation, if any, else to a toast. Returns the modal's id.
 */
export function openConfirm({ onConfirm, onClose, ...settings }: ConfirmSettings): string {
  const layer = openDialogMessages({ showsMessages: false });
  // Closing twice (confirmed, then Mantine's own close) is harmless: the second finds nothing.
  const leave = () => closeDialogMessages(layer);
  return modals.openConfirmModal({
    ...settings,
    onConfirm: () => {
      leave();
      onConfirm?.();
    },
    onClose: () => {
      leave();
      onClose?.();
    },
  });
}
