import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/start-worker.js';
import { lockWaiters } from './sqlite-busy-wait.js';
import type { StatementDone, StatementsWorkerData } from './sqlite-statements-worker.js';

/** Executes the statements in order on a worker thread's own connection to the SQLite file, each after any statement of this process waiting for the write lock. */
export function runSqliteInWorker(file: string, statements: string[], onStatement?: (done: number, total: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const workerData: StatementsWorkerData = { file, statements, lockWaiters };
    const worker = startWorker(new URL('./sqlite-statements-worker.ts', import.meta.url), { workerData });
    worker.on('message', (m: StatementDone) => onStatement?.(m.done, statements.length));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`SQLite worker exited with code ${code}`))));
  });
}

/** Each operation of a worker: [what is sent with it, what the worker answers]. */
export type WorkerOperations = Record<string, [object, object]>;
/** A request as the worker receives it: the operation's fields, its name and the request's id. */
export type WorkerRequest<Ops extends WorkerOperations> = { [K in keyof Ops]: Ops[K][0] & { op: K; id: number } }[keyof Ops];
/** An answer as the worker posts it: the operation's answer, or the error that stopped it. */
export type WorkerAnswer<Ops extends WorkerOperations> = { id: number } & ({ [K in keyof Ops]: Ops[K][1] }[keyof Ops] | { error: string });

export interface WorkerRpc<Ops extends WorkerOperations> {
  /** Sends the operation and resolves with the worker's answer; requests are answered in the order sent. */
  call<K extends keyof Ops & string>(op: K, fields: Ops[K][0]): Promise<Ops[K][1]>;
  terminate(): Promise<void>;
}

/** Requests and answers over a worker thread that answers them in order (see WorkerRequest and WorkerAnswer). */
export function workerRpc<Ops extends WorkerOperations>(worker: Worker): WorkerRpc<Ops> {
  const waiting = new Map<number, { resolve: (value: object) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let failure: Error | undefined;
  const failAll = (err: Error) => {
    failure = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (m: { id: number; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error !== undefined) w?.reject(new Error(m.error));
    else w?.resolve(m);
  });
  worker.once('error', failAll);
  worker.once('exit', (code) => failAll(new Error(`SQLite worker exited with code ${code}`)));
  return {
    call(op, fields) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve: resolve as (value: object) => void, reject });
        worker.postMessage({ ...fields, op, id });
      });
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
