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

function show(kind: ToastKind, message: string) {
  return notifications.show({
    message,
    title: TITLES[kind],
    color: COLORS[kind],
    icon: ICONS[kind],
    autoClose: TOAST_AUTO_CLOSE_MS,
    // Errors and warnings interrupt a screen reader; the rest wait their turn.
    role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
    'data-toast-kind': kind,
  });
}

/** The four kinds of toast the spec names. */
export const notify = {
  info: (message: string) => show('info', message),
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
};
