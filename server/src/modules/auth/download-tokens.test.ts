import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
  t = await createTestApp({}, { logger: { level: 'info', stream } });
});
afterAll(async () => t.close());

const signIn = async (username: string, role: 'admin' | 'shop_manager' = 'admin') => (await t.register(username, role)).token;
const downloadToken = async (session: string) => (await t.request('POST', '/api/auth/download-token', session)).json().token as string;

describe('download tokens', () => {
  it('stop working when their session signs out', async () => {
    const session = await signIn('purser');
    const token = await downloadToken(session);
    expect((await t.request('POST', '/api/auth/logout', session)).statusCode).toBe(204);
    const res = await t.request('GET', `/api/products/export?mode=direct&download_token=${token}`);
    expect(res.statusCode).toBe(401);
  });

  it('never appear in the log', async () => {
    const session = await signIn('bosun', 'shop_manager');
    const token = await downloadToken(session);
    const res = await t.request('GET', `/api/products/export?mode=direct&download_token=${token}`);
    expect(res.statusCode).toBe(200);
    const logged = logLines.join('');
    expect(logged).toContain('download_token=[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(session);
  });
});
