import type { UndoResult } from '@bosun/shared';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { undoPreviewQueryOptions } from '../api/get-undo-preview';
import { useUndoChange, type UndoChangeInput } from '../api/undo-change';
import { useUndoChangeWithProgress } from '../api/undo-change-with-progress';
import { UndoChangeDialog, type UndoRun } from '../components/undo-change-dialog';
import { formatCount } from '../../../lib/format';

const UNDO_FAILED = 'Error undoing the change';

/** What the undo did, in one line: the server's count and what it left alone. */
export function undoResultMessage(result: UndoResult): string {
  return result.skipped > 0 ? `${result.message}; ${formatCount(result.skipped)} changed since, left as they are` : result.message;
}

/**
 * The undo of a recorded change, from a page (dry run in a dialog first) or from a toast (straight
 * away, the dialog only when products changed since). The dialog shows the undo's progress and
 * then its result; either way the result offers to undo the undo.
 */
export function useUndoActions() {
  const queryClient = useQueryClient();
  const undo = useUndoChange();

  const run = async (input: UndoChangeInput) => {
    try {
      const result = await undo.mutateAsync(input);
      notify.success(undoResultMessage(result), { label: 'Undo', onClick: () => void undoNow(result.changeId) });
    } catch (error) {
      notify.error(errorMessage(error, UNDO_FAILED));
    }
  };

  const openUndoDialog = (changeId: number, title = 'Undo this change') => {
    const id = `undo-${changeId}`;
    const close = () => modals.close(id);
    const undoAgain = (undoId: number) => {
      close();
      void undoNow(undoId);
    };
    modals.open({ modalId: id, title, size: 'lg', children: <UndoDialogHost changeId={changeId} onClose={close} onUndoAgain={undoAgain} /> });
  };

  async function undoNow(changeId: number) {
    try {
      const preview = await queryClient.fetchQuery(undoPreviewQueryOptions(changeId));
      if (preview.conflictCount > 0) openUndoDialog(changeId);
      else await run({ changeId, conflicts: 'skip' });
    } catch (error) {
      notify.error(errorMessage(error, UNDO_FAILED));
    }
  }

  return { openUndoDialog, undoNow, undoing: undo.isPending };
}

/**
 * The dialog inside a Mantine modal, running the undo with its progress (a large import takes a
 * while): the result, or the error, stays in the dialog until it is closed.
 */
function UndoDialogHost({ changeId, onClose, onUndoAgain }: { changeId: number; onClose: () => void; onUndoAgain: (undoId: number) => void }) {
  const undo = useUndoChangeWithProgress();
  const [run, setRun] = useState<UndoRun>({ state: 'idle' });
  const [undoId, setUndoId] = useState<number | null>(null);
  const confirm = async (conflicts: UndoChangeInput['conflicts']) => {
    setRun({ state: 'running', progress: null });
    try {
      const result = await undo.mutateAsync({ changeId, conflicts, onProgress: (progress) => setRun({ state: 'running', progress }) });
      setUndoId(result.changeId);
      setRun({ state: 'done', message: undoResultMessage(result) });
    } catch (error) {
      setRun({ state: 'failed', message: errorMessage(error, UNDO_FAILED) });
    }
  };
  return <UndoChangeDialog changeId={changeId} run={run} onCancel={onClose} onConfirm={(conflicts) => void confirm(conflicts)} onUndoAgain={undoId === null ? undefined : () => onUndoAgain(undoId)} />;
}
