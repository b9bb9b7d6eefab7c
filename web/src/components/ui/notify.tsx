import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { showInOpenDialog } from './dialog-messages';

/** Toasts auto-dismiss after this long (SPEC §9); a message inside a dialog stays as long. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export type ToastKind = 'info' | 'success' | 'error' | 'warning';

const COLORS: Record<ToastKind, string> = {
  info: 'blue',
  success: 'teal',
  error: 'red',
  warning: 'orange',
};

const ICONS: Record<ToastKind, React.ReactNode> = {
  info: <IconInfoCircle size={18} />,
  success: <IconCheck size={18} />,
  error: <IconX size={18} />,
  warning: <IconAlertTriangle size={18} />,
};

const TITLES: Record<ToastKind, string> = {
  info: 'Info',
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
};

/** A button in the toast (e.g. 'Undo'); the toast closes when it is clicked. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** What a toast says, wherever it is shown: as a toast or inside the open dialog. */
export interface ToastMessage {
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

/** The look and the screen reader's role of a message of this kind, the same in a toast and a dialog. */
export function messageLook(kind: ToastKind) {
  return {
    title: TITLES[kind],
    color: COLORS[kind],
    icon: ICONS[kind],
    // Errors and warnings interrupt a screen reader; the rest wait their turn.
    role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
    'data-toast-kind': kind,
  };
}

/** The message's text with its action's button, which closes the message (`close`) before it acts. */
export function MessageText({ message, kind, action, close }: ToastMessage & { close: () => void }) {
  if (!action) return message;
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap">
      <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
        {message}
      </Text>
      <Button
        style={{ flexShrink: 0 }}
        size="compact-sm"
        variant="light"
        color={COLORS[kind]}
        onClick={() => {
          close();
          action.onClick();
        }}
      >
        {action.label}
      </Button>
    </Group>
  );
}

/** Shows the message as a toast, whether or not a dialog is open. */
export function showToast(toast: ToastMessage) {
  const id = `toast-${++toastCount}`;
  return notifications.show({
    id,
    message: <MessageText {...toast} close={() => notifications.hide(id)} />,
    ...messageLook(toast.kind),
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

let toastCount = 0;

/** Inside the open dialog when there is one (it renders them under its header), else a toast. */
function show(toast: ToastMessage) {
  if (!showInOpenDialog(toast, TOAST_AUTO_CLOSE_MS)) showToast(toast);
}

/** The four kinds of toast the spec names; a success may carry an action (the bulk operations' 'Undo'). */
export const notify = {
  info: (message: string) => show({ kind: 'info', message }),
  success: (message: string, action?: ToastAction) => show({ kind: 'success', message, action }),
  error: (message: string) => show({ kind: 'error', message }),
  warning: (message: string) => show({ kind: 'warning', message }),
};
