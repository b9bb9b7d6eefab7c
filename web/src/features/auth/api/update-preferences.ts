import type { Preferences, User } from '@bosun/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useUpdateSessionUser } from '../session-context';

export const updatePreferences = (body: Preferences) => apiClient.put<{ user: User }>('/users/preferences', body);

/** Preferences are remembered per account: the server's copy becomes the session's. */
export function useUpdatePreferences() {
  const updateSessionUser = useUpdateSessionUser();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: ({ user }) => updateSessionUser(user),
  });
}
