import { setTimeout as sleep } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { AppError } from '../errors.js';

/**
 * better-sqlite3 is synchronous: with a busy_timeout, a write that meets another connection's
 * write lock (the import's writer thread, a sort-index rebuild) waits inside SQLite's busy handler
 * and blocks the event loop, every request with it, for as long as that lock is held. So the
 * server's connection runs with busy_timeout 0, and this dialect turns SQLITE_BUSY into an
 * asynchronous wait and retry: the event loop stays free, and the queries of other requests queue
 * behind Kysely's connection mutex meanwhile.
 *
 * SQLite's rule for SQLITE_BUSY: a statement outside an explicit transaction, or a COMMIT, may be
 * retried; any other statement inside a transaction may not (the transaction must be rolled back).
 * So a read-write transaction begins with BEGIN IMMEDIATE, which takes the write lock at the start
 * (retried here like any statement outside a transaction), and nothing inside it can meet
 * SQLITE_BUSY midway, nor WAL's SQLITE_BUSY_SNAPSHOT (a deferred transaction that read an older
 * snapshot cannot take the write lock at all, retried or not). A transaction marked
 * setAccessMode('read only') stays deferred: it never needs the write lock, so it does not wait for one.
 */

export interface BusyWaitOptions {
  /** How long a statement may wait for the lock in all before it gives up with a 503. */
  waitMs: number;
  /** Called when a statement first finds the database busy (a log line; tests know it waits). */
  onBusy?: (sql: string) => void;
}

export const DEFAULT_BUSY_WAIT_MS = 5_000;
const FIRST_RETRY_MS = 2;
/**
 * The longest pause between two tries. A try costs microseconds; the import's writer takes the
 * lock again soon after each batch's commit, so a waiting statement looks often enough to get in.
 */
const LONGEST_RETRY_MS = 20;

/**
 * How many statements of this process wait for the write lock right now. The import's writer and
 * the sort-index rebuild (sqlite-worker.mjs) look at it before they take the lock again and let a
 * waiting statement in first: they take it again microseconds after each commit, and polling alone
 * would only get in while they pause. Shared by every database of the process: a worker may yield
 * for nothing (another database's wait), for a moment.
 */
export const lockWaiters = new Int32Array(new SharedArrayBuffer(4));

export const databaseBusy = (cause: unknown) => {
  const err = new AppError(503, 'DATABASE_BUSY', 'The database is busy, try again');
  err.cause = cause;
  return err;
};

/** SQLITE_BUSY and its extended codes (_SNAPSHOT, _RECOVERY, _TIMEOUT). */
const isBusy = (err: unknown) => typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code.startsWith('SQLITE_BUSY');

const isCommit = (query: CompiledQuery) => /^\s*(commit|end)\b/i.test(query.sql);

class BusyWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly sqlite: SQLite.Database,
    private readonly options: BusyWaitOptions,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let deadline: number | undefined;
    let pause = FIRST_RETRY_MS;
    try {
      for (;;) {
        try {
          return await this.inner.executeQuery<R>(query);
        } catch (err) {
          if (!isBusy(err)) throw err;
          // Inside a transaction only a COMMIT may be tried again (see above).
          if (this.sqlite.inTransaction && !isCommit(query)) throw databaseBusy(err);
          if (deadline === undefined) {
            deadline = Date.now() + this.options.waitMs;
            Atomics.add(lockWaiters, 0, 1);
            this.options.onBusy?.(query.sql);
          }
          if (Date.now() + pause > deadline) throw databaseBusy(err);
          await sleep(pause);
          pause = Math.min(pause * 2, LONGEST_RETRY_MS);
        }
      }
    } finally {
      if (deadline !== undefined) {
        Atomics.sub(lockWaiters, 0, 1);
        Atomics.notify(lockWaiters, 0);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    // Only SELECTs stream; in WAL a reader does not wait for the writer.
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class BusyWaitingDriver implements Driver {
  #connection: BusyWaitingConnection | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly sqlite: SQLite.Database,
    private readonly options: BusyWaitOptions,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // SQLite's driver has one connection, handed out under its mutex.
    const connection = await this.inner.acquireConnection();
    this.#connection ??= new BusyWaitingConnection(connection, this.sqlite, this.options);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await connection.executeQuery(CompiledQuery.raw(settings.accessMode === 'read only' ? 'begin' : 'begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** Kysely's SQLite dialect on this connection, waiting for the write lock without blocking (see above). */
export class BusyWaitingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly options: BusyWaitOptions,
  ) {
    super({ database: sqlite });
    // The lock is waited for here, asynchronously; SQLite itself must not wait on the event loop.
    sqlite.pragma('busy_timeout = 0');
  }

  override createDriver(): Driver {
    return new BusyWaitingDriver(super.createDriver(), this.sqlite, this.options);
  }
}
