import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import { freshDatabase, testConfig, TEST_PASSWORD } from '../../test/test-app.js';

let built: BuiltApp;
let drop: () => Promise<void>;
const logLines: string[] = [];
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const stream = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
  built = await buildApp(testConfig(fresh.target), { logger: { level: 'info', stream } });
});
afterAll(async () => {
  await built.app.close();
  await drop();
});

async function signIn(username: string, role = 'admin') {
  const res = await built.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email: `${username}@example.test`, password: TEST_PASSWORD, role } });
  return res.json().token as string;
}
const downloadToken = async (session: string) =>
  (await built.app.inject({ method: 'POST', url: '/api/auth/download-token', headers: { authorization: `Bearer ${session}` } })).json().token as string;

describe('download tokens', () => {
  it('stop working when their session signs out', async () => {
    const session = await signIn('purser');
    const token = await downloadToken(session);
    expect((await built.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(204);
    const res = await built.app.inject({ method: 'GET', url: `/api/products/export?mode=direct&download_token=${token}` });
    expect(res.statusCode).toBe(401);
  });

  it('never appear in the log', async () => {
    const session = await signIn('bosun', 'shop_manager');
    const token = await downloadToken(session);
    const res = await built.app.inject({ method: 'GET', url: `/api/products/export?mode=direct&download_token=${token}` });
    expect(res.statusCode).toBe(200);
    const logged = logLines.join('');
    expect(logged).toContain('download_token=[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(session);
  });
});
