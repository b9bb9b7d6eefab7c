import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';

/** Toasts auto-dismiss after this long (SPEC §9). */
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

function show(kind: ToastKind, message: string, action?: ToastAction) {
  const id = `toast-${++toastCount}`;
  return notifications.show({
    id,
    message: action ? (
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
            notifications.hide(id);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      </Group>
    ) : (
      message
    ),
    title: TITLES[kind],
    color: COLORS[kind],
    icon: ICONS[kind],
    autoClose: TOAST_AUTO_CLOSE_MS,
    // Errors and warnings interrupt a screen reader; the rest wait their turn.
    role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
    'data-toast-kind': kind,
  });
}

let toastCount = 0;

/** The four kinds of toast the spec names; a success may carry an action (the bulk operations' 'Undo'). */
export const notify = {
  info: (message: string) => show('info', message),
  success: (message: string, action?: ToastAction) => show('success', message, action),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
};
