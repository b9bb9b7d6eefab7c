import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { setupTestApp, TEST_PASSWORD } from '../../test/test-app.js';
import { SIGN_IN_LIMITS } from './auth.service.js';

const t = setupTestApp();
/** A second app server on the same database, as behind a load balancer. */
let second: FastifyInstance;
beforeAll(async () => {
  second = (await buildApp(t.config, { logger: false })).app;
  for (const name of ['target', 'spread', 'twin', 'sweeper']) await t.register(name);
});
afterAll(async () => second.close());

const signIn = (app: FastifyInstance, username: string, password: string, address: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { username, password } });
const statuses = (answers: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
};

describe('sign-in throttling', () => {
  it('checks only 10 of 60 wrong passwords sent at once from one address, split across two app servers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(i % 2 ? second : t.app, 'target', `bad-${i}`, '10.0.0.1')),
    );
    expect(statuses(answers)).toEqual({ 401: 10, 429: 50 });
    // The right password from the same address is refused too; the real user from another address gets in.
    expect((await signIn(t.app, 'target', TEST_PASSWORD, '10.0.0.1')).statusCode).toBe(429);
    expect((await signIn(second, 'target', TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts the username and the email of one account as one', async () => {
    for (let i = 0; i < 10; i++) {
      const login = i % 2 ? 'twin' : 'TWIN@example.test';
      expect((await signIn(t.app, login, `bad-${i}`, '10.0.1.1')).statusCode).toBe(401);
    }
    expect((await signIn(t.app, 'twin@example.test', TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(429);
    expect((await signIn(t.app, 'twin', TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(429);
  });

  it('caps one address across accounts, so it cannot sweep usernames', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn(i % 2 ? second : t.app, `nobody-${i}`, 'guess', '10.0.2.1')),
    );
    expect(statuses(answers)).toEqual({ 401: SIGN_IN_LIMITS.address, 429: 200 - SIGN_IN_LIMITS.address });
    expect((await signIn(t.app, 'sweeper', TEST_PASSWORD, '10.0.2.1')).statusCode).toBe(429);
    expect((await signIn(t.app, 'sweeper', TEST_PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });

  it('caps one account across addresses, so ten addresses cannot make a hundred guesses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(i % 2 ? second : t.app, 'spread', `bad-${i}`, `10.0.3.${i % 10}`)),
    );
    expect(statuses(answers)).toEqual({ 401: SIGN_IN_LIMITS.account, 429: 100 - SIGN_IN_LIMITS.account });
  });

  it("starts the account's count again on a successful sign-in, so a user who mistypes now and then is not locked out", async () => {
    await t.register('typist');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await signIn(t.app, 'typist', 'oops', '10.0.4.1')).statusCode).toBe(401);
      expect((await signIn(t.app, 'typist', TEST_PASSWORD, '10.0.4.1')).statusCode).toBe(200);
    }
  });
});
