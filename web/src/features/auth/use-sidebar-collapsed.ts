import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '../../components/ui/notify';
import { errorMessage } from '../../lib/api-errors';
import { updatePreferences } from './api/update-preferences';
import { useCurrentUser, useUpdateSessionUser } from './session-context';

/**
 * The sidebar's collapsed state, remembered for the account. The toggle takes effect at once;
 * the server's answer is not applied back, so quick double toggles cannot flip it twice.
 */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const user = useCurrentUser();
  const updateSessionUser = useUpdateSessionUser();
  const save = useMutation({ mutationFn: updatePreferences });
  const collapsed = user.preferences?.sidebarCollapsed ?? false;

  const toggle = useCallback(() => {
    const next = !collapsed;
    updateSessionUser({ ...user, preferences: { ...user.preferences, sidebarCollapsed: next } });
    save.mutate(
      { sidebarCollapsed: next },
      { onError: (error) => notify.error(errorMessage(error, 'Error saving preferences')) },
    );
  }, [collapsed, user, updateSessionUser, save]);

  return [collapsed, toggle];
}
