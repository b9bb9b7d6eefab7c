import type { Settings } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getSettings = (signal?: AbortSignal) => apiClient.get<Settings>('/settings', { signal });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => getSettings(signal), staleTime: 5 * 60_000 });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
