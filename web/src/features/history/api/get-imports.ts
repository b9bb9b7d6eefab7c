import type { ImportRunListResponse } from '@bosun/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface ImportListParams {
  page: number;
  limit: number;
  /** Only the runs of this import profile (/imports?profileId=N). */
  profileId?: number;
}

export const getImports = (params: ImportListParams, signal?: AbortSignal) =>
  apiClient.get<ImportRunListResponse>('/imports', { params: { ...params }, signal });

/** While an import on the page is running, the page follows it to its end. */
const RUNNING_REFRESH_MS = 3000;

export const importsQueryOptions = (params: ImportListParams) =>
  queryOptions({
    queryKey: ['imports', params],
    queryFn: ({ signal }) => getImports(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.imports.some((run) => run.status === 'running') ? RUNNING_REFRESH_MS : false),
  });

/** Every import run, or one profile's: the running ones first, then by when they ended, newest first (the server's order). */
export function useImports(params: ImportListParams) {
  return useQuery(importsQueryOptions(params));
}
