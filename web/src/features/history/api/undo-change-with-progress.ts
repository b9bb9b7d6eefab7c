import { undoEventSchema, undoResultSchema, type UndoBody, type UndoResult, type UndoStatusEvent } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { eventStreamData } from '../../../lib/event-stream';
import { invalidateAfterUndo, type UndoChangeInput } from './undo-change';

/** The stream broke off without a result: the undo may have gone through or not, only a reload tells. */
const streamEnded = () =>
  new ApiError({ status: 502, statusText: 'Bad Gateway', message: 'The undo stopped answering before it finished: reload the page to see whether it went through' });

/**
 * POST /changes/:id/undo asking for its progress as server-sent events: onProgress hears that it
 * waits for an import, then each step and count; resolves with the result, or rejects with the ApiError the JSON answer would
 * have been (a refusal before the stream keeps its status; one under the lock arrives as an event).
 */
export async function undoChangeWithProgress({ changeId, conflicts }: UndoChangeInput, onProgress: (event: UndoStatusEvent) => void): Promise<UndoResult> {
  const response = await apiFetch(`/changes/${changeId}/undo`, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify({ conflicts } satisfies UndoBody),
  });
  // A server or proxy that answers in one piece: the JSON answer itself.
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return undoResultSchema.parse(await response.json());
  if (!response.body) throw streamEnded();
  for await (const data of eventStreamData(response.body)) {
    const event = undoEventSchema.parse(data);
    if (event.type === 'progress' || event.type === 'waiting') onProgress(event);
    else if (event.type === 'error') throw new ApiError({ status: event.status, statusText: '', message: event.message, code: event.code, details: event.details, body: event });
    else {
      const { type: _complete, ...result } = event;
      return result;
    }
  }
  throw streamEnded();
}

export interface UndoWithProgressInput extends UndoChangeInput {
  onProgress: (event: UndoStatusEvent) => void;
}

/** The undo of the dialog, which shows how far a large one has got. */
export function useUndoChangeWithProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, ...input }: UndoWithProgressInput) => undoChangeWithProgress(input, onProgress),
    onSuccess: () => invalidateAfterUndo(queryClient),
  });
}
