import type { Settings, UpdateSettingsBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { settingsQueryOptions } from './get-settings';

export const updateSettings = (body: UpdateSettingsBody) =>
  apiClient.put<{ success: true; settings: Settings }>('/settings', body);

/** Saving refreshes everything that shows the settings (the sidebar's logo and name too). */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(settingsQueryOptions().queryKey, settings);
      return queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey });
    },
  });
}
