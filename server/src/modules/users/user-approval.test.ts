import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, USER_MESSAGES } from '@bosun/shared';
import { createTestApp, setupTestApp, TEST_PASSWORD } from '../../test/test-app.js';

// Issue 24 point 2: a self-registered account waits for an admin, with no permissions, and only
// the session's own calls answer it; admins approve (default shop_manager flags) or refuse (delete).

const t = setupTestApp();
let manager: { token: string; id: number };

beforeAll(async () => {
  manager = await t.register('quartermaster');
});

const signIn = async (username: string) => (await t.request('POST', '/api/auth/login', undefined, { username, password: TEST_PASSWORD })).json();

describe('a self-registered account', () => {
  it('starts pending with no permissions, signs in, and reads only its own session', async () => {
    const pending = await t.registerPending('stowaway');
    const login = await signIn('stowaway');
    expect(login.user).toMatchObject({ status: 'pending', permissions: { products: false, categories: false, vendors: false, settings: false } });

    const verify = await t.request('GET', '/api/auth/verify', pending.token);
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.status).toBe('pending');
    expect((await t.request('GET', '/api/users/profile', pending.token)).statusCode).toBe(200);

    const closed: [string, string, unknown?][] = [
      ['GET', '/api/products'],
      ['GET', '/api/dashboard/stats'],
      ['GET', '/api/settings'],
      ['GET', '/api/vendors/names'],
      ['GET', '/api/categories'],
      ['GET', '/api/users'],
      ['PUT', '/api/users/preferences', { sidebarCollapsed: true }],
      ['PUT', '/api/users/profile', { currentPassword: TEST_PASSWORD, email: 'elsewhere@example.test' }],
      ['POST', '/api/auth/download-token'],
    ];
    for (const [method, url, body] of closed) {
      const res = await t.request(method, url, pending.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message, `${method} ${url}`).toBe(AUTH_MESSAGES.pendingApproval);
    }

    // Signing out works, and the token is then dead.
    expect((await t.request('POST', '/api/auth/logout', login.token)).statusCode).toBe(204);
    expect((await t.request('GET', '/api/auth/verify', login.token)).statusCode).toBe(401);
  });

  it('is listed for admins with its status', async () => {
    await t.registerPending('bilge-rat');
    const users = (await t.request('GET', '/api/users', t.admin)).json() as { username: string; status: string }[];
    expect(users.find((u) => u.username === 'bilge-rat')?.status).toBe('pending');
    expect(users.find((u) => u.username === 'owner')?.status).toBe('active');
  });

  it('made by an admin (POST /api/users) is active at once with the default flags', async () => {
    const res = await t.request('POST', '/api/users', t.admin, { username: 'bosn', email: 'bosn@example.test', password: TEST_PASSWORD, role: 'shop_manager' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'active', permissions: { products: true, categories: true, vendors: true, settings: false } });
    const login = await signIn('bosn');
    expect((await t.request('GET', '/api/products', login.token)).statusCode).toBe(200);
  });
});

describe('POST /api/users/:id/approve', () => {
  it("grants the default shop_manager flags, and the waiting user's token works on its next request", async () => {
    const pending = await t.registerPending('cabin-boy');
    expect((await t.request('GET', '/api/products', pending.token)).statusCode).toBe(403);
    const res = await t.request('POST', `/api/users/${pending.id}/approve`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pending.id, status: 'active', permissions: { products: true, categories: true, vendors: true, settings: false } });
    expect((await t.request('GET', '/api/products', pending.token)).statusCode).toBe(200);
    // The flags are the usual ones: the admin edits them afterwards.
    const edit = await t.request('PUT', `/api/users/${pending.id}`, t.admin, {
      username: 'cabin-boy', email: 'cabin-boy@example.test', role: 'shop_manager',
      permissions: { products: false, categories: true, vendors: false, settings: false },
    });
    expect(edit.json()).toMatchObject({ status: 'active', permissions: { products: false } });
    expect((await t.request('GET', '/api/products', pending.token)).statusCode).toBe(403);
  });

  it('answers 401 without a token, 403 to a shop_manager and to a pending user', async () => {
    const pending = await t.registerPending('powder-monkey');
    expect((await t.request('POST', `/api/users/${pending.id}/approve`)).statusCode).toBe(401);
    expect((await t.request('POST', `/api/users/${pending.id}/approve`, manager.token)).statusCode).toBe(403);
    const self = await t.request('POST', `/api/users/${pending.id}/approve`, pending.token);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(AUTH_MESSAGES.pendingApproval);
    expect((await t.request('GET', '/api/auth/verify', pending.token)).json().user.status).toBe('pending');
  });

  it('answers 400 naming the id, 404 for nobody and 409 for an account that is not waiting', async () => {
    const bad = await t.request('POST', '/api/users/abc/approve', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields)).toEqual(['id']);
    expect((await t.request('POST', '/api/users/99999/approve', t.admin)).statusCode).toBe(404);
    const active = await t.request('POST', `/api/users/${manager.id}/approve`, t.admin);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe(USER_MESSAGES.notPending);
  });
});

describe('POST /api/users/:id/refuse', () => {
  it('deletes the waiting account: its token stops working and it cannot sign in', async () => {
    const pending = await t.registerPending('mutineer');
    const res = await t.request('POST', `/api/users/${pending.id}/refuse`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USER_MESSAGES.refused('mutineer') });
    expect((await t.request('GET', '/api/auth/verify', pending.token)).statusCode).toBe(401);
    expect((await t.request('POST', '/api/auth/login', undefined, { username: 'mutineer', password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('answers 401 without a token, 403 to a shop_manager and to a pending user', async () => {
    const pending = await t.registerPending('lookout');
    expect((await t.request('POST', `/api/users/${pending.id}/refuse`)).statusCode).toBe(401);
    expect((await t.request('POST', `/api/users/${pending.id}/refuse`, manager.token)).statusCode).toBe(403);
    expect((await t.request('POST', `/api/users/${pending.id}/refuse`, pending.token)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/auth/verify', pending.token)).statusCode).toBe(200);
  });

  it('answers 400 naming the id, 404 for nobody, and never deletes an active colleague (409)', async () => {
    const bad = await t.request('POST', '/api/users/0/refuse', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields)).toEqual(['id']);
    expect((await t.request('POST', '/api/users/99999/refuse', t.admin)).statusCode).toBe(404);
    const active = await t.request('POST', `/api/users/${manager.id}/refuse`, t.admin);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe(USER_MESSAGES.notPending);
    expect((await t.request('GET', '/api/auth/verify', manager.token)).statusCode).toBe(200);
  });
});

describe('with ALLOW_ADMIN_SIGNUP', () => {
  it('a second self-registered admin waits too, and holds no admin rights until approved', async () => {
    const shop = await createTestApp({ allowAdminSignup: true });
    try {
      const owner = await shop.registerPending('first-mate', 'admin');
      expect((await shop.request('GET', '/api/auth/verify', owner.token)).json().user.status).toBe('active');
      const second = await shop.registerPending('second-mate', 'admin');
      const verify = (await shop.request('GET', '/api/auth/verify', second.token)).json().user;
      expect(verify).toMatchObject({ role: 'admin', status: 'pending', permissions: { products: false, settings: false } });
      expect((await shop.request('GET', '/api/users', second.token)).statusCode).toBe(403);
      expect((await shop.request('POST', `/api/users/${second.id}/approve`, owner.token)).statusCode).toBe(200);
      expect((await shop.request('GET', '/api/users', second.token)).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
