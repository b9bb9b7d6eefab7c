/**
 * The longest a worker lets the server's waiting statements take the write lock first (see
 * lockWaiters in sqlite-busy-wait.ts): they look for it every 20 ms at most.
 */
const YIELD_MS = 200;

/**
 * For worker threads that write to SQLite: before taking the write lock again, waits while a
 * statement of the server waits for it (lockWaiters counts them), up to YIELD_MS.
 */
export function yieldToWaiters(lockWaiters: Int32Array | undefined) {
  if (!lockWaiters) return;
  const until = Date.now() + YIELD_MS;
  for (let waiting; (waiting = Atomics.load(lockWaiters, 0)) > 0 && Date.now() < until; ) {
    Atomics.wait(lockWaiters, 0, waiting, until - Date.now());
  }
}
