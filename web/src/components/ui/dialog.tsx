import { Modal, Notification, Stack, useProps, type ModalProps } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { closeDialogMessages, dialogMessages, dismissDialogMessage, openDialogMessages, subscribeToDialogMessages } from './dialog-messages';
import { MessageText, messageLook, showToast } from './notify';

const MODAL_DEFAULTS = { withCloseButton: true, withOverlay: true } satisfies Partial<ModalProps>;

/**
 * The app's modal dialog: Mantine's Modal with a messages area under its header. While it is open,
 * `notify` shows results there instead of as toasts, which sat behind the dialog or over its
 * buttons (issue 24 point 14); the header and the messages stay in view while the body scrolls.
 * Messages still shown when it closes (it often closes on the success it reports) become toasts.
 */
export function Dialog(props: ModalProps) {
  // The theme's Modal defaults (the close button's name) apply here as they do to a Modal.
  const { title, withCloseButton, closeButtonProps, withOverlay, overlayProps, radius, children, opened, ...rootProps } = useProps('Modal', MODAL_DEFAULTS, props);
  const dialogId = useOpenDialogMessages(opened);
  return (
    <Modal.Root opened={opened} radius={radius} {...rootProps}>
      {withOverlay && <Modal.Overlay {...overlayProps} />}
      <Modal.Content radius={radius}>
        <div style={{ position: 'sticky', top: 0, zIndex: 1000, background: 'var(--mantine-color-body)' }}>
          {(title || withCloseButton) && (
            <Modal.Header>
              {title && <Modal.Title>{title}</Modal.Title>}
              {withCloseButton && <Modal.CloseButton {...closeButtonProps} />}
            </Modal.Header>
          )}
          <DialogMessages dialogId={dialogId} />
        </div>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** Registers the dialog's messages while it is open; its key, or null while closed. */
function useOpenDialogMessages(opened: boolean): number | null {
  const [dialogId, setDialogId] = useState<number | null>(null);
  useEffect(() => {
    if (!opened) return;
    const id = openDialogMessages();
    setDialogId(id);
    return () => {
      for (const message of closeDialogMessages(id)) showToast(message);
      setDialogId(null);
    };
  }, [opened]);
  return dialogId;
}

function DialogMessages({ dialogId }: { dialogId: number | null }) {
  const messages = useSyncExternalStore(subscribeToDialogMessages, () => dialogMessages(dialogId));
  if (messages.length === 0) return null;
  return (
    <Stack gap="xs" px="md" pb="sm" aria-label="Messages" role="region">
      {messages.map(({ id, ...message }) => {
        const close = () => dialogId !== null && dismissDialogMessage(dialogId, id);
        return (
          <Notification key={id} {...messageLook(message.kind)} withBorder onClose={close}>
            <MessageText {...message} close={close} />
          </Notification>
        );
      })}
    </Stack>
  );
}
