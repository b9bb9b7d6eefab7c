import { setImmediate as nextTurn } from 'node:timers/promises';
import { undoStepMessage, type ChangeSource, type UndoStatusEvent, type UndoStep } from '@bosun/shared';
import type { ProductRange } from './undo.repository.js';

/** Receives the undo's progress (and that it waits for an import); the JSON answer passes none. */
export type UndoProgressListener = (event: UndoStatusEvent) => void;

/** Entries per statement of a step: big enough to keep a step set-based, small enough that progress moves. */
export const UNDO_CHUNK_ENTRIES = 5_000;


/**
 * Runs the undo's steps chunk by chunk, counting the products done across steps and telling the
 * listener after each chunk (and as a step starts). Every chunk runs in the caller's transaction.
 */
export function undoSteps(source: ChangeSource, total: number, listener: UndoProgressListener | undefined) {
  let current = 0;
  const report = (step: UndoStep) => listener?.({ type: 'progress', step, message: undoStepMessage(step, source), current: Math.min(current, total), total });
  return {
    /** Runs `work` on each range in order; answers the products it wrote. */
    async run(step: UndoStep, ranges: ProductRange[], work: (range: ProductRange) => Promise<number>): Promise<number> {
      if (ranges.length === 0) return 0;
      report(step);
      let written = 0;
      for (const range of ranges) {
        const n = await work(range);
        written += n;
        current += n;
        report(step);
        await nextTurn();
      }
      return written;
    },
  };
}
