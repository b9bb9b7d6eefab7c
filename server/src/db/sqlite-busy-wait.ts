import { setTimeout as sleep } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { AppError } from '../errors.js';

/**
 * better-sqlite3 is synchronous: with a busy_timeout, a write that meets another connection's
 * write lock (the import's writer thread, a sort-index rebuild) waits inside SQLite's busy handler
 * and blocks the event loop, every request with it, for as long as that lock is held. So the
 * server's connection runs with busy_timeout 0, and this dialect's driver (Kysely's SqliteDriver,
 * rewritten for it) turns SQLITE_BUSY into an asynchronous wait and retry.
 *
 * SQLite's rule for SQLITE_BUSY: a statement outside an explicit transaction, or a COMMIT, may be
 * retried; any other statement inside a transaction may not (the transaction must be rolled back).
 * So a read-write transaction begins with BEGIN IMMEDIATE, which takes the write lock at the start
 * (retried like any statement outside a transaction), and nothing inside it can meet SQLITE_BUSY
 * midway, nor WAL's SQLITE_BUSY_SNAPSHOT (a deferred transaction that read an older snapshot
 * cannot take the write lock at all, retried or not). A transaction marked
 * setAccessMode('read only') stays deferred: it never needs the write lock, so it never waits for one.
 *
 * The one connection is handed out under a mutex, as Kysely's driver does. A statement waiting
 * for the lock outside a transaction leaves the connection idle (autocommit, nothing pending), so
 * it gives the mutex up while it sleeps: other requests' reads (in WAL a reader never waits for
 * the writer), and their own tries at writing, go on meanwhile instead of queueing behind it.
 */

export interface BusyWaitOptions {
  /** How long a statement may wait for the lock in all before it gives up with a 503. */
  waitMs: number;
  /** Called when a statement first finds the database busy (a log line; tests know it waits). */
  onBusy?: (sql: string) => void;
}

export const DEFAULT_BUSY_WAIT_MS = 5_000;
const FIRST_RETRY_MS = 2;
/** The longest pause between two tries; a try costs microseconds. */
const LONGEST_RETRY_MS = 20;

/**
 * How many statements of this process wait for the write lock right now. The import's writer and
 * the sort-index rebuild (sqlite-writer-worker.ts, sqlite-statements-worker.ts) look at it before they take the lock again and let a
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

/** Kysely's ConnectionMutex. */
class Mutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock() {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  unlock() {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

class BusyWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly mutex: Mutex,
    private readonly options: BusyWaitOptions,
  ) {}

  /** Kysely's SqliteConnection.executeQuery: one synchronous statement. */
  #run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.sqlite.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let deadline: number | undefined;
    let pause = FIRST_RETRY_MS;
    try {
      for (;;) {
        try {
          return this.#run<R>(query);
        } catch (err) {
          if (!isBusy(err)) throw err;
          const inTransaction = this.sqlite.inTransaction;
          // Inside a transaction only a COMMIT may be tried again (see above).
          if (inTransaction && !isCommit(query)) throw databaseBusy(err);
          if (deadline === undefined) {
            deadline = Date.now() + this.options.waitMs;
            Atomics.add(lockWaiters, 0, 1);
            this.options.onBusy?.(query.sql);
          }
          if (Date.now() + pause > deadline) throw databaseBusy(err);
          if (inTransaction) await sleep(pause);
          else await this.#idle(pause);
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

  /** Lends the connection to the other requests for ms, then takes it back. */
  async #idle(ms: number) {
    this.mutex.unlock();
    try {
      await sleep(ms);
    } finally {
      await this.mutex.lock();
    }
  }

  async *streamQuery<R>({ sql, parameters, query }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Only SELECTs stream; in WAL a reader does not wait for the writer.
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.sqlite.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }
}

class BusyWaitingDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: BusyWaitingConnection;

  constructor(
    private readonly sqlite: SQLite.Database,
    options: BusyWaitOptions,
  ) {
    this.#connection = new BusyWaitingConnection(sqlite, this.#mutex, options);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await connection.executeQuery(CompiledQuery.raw(settings.accessMode === 'read only' ? 'begin' : 'begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  async releaseConnection() {
    this.#mutex.unlock();
  }

  async destroy() {
    this.sqlite.close();
  }
}

/** A savepoint's name as Kysely's SQLite compiler quotes an identifier. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

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
    return new BusyWaitingDriver(this.sqlite, this.options);
  }
}
