import type { Settings } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { DEFAULT_CURRENCY } from '../../../lib/format';

export const getSettings = (signal?: AbortSignal) => apiClient.get<Settings>('/settings', { signal });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => getSettings(signal), staleTime: 5 * 60_000 });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** The currency every price is shown in (issue 24): the settings', or the dollar until they load. */
export function useCurrency(): string {
  return useSettings().data?.currency ?? DEFAULT_CURRENCY;
}
