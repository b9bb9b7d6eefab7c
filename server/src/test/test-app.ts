import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, type BuildOptions, type BuiltApp } from '../app.js';
import { parseDatabaseUrl, type Config, type DatabaseTarget } from '../config.js';
import { approveUser } from '../modules/users/index.js';
import { onPostgresServer } from './postgres-server.js';

export const TEST_PASSWORD = 'secret-pass-1';

/**
 * A freshly migrated database per test file: a temporary SQLite file, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a new database on it that is dropped afterwards.
 */
export async function freshDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) return newPostgresDatabase(pgUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-test-'));
  return {
    target: { kind: 'sqlite', file: path.join(dir, 'test.db') },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A new database on the PostgreSQL server at pgUrl (as a copy of a template when `from` says `template name`). */
async function newPostgresDatabase(pgUrl: string, from = '') {
  const name = `bosun_test_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(pgUrl, `create database ${name} ${from}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { target: parseDatabaseUrl(url.toString()), drop: () => onPostgresServer(pgUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * freshDatabase, already migrated: a copy of the run's migrated template (migrated-template.ts),
 * for the test apps, whose start-up then finds nothing to migrate.
 */
export async function migratedDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const template = inject('migratedTemplate');
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!template) return freshDatabase();
  if (pgUrl) return newPostgresDatabase(pgUrl, `template ${template}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-test-'));
  const file = path.join(dir, 'test.db');
  fs.copyFileSync(template, file);
  return { target: { kind: 'sqlite', file }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface TestApp extends BuiltApp {
  /** The app's configuration: buildApp(t.config) starts a second server on the same database. */
  config: Config;
  close(): Promise<void>;
  /**
   * Registers a user and returns its token. A registration waits for an admin since issue 24;
   * this one is approved at once (the default shop_manager flags), as most tests need a colleague
   * who works. registerPending leaves it waiting.
   */
  register(username: string, role?: 'admin' | 'shop_manager'): Promise<{ token: string; id: number }>;
  /** Registers a user through POST /api/auth/register and leaves it as the server made it (waiting, unless it is the first admin). */
  registerPending(username: string, role?: 'admin' | 'shop_manager'): Promise<{ token: string; id: number }>;
  request(method: string, url: string, token?: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Registers a shop_manager, then has the admin turn one permission flag off. */
  registerWithout(username: string, adminToken: string, permission: 'products' | 'categories' | 'vendors'): Promise<{ token: string; id: number }>;
  /** Posts a file with form fields, as multipart() builds them, signed in with `token`. */
  upload(url: string, token: string, fields: Record<string, string>, file: MultipartFile, options?: { fieldsLast?: boolean }): Promise<LightMyRequestResponse>;
}

/** A test app whose first account, 'owner', is an admin already signed in. */
export interface AdminTestApp extends TestApp {
  /** The owner's token. */
  admin: string;
}

/** The configuration a test server runs with, on `database`. */
export const testConfig = (database: DatabaseTarget, overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  database,
  jwtSecret: undefined,
  allowAdminSignup: false,
  allowRegistration: true,
  logLevel: 'silent',
  importMaxBytes: 5 * 1024 * 1024,
  shutdownTimeoutMs: 30_000,
  feeds: { allowPrivateAddresses: true, maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, idleTimeoutMs: 5_000 },
  schedulerIntervalMs: 30_000,
  // One directory per test database: start-up moves into its database the files of the runs it holds, and removes the rest.
  legacyHeldFeedsDir: database.kind === 'sqlite' ? path.join(path.dirname(database.file), 'held-feeds') : path.join(os.tmpdir(), `bosun-held-${new URL(database.url).pathname.slice(1)}`),
  ...overrides,
});

/** A test app on a fresh database; silent unless `options.logger` says where its log goes. */
export async function createTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const { target, drop } = await migratedDatabase();
  const config = testConfig(target, overrides);
  const built = await buildApp(config, { logger: false, ...options });
  const request: TestApp['request'] = (method, url, token, payload) =>
    built.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const registerPending: TestApp['registerPending'] = async (username, role = 'shop_manager') => {
    const res = await request('POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.test`,
      password: TEST_PASSWORD,
      role,
    });
    if (res.statusCode !== 201) throw new Error(`register ${username} failed: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return { token: body.token, id: body.user.id };
  };
  const register: TestApp['register'] = async (username, role) => {
    const user = await registerPending(username, role);
    await approveUser(built.database.db, user.id).catch((err: unknown) => {
      // The first admin starts active: there is nothing to approve.
      if ((err as { statusCode?: number }).statusCode !== 409) throw err;
    });
    return user;
  };
  return {
    ...built,
    config,
    request,
    register,
    registerPending,
    async registerWithout(username, adminToken, permission) {
      const user = await register(username);
      const permissions = { products: true, categories: true, vendors: true, settings: false, [permission]: false };
      const res = await request('PUT', `/api/users/${user.id}`, adminToken, { username, email: `${username}@example.test`, role: 'shop_manager', permissions });
      if (res.statusCode !== 200) throw new Error(`revoking ${permission} failed: ${res.body}`);
      return user;
    },
    upload(url, token, fields, file, options) {
      const body = multipart(fields, file, options);
      return built.app.inject({ method: 'POST', url, headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
    },
    async close() {
      await built.app.close();
      await drop();
      fs.rmSync(config.legacyHeldFeedsDir, { recursive: true, force: true });
    },
  };
}

export async function createAdminTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<AdminTestApp> {
  const t = await createTestApp(overrides, options);
  try {
    return { ...t, admin: (await t.register('owner', 'admin')).token };
  } catch (err) {
    await t.close();
    throw err;
  }
}

/**
 * The app that the tests of a file (or of the describe block this is called in) share: made with
 * its admin before they run, closed after. The object returned is filled in by that beforeAll, so
 * it is for use inside tests and hooks. Call it before the file's own hooks: beforeAll hooks run in
 * the order they are declared and afterAll hooks in reverse, so those find the app made and open.
 */
export function setupTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): AdminTestApp {
  const shared = {} as AdminTestApp;
  let made: AdminTestApp | undefined;
  beforeAll(async () => {
    made = await createAdminTestApp(overrides, options);
    Object.assign(shared, made);
  });
  afterAll(async () => made?.close());
  return shared;
}

export interface MultipartFile {
  name: string;
  content: string | Buffer;
  type?: string;
}

/**
 * A multipart/form-data body for app.inject, as a browser's FormData would send it (the web app
 * appends the fields first; fieldsLast sends them after the file, as another client might).
 */
export function multipart(fields: Record<string, string>, file?: MultipartFile, options: { fieldsLast?: boolean } = {}) {
  const boundary = `----bosun${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const fileParts: Buffer[] = [];
  if (file) {
    fileParts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`));
    fileParts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    fileParts.push(Buffer.from('\r\n'));
  }
  const parts = options.fieldsLast ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The events of a text/event-stream body. */
export const sseEvents = (body: string) =>
  body
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)));

/** The events of an import that ran to its end: answered 200, its last event 'complete'. */
export function expectImportComplete(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const events = sseEvents(res.body);
  const complete = events.at(-1);
  expect(complete.type, res.body.slice(0, 500)).toBe('complete');
  return { events, complete };
}

/** The product with this SKU as the list's search finds it, or undefined. */
export const productBySku = async (t: AdminTestApp, sku: string) =>
  (await t.request('GET', `/api/products?search=${encodeURIComponent(sku)}&limit=5`, t.admin)).json().products.find((p: { sku: string }) => p.sku === sku);
