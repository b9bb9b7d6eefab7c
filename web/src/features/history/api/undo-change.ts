import type { UndoBody, UndoResult } from '@bosun/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface UndoChangeInput {
  changeId: number;
  conflicts: UndoBody['conflicts'];
}

export const undoChange = ({ changeId, conflicts }: UndoChangeInput) =>
  apiClient.post<UndoResult>(`/changes/${changeId}/undo`, { conflicts } satisfies UndoBody);

/** Products, their histories, the change list and the imports' undone marks all move. */
export const invalidateAfterUndo = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: ['products'] }), queryClient.invalidateQueries({ queryKey: ['imports'] })]);

export function useUndoChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoChange, onSuccess: () => invalidateAfterUndo(queryClient) });
}
