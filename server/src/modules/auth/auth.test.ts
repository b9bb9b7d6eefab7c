import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@bosun/shared';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const registerBody = (username: string, role = 'shop_manager', password = TEST_PASSWORD) => ({
  username,
  email: `${username}@example.test`,
  password,
  role,
});

describe('POST /api/auth/register', () => {
  it('lets the first account be an admin and signs it in', async () => {
    const res = await t.request('POST', '/api/auth/register', undefined, registerBody('captain', 'admin'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    // The first admin bootstraps the shop: active at once, nobody else could approve it.
    expect(body.user).toMatchObject({ username: 'captain', role: 'admin', email: 'captain@example.test', status: 'active' });
    expect(body.user).not.toHaveProperty('password_hash');
    const verify = await t.request('GET', '/api/auth/verify', body.token);
    expect(verify.json().user.username).toBe('captain');
  });

  it('refuses a second admin by self-registration', async () => {
    const res = await t.request('POST', '/api/auth/register', undefined, registerBody('mutineer', 'admin'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.adminSignupClosed);
  });

  it('gives a new shop_manager no permissions: the account waits for an admin (issue 24)', async () => {
    const res = await t.request('POST', '/api/auth/register', undefined, registerBody('deckhand'));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ status: 'pending', permissions: { products: false, categories: false, vendors: false, settings: false } });
  });

  it('names every invalid field', async () => {
    const res = await t.request('POST', '/api/auth/register', undefined, { username: '', email: 'nope', password: '123', role: 'pirate' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.fields;
    expect(Object.keys(fields).sort()).toEqual(['email', 'password', 'role', 'username']);
    expect(fields.password).toBe('Password must be at least 6 characters long');
  });

  it('answers 409 for a username or email already taken, ignoring case, without saying which', async () => {
    const byName = await t.request('POST', '/api/auth/register', undefined, { ...registerBody('DECKHAND'), email: 'other@example.test' });
    expect(byName.statusCode).toBe(409);
    const byEmail = await t.request('POST', '/api/auth/register', undefined, { ...registerBody('newname'), email: 'Deckhand@Example.test' });
    expect(byEmail.statusCode).toBe(409);
    expect(byName.json()).toEqual({ message: AUTH_MESSAGES.registrationUnavailable, code: 'CONFLICT' });
    expect(byEmail.json()).toEqual(byName.json());
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by username or by email', async () => {
    for (const login of ['deckhand', 'DECKHAND@example.test']) {
      const res = await t.request('POST', '/api/auth/login', undefined, { username: login, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.username).toBe('deckhand');
    }
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await t.request('POST', '/api/auth/login', undefined, { username: 'deckhand', password: 'wrong-one' });
    const unknown = await t.request('POST', '/api/auth/login', undefined, { username: 'ghost', password: 'wrong-one' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('requires both fields', async () => {
    const res = await t.request('POST', '/api/auth/login', undefined, { username: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toHaveProperty('username');
    expect(res.json().details.fields).toHaveProperty('password');
  });

  it('locks a username out after 10 failures in 15 minutes, even with the right password', async () => {
    await t.register('target');
    for (let i = 0; i < 10; i++) {
      const res = await t.request('POST', '/api/auth/login', undefined, { username: 'target', password: `bad-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.request('POST', '/api/auth/login', undefined, { username: 'target', password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // Another account from the same address is not locked out.
    const other = await t.request('POST', '/api/auth/login', undefined, { username: 'deckhand', password: TEST_PASSWORD });
    expect(other.statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('rejects a missing, malformed or forged token with 401', async () => {
    expect((await t.request('GET', '/api/auth/verify')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/verify', 'not-a-token')).statusCode).toBe(401);
    const { token } = await t.register('forger');
    const [h, p] = token.split('.');
    expect((await t.request('GET', '/api/auth/verify', `${h}.${p}.AAAA`)).statusCode).toBe(401);
  });

  it('stops working after logout', async () => {
    const { token } = await t.register('leaver');
    expect((await t.request('POST', '/api/auth/logout', token)).statusCode).toBe(204);
    expect((await t.request('GET', '/api/auth/verify', token)).statusCode).toBe(401);
    expect((await t.request('GET', '/api/users/profile', token)).statusCode).toBe(401);
  });

  it('keeps every route but login, register and health closed without a token', async () => {
    const closed = [
      ['GET', '/api/users'], ['POST', '/api/users'], ['PUT', '/api/users/1'], ['DELETE', '/api/users/1'],
      ['GET', '/api/users/profile'], ['PUT', '/api/users/profile'], ['PUT', '/api/users/preferences'],
      ['GET', '/api/settings'], ['PUT', '/api/settings'], ['GET', '/api/dashboard/stats'], ['GET', '/api/products'],
      ['POST', '/api/auth/logout'], ['GET', '/api/auth/verify'],
    ];
    for (const [method, url] of closed) {
      const res = await t.request(method!, url!, undefined, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.request('GET', '/api/health')).json()).toEqual({ status: 'ok' });
  });
});

describe('profile and preferences', () => {
  it('changes email and password only with the current password', async () => {
    const { token } = await t.register('sailor');
    const wrong = await t.request('PUT', '/api/users/profile', token, { currentPassword: 'nope-nope', email: 's@example.test' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields).toHaveProperty('currentPassword');
    const ok = await t.request('PUT', '/api/users/profile', token, {
      currentPassword: TEST_PASSWORD,
      email: 'new-sailor@example.test',
      newPassword: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('new-sailor@example.test');
    const login = await t.request('POST', '/api/auth/login', undefined, { username: 'new-sailor@example.test', password: 'brand-new-pass' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an email another user holds', async () => {
    const { token } = await t.register('copycat');
    const res = await t.request('PUT', '/api/users/profile', token, { currentPassword: TEST_PASSWORD, email: 'deckhand@example.test' });
    expect(res.statusCode).toBe(409);
  });

  it('remembers preferences per account and refuses unknown ones', async () => {
    const { token } = await t.register('tidy');
    const saved = await t.request('PUT', '/api/users/preferences', token, { pageSize: 100, sidebarCollapsed: true });
    expect(saved.statusCode).toBe(200);
    await t.request('PUT', '/api/users/preferences', token, { productColumns: ['id', 'sku'] });
    const profile = await t.request('GET', '/api/users/profile', token);
    expect(profile.json().user.preferences).toEqual({ pageSize: 100, sidebarCollapsed: true, productColumns: ['id', 'sku'] });
    expect((await t.request('PUT', '/api/users/preferences', token, { pageSize: 33 })).statusCode).toBe(400);
    expect((await t.request('PUT', '/api/users/preferences', token, { theme: 'dark' })).statusCode).toBe(400);
  });
});
