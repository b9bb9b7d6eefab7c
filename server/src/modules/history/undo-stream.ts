import type { UndoEvent, UndoResult } from '@bosun/shared';
import type { FastifyBaseLogger } from 'fastify';
import { errorAnswer } from '../../plugins/error-handler.js';
import type { UndoProgressListener } from './undo-progress.js';

interface EventStream {
  send(event: UndoEvent): void;
  end(): void;
}

/**
 * Runs an undo over an open event stream: its progress events, then 'complete' with the JSON
 * answer's result, or 'error' with the status, code and message the JSON answer would have had
 * (the undo's transaction rolled back: nothing was written).
 */
export async function streamUndo(stream: EventStream, log: FastifyBaseLogger, run: (listener: UndoProgressListener) => Promise<UndoResult>) {
  try {
    const result = await run((event) => stream.send(event));
    stream.send({ type: 'complete', ...result });
  } catch (err) {
    const { status, body } = errorAnswer(err as Error);
    if (status >= 500) log.error({ err }, 'undo failed');
    stream.send({ type: 'error', status, ...body });
  }
  stream.end();
}
