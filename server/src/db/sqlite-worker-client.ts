import { Worker } from 'node:worker_threads';

/** Executes the statements in order on a worker thread's own connection to the SQLite file. */
export function runSqliteInWorker(file: string, statements: string[], onStatement?: (done: number, total: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sqlite-worker.mjs', import.meta.url), { workerData: { file, statements } });
    worker.on('message', (m: { done: number }) => onStatement?.(m.done, statements.length));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`SQLite worker exited with code ${code}`))));
  });
}
