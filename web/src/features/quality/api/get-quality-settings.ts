import type { QualitySettings } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getQualitySettings = (signal?: AbortSignal) => apiClient.get<QualitySettings>('/quality/settings', { signal });

export const qualitySettingsQueryOptions = () =>
  queryOptions({ queryKey: ['quality', 'settings'], queryFn: ({ signal }) => getQualitySettings(signal) });

export function useQualitySettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...qualitySettingsQueryOptions(), enabled });
}
