/**
 * A worker thread that runs long SQLite statements (the list's sort-index builds) on its own
 * connection, so that the server's event loop never waits for them: each statement in order,
 * after any statement of the server waiting for the write lock, posting StatementDone after each.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { yieldToWaiters } from './yield-to-waiters.js';

export interface StatementsWorkerData {
  file: string;
  statements: string[];
  lockWaiters: Int32Array;
}
export interface StatementDone {
  done: number;
}

function runStatements({ file, statements, lockWaiters }: StatementsWorkerData) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 30000');
  // Index builds read the table once each; a small cache builds them as fast and keeps 100+ MB off the process.
  db.pragma('cache_size = -8000');
  try {
    statements.forEach((statement, index) => {
      yieldToWaiters(lockWaiters);
      db.exec(statement);
      parentPort!.postMessage({ done: index + 1 } satisfies StatementDone);
    });
  } finally {
    db.close();
  }
}

if (parentPort) runStatements(workerData as StatementsWorkerData);
