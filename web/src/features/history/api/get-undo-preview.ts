import type { UndoPreview } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getUndoPreview = (changeId: number, signal?: AbortSignal) => apiClient.get<UndoPreview>(`/changes/${changeId}/undo`, { signal });

// Always asked afresh: the conflicts are about what happened since, up to this moment.
export const undoPreviewQueryOptions = (changeId: number) =>
  queryOptions({ queryKey: ['products', 'undo-preview', changeId], queryFn: ({ signal }) => getUndoPreview(changeId, signal), staleTime: 0, gcTime: 0 });

/** The dry run of an undo: what it would delete, put back and bring back, and the conflicts. */
export function useUndoPreview(changeId: number | null) {
  return useQuery({ ...undoPreviewQueryOptions(changeId ?? 0), enabled: changeId !== null });
}
