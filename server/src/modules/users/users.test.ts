import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@bosun/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: { token: string; id: number };
let manager: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register('harbourmaster', 'admin');
  manager = await t.register('bosun');
});
afterAll(async () => t.close());

const newUser = (username: string, extra: object = {}) => ({
  username,
  email: `${username}@example.test`,
  password: 'secret-1',
  role: 'shop_manager',
  ...extra,
});

describe('users API', () => {
  it('is for admins only, reads included', async () => {
    expect((await t.request('GET', '/api/users', manager.token)).statusCode).toBe(403);
    expect((await t.request('POST', '/api/users', manager.token, newUser('sneaky'))).statusCode).toBe(403);
    expect((await t.request('PUT', `/api/users/${manager.id}`, manager.token, newUser('bosun', { role: 'admin' }))).statusCode).toBe(403);
    expect((await t.request('DELETE', `/api/users/${admin.id}`, manager.token)).statusCode).toBe(403);
  });

  it('lists users without password hashes', async () => {
    const res = await t.request('GET', '/api/users', admin.token);
    expect(res.statusCode).toBe(200);
    const users = res.json();
    expect(users.map((u: { username: string }) => u.username)).toEqual(['harbourmaster', 'bosun']);
    expect(JSON.stringify(users)).not.toMatch(/password|scrypt/);
  });

  it('creates a shop_manager with the chosen permissions, who can then sign in', async () => {
    const res = await t.request('POST', '/api/users', admin.token, newUser('rigger', {
      permissions: { products: true, categories: false, vendors: false, settings: true },
    }));
    expect(res.statusCode).toBe(201);
    expect(res.json().permissions).toEqual({ products: true, categories: false, vendors: false, settings: true });
    const login = await t.request('POST', '/api/auth/login', undefined, { username: 'rigger', password: 'secret-1' });
    expect(login.statusCode).toBe(200);
  });

  it('defaults the flags of a shop_manager created without them', async () => {
    const res = await t.request('POST', '/api/users', admin.token, newUser('cook'));
    expect(res.json().permissions).toEqual({ products: true, categories: true, vendors: true, settings: false });
  });

  it('requires a password on create and validates every field', async () => {
    const res = await t.request('POST', '/api/users', admin.token, { username: 'x y', email: 'bad', role: 'captain' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields).sort()).toEqual(['email', 'password', 'role', 'username']);
  });

  it('refuses a duplicate username or email with 409', async () => {
    const dupName = await t.request('POST', '/api/users', admin.token, newUser('Bosun', { email: 'unique@example.test' }));
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe(USER_MESSAGES.usernameTaken);
    const dupEmail = await t.request('POST', '/api/users', admin.token, newUser('unique', { email: 'bosun@example.test' }));
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe(USER_MESSAGES.emailTaken);
  });

  it('keeps the password when an edit leaves it out, and changes it when given', async () => {
    const created = (await t.request('POST', '/api/users', admin.token, newUser('purser'))).json();
    const edit = await t.request('PUT', `/api/users/${created.id}`, admin.token, {
      username: 'purser2',
      email: 'purser2@example.test',
      role: 'shop_manager',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().username).toBe('purser2');
    expect((await t.request('POST', '/api/auth/login', undefined, { username: 'purser2', password: 'secret-1' })).statusCode).toBe(200);
    await t.request('PUT', `/api/users/${created.id}`, admin.token, {
      username: 'purser2', email: 'purser2@example.test', role: 'shop_manager', password: 'changed-9',
    });
    expect((await t.request('POST', '/api/auth/login', undefined, { username: 'purser2', password: 'changed-9' })).statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist and 400 for a bad id', async () => {
    expect((await t.request('PUT', '/api/users/9999', admin.token, newUser('nobody'))).statusCode).toBe(404);
    expect((await t.request('DELETE', '/api/users/9999', admin.token)).statusCode).toBe(404);
    expect((await t.request('DELETE', '/api/users/abc', admin.token)).statusCode).toBe(400);
  });

  it('never lets an admin delete their own account', async () => {
    const res = await t.request('DELETE', `/api/users/${admin.id}`, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MESSAGES.cannotDeleteSelf);
  });

  it('keeps at least one admin', async () => {
    const res = await t.request('PUT', `/api/users/${admin.id}`, admin.token, {
      username: 'harbourmaster', email: 'harbourmaster@example.test', role: 'shop_manager',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MESSAGES.lastAdmin);
  });

  it("deletes a user, whose token stops working at once", async () => {
    const victim = await t.register('stowaway');
    expect((await t.request('GET', '/api/auth/verify', victim.token)).statusCode).toBe(200);
    const res = await t.request('DELETE', `/api/users/${victim.id}`, admin.token);
    expect(res.json()).toEqual({ message: USER_MESSAGES.deleted });
    expect((await t.request('GET', '/api/auth/verify', victim.token)).statusCode).toBe(401);
  });

  it('applies a permission an admin turns off on the very next request', async () => {
    const hand = await t.register('galleyhand');
    expect((await t.request('GET', '/api/products', hand.token)).statusCode).toBe(200);
    await t.request('PUT', `/api/users/${hand.id}`, admin.token, {
      username: 'galleyhand', email: 'galleyhand@example.test', role: 'shop_manager',
      permissions: { products: false, categories: true, vendors: true, settings: false },
    });
    expect((await t.request('GET', '/api/products', hand.token)).statusCode).toBe(403);
    // 403 is 'not allowed', not 'signed out': the token still verifies.
    expect((await t.request('GET', '/api/auth/verify', hand.token)).statusCode).toBe(200);
  });
});
