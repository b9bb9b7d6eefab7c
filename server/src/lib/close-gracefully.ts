import type { FastifyInstance } from 'fastify';

/** How often connections that went idle since shutdown began are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops the app within `deadlineMs`: no new connections; a keep-alive connection is closed as soon
 * as its request is answered (Node closes only the connections idle at the moment close is called,
 * so one busy then would stay open for its whole keep-alive timeout); requests still running at
 * the deadline (a slow download, an import) have their connections closed. Answers 'drained' when
 * every request finished in time, 'deadline' otherwise.
 */
export async function closeGracefully(app: FastifyInstance, deadlineMs: number): Promise<'drained' | 'deadline'> {
  const server = app.server;
  let outcome: 'drained' | 'deadline' = 'drained';
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    outcome = 'deadline';
    app.log.warn({ deadlineMs }, 'closing: the shutdown deadline passed, closing the connections still open');
    server.closeAllConnections();
  }, deadlineMs);
  try {
    // Closes the listener and waits for the open connections, then runs onClose (the database).
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return outcome;
}
