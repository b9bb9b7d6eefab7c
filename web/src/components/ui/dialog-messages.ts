import type { ToastMessage } from './notify';

/** A result shown inside an open dialog instead of as a toast; `id` lets it be closed. */
export interface DialogMessage extends ToastMessage {
  id: number;
}

interface OpenDialog {
  id: number;
  /** A confirmation (Mantine's confirm modal) has no messages area: it sends them on, see showInOpenDialog. */
  showsMessages: boolean;
  messages: DialogMessage[];
  timers: Map<number, ReturnType<typeof setTimeout>>;
}

/**
 * The dialogs open now, the last opened on top: a result belongs to the dialog the person is
 * working in (issue 24 point 14), which a toast would cover or sit behind.
 */
const openDialogs: OpenDialog[] = [];
const listeners = new Set<() => void>();
let lastId = 0;
const NO_MESSAGES: DialogMessage[] = [];

function changed() {
  for (const listener of listeners) listener();
}

/**
 * Starts the messages of a dialog that has just opened; returns its key. A confirmation opened
 * over it (`showsMessages: false`) is counted too, so that nothing is shown in a dialog it covers.
 */
export function openDialogMessages({ showsMessages = true }: { showsMessages?: boolean } = {}): number {
  const dialog: OpenDialog = { id: ++lastId, showsMessages, messages: [], timers: new Map() };
  openDialogs.push(dialog);
  return dialog.id;
}

/**
 * Ends the messages of a dialog that closes and returns those still shown: a dialog often closes
 * on the very success it reports, and that report must then still be seen (as a toast).
 */
export function closeDialogMessages(dialogId: number): ToastMessage[] {
  const at = openDialogs.findIndex((dialog) => dialog.id === dialogId);
  if (at < 0) return [];
  const [dialog] = openDialogs.splice(at, 1);
  for (const timer of dialog!.timers.values()) clearTimeout(timer);
  changed();
  return dialog!.messages.map(({ kind, message, action }) => ({ kind, message, action }));
}

/**
 * Shows the message in the dialog on top for `lifetimeMs`, as long as a toast would stay; false
 * when no dialog is open, or when a confirmation is on top: the dialog under it is covered, and a
 * toast shows above the confirmation.
 */
export function showInOpenDialog(message: ToastMessage, lifetimeMs: number): boolean {
  const dialog = openDialogs.at(-1);
  if (!dialog || !dialog.showsMessages) return false;
  const shown: DialogMessage = { ...message, id: ++lastId };
  dialog.messages = [...dialog.messages, shown];
  dialog.timers.set(
    shown.id,
    setTimeout(() => dismissDialogMessage(dialog.id, shown.id), lifetimeMs),
  );
  changed();
  return true;
}

export function dismissDialogMessage(dialogId: number, messageId: number) {
  const dialog = openDialogs.find((open) => open.id === dialogId);
  if (!dialog) return;
  clearTimeout(dialog.timers.get(messageId));
  dialog.timers.delete(messageId);
  dialog.messages = dialog.messages.filter((message) => message.id !== messageId);
  changed();
}

export function subscribeToDialogMessages(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The messages of one dialog; the same array until they change (for useSyncExternalStore). */
export function dialogMessages(dialogId: number | null): DialogMessage[] {
  return openDialogs.find((dialog) => dialog.id === dialogId)?.messages ?? NO_MESSAGES;
}
