import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionStorageStore } from '../../../lib/session-storage';

export const logout = () => apiClient.post<void>('/auth/logout');

/** Tells the server, then forgets the session whatever it answered: signing out must always work. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        console.error('Logout request failed', error);
      }
    },
    onSettled: () => sessionStorageStore.clear(),
  });
}
