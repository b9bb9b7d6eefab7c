import type { ImportProfile } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every profile query sits under this key, so a save or delete refreshes the wizard's and the screen's lists. */
export const importProfilesQueryKey = ['import-profiles'] as const;

export const getImportProfiles = async (vendorId: number | null, signal?: AbortSignal) =>
  (await apiClient.get<{ profiles: ImportProfile[] }>('/import-profiles', { params: { vendorId }, signal })).profiles;

export const importProfilesQueryOptions = (vendorId: number | null) =>
  queryOptions({ queryKey: [...importProfilesQueryKey, { vendorId }], queryFn: ({ signal }) => getImportProfiles(vendorId, signal) });

/** A vendor's profiles (all vendors' with null). */
export function useImportProfiles(vendorId: number | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...importProfilesQueryOptions(vendorId), enabled });
}
