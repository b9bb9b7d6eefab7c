import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/test-app.js';

const t = setupTestApp();
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});

/** Sends a request line exactly as written (an absolute URL, a percent-encoded path) over a socket. */
function rawRequest(method: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const body = method === 'GET' || method === 'DELETE' ? '' : '{}';
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    if (body) lines.push('Content-Type: application/json', `Content-Length: ${body.length}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body: rest.join('\r\n\r\n') });
    });
  });
}

const PUBLIC_ROUTES = new Set(['POST /api/auth/login', 'POST /api/auth/register', 'GET /api/health']);

/** Every route of the OpenAPI document (each API route declares its schema), path parameters filled in. */
function apiRoutes() {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
  );
}

describe('authentication is decided by the matched route, not the URL text', () => {
  it('finds every API route in the OpenAPI document', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(35);
    expect(routes).toContainEqual({ method: 'GET', path: '/api/dashboard/stats' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/settings' });
  });

  it('answers 401 without a token on every route, however the path is spelled', async () => {
    const answers: string[] = [];
    for (const { method, path } of apiRoutes()) {
      if (PUBLIC_ROUTES.has(`${method} ${path}`)) continue;
      const spellings = [path, path.replace('/api/', '/%61pi/'), `http://127.0.0.1:${port}${path}`, `http://evil.example${path.replace('/api/', '/%61pi/')}`];
      for (const target of spellings) {
        const res = await rawRequest(method, target);
        if (res.status !== 401) answers.push(`${method} ${target}: ${res.status} ${res.body.slice(0, 200)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('answers the same with a token whichever way the path is spelled', async () => {
    for (const target of ['/api/settings', '/%61pi/settings', `http://127.0.0.1:${port}/api/settings`]) {
      const res = await rawRequest('GET', target, { authorization: `Bearer ${t.admin}` });
      expect(res.status, `${target} ${res.head}`).toBe(200);
      expect(JSON.parse(res.body)).toHaveProperty('company_name');
    }
  });

  it('keeps the public routes public in every spelling', async () => {
    for (const target of ['/api/health', '/%61pi/health', `http://127.0.0.1:${port}/api/health`]) {
      expect((await rawRequest('GET', target)).status, target).toBe(200);
    }
  });

  it('marks API answers no-store, so no cache keeps shop data or a session', async () => {
    const signedIn = await t.request('GET', '/api/settings', t.admin);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refused = await t.request('GET', '/api/settings');
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
