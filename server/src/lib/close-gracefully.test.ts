import http from 'node:http';
import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { closeGracefully } from './close-gracefully.js';

/** A test app listening on a port, with a route that answers when told to (a long export, say). */
async function listeningApp() {
  const t = await createTestApp();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  t.app.get('/slow', { config: { public: true } }, async () => {
    await released;
    return { done: true };
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as net.AddressInfo).port;
  return { t, port, release };
}

const get = (port: number, path: string, agent: http.Agent) =>
  new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      })
      .on('error', reject);
  });

describe('closeGracefully', () => {
  it('lets a running request finish and does not wait for its keep-alive connection afterwards', async () => {
    const { t, port, release } = await listeningApp();
    const agent = new http.Agent({ keepAlive: true });
    const running = get(port, '/slow', agent);
    await new Promise((r) => setTimeout(r, 100));
    const closing = closeGracefully(t.app, 20_000);
    setTimeout(release, 200);
    expect((await running).status).toBe(200);
    // Without the sweep the idle keep-alive socket would hold the server open for its 72 s timeout.
    expect(await closing).toBe('drained');
    agent.destroy();
    await t.close();
  });

  it('closes the connections still busy at the deadline, so the client sees the failure', async () => {
    const { t, port } = await listeningApp();
    const agent = new http.Agent({ keepAlive: true });
    const stuck = get(port, '/slow', agent).then(
      () => 'answered',
      (err: NodeJS.ErrnoException) => err.code,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(await closeGracefully(t.app, 300)).toBe('deadline');
    expect(await stuck).toBe('ECONNRESET');
    agent.destroy();
    await t.close();
  });
});
