import type { QualitySettings, UpdateQualitySettingsBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { qualitySettingsQueryOptions } from './get-quality-settings';

export const updateQualitySettings = (body: UpdateQualitySettingsBody) => apiClient.put<QualitySettings>('/quality/settings', body);

/** Saving changes the queues and every product's completeness: those are read again. */
export function useUpdateQualitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQualitySettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(qualitySettingsQueryOptions().queryKey, settings);
      return queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
