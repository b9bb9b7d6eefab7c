import { Text } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes are not lost to a misclick: leaving the screen inside the app asks first, and so
 * do closing the tab and reloading (the browser's own question: it shows no text of ours).
 */
export function useUnsavedChangesGuard(dirty: boolean, what: string) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the question any other way (Escape, the cross) means stay.
    let answered = false;
    openConfirm({
      title: 'Leave without saving?',
      children: <Text size="sm">{`${what} not saved. Leave this page and lose them?`}</Text>,
      labels: { confirm: 'Leave without saving', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        answered = true;
        blocker.proceed();
      },
      onCancel: () => {
        answered = true;
        blocker.reset();
      },
      onClose: () => {
        if (!answered) blocker.reset();
      },
    });
  }, [blocker, what]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
