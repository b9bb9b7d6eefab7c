import type { ChangeListResponse, ChangeSource } from '@bosun/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface ChangeListParams {
  page: number;
  limit: number;
  source?: ChangeSource;
}

export const getChanges = (params: ChangeListParams, signal?: AbortSignal) =>
  apiClient.get<ChangeListResponse>('/changes', { params: { ...params }, signal });

// Under 'products': an undo or any product write changes the counts and the undone marks.
export const changesQueryOptions = (params: ChangeListParams) =>
  queryOptions({ queryKey: ['products', 'changes', params], queryFn: ({ signal }) => getChanges(params, signal), placeholderData: keepPreviousData });

/** The recorded operations, newest first: the undoable ones unless `source` narrows. */
export function useChanges(params: ChangeListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...changesQueryOptions(params), enabled });
}
