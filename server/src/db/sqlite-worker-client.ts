import { Worker } from 'node:worker_threads';
import { lockWaiters } from './sqlite-busy-wait.js';

const workerUrl = () => new URL('./sqlite-worker.mjs', import.meta.url);

/** Executes the statements in order on a worker thread's own connection to the SQLite file, each after any statement of this process waiting for the write lock. */
export function runSqliteInWorker(file: string, statements: string[], onStatement?: (done: number, total: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), { workerData: { file, statements, lockWaiters } });
    worker.on('message', (m: { done: number }) => onStatement?.(m.done, statements.length));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`SQLite worker exited with code ${code}`))));
  });
}

export interface SqliteWorkerRpc {
  /** Sends { op, ...fields } and resolves with the worker's answer; requests are answered in the order sent. */
  call<T>(op: string, fields?: Record<string, unknown>): Promise<T>;
  terminate(): Promise<void>;
}

/**
 * A worker thread of the given kind (see sqlite-worker.mjs) that answers requests on its own
 * connection, and lets this process's statements waiting for the write lock in between.
 */
export function startSqliteWorker(workerData: Record<string, unknown>): SqliteWorkerRpc {
  const worker = new Worker(workerUrl(), { workerData: { ...workerData, lockWaiters } });
  const waiting = new Map<number, { resolve: (value: never) => void; reject: (err: Error) => void }>();
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
    else w?.resolve(m as never);
  });
  worker.once('error', failAll);
  worker.once('exit', (code) => failAll(new Error(`SQLite worker exited with code ${code}`)));
  return {
    call<T>(op: string, fields: Record<string, unknown> = {}) {
      if (failure) return Promise.reject(failure);
      return new Promise<T>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve: resolve as (value: never) => void, reject });
        worker.postMessage({ ...fields, op, id });
      });
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
