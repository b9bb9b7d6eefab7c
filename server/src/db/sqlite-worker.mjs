// Runs long SQL statements (index builds) on its own SQLite connection in a worker thread, so the
// main thread's event loop is never blocked by them. Plain JavaScript: workers load it directly.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 30000');
// Index builds read the table once each; a small cache builds them as fast and keeps 100+ MB off the process.
db.pragma('cache_size = -8000');
try {
  workerData.statements.forEach((statement, index) => {
    db.exec(statement);
    parentPort.postMessage({ done: index + 1 });
  });
} finally {
  db.close();
}
