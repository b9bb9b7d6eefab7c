import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { insertVendor } from './test/fixtures.js';
import { multipart, setupTestApp, sseEvents } from './test/test-app.js';

/**
 * Two app servers on one database, as behind a load balancer (issue 21): nothing a request
 * depends on lives in one server's memory. Sign-in throttling across servers is
 * modules/auth/sign-in-limits.test.ts's; a category change seen by both, categories.test.ts's.
 */
const t = setupTestApp();
let other: FastifyInstance;
beforeAll(async () => {
  other = (await buildApp(t.config, { logger: false })).app;
});
afterAll(async () => other.close());

const on = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });

describe('two app servers on one database', () => {
  it('take a token signed on one at the other, and refuse it at both once it is signed out on one', async () => {
    await t.register('deckhand');
    const login = await on(t.app, 'POST', '/api/auth/login', undefined, { username: 'deckhand', password: 'secret-pass-1' });
    const token = login.json().token as string;
    expect((await on(other, 'GET', '/api/products', token)).statusCode).toBe(200);
    expect((await on(other, 'POST', '/api/auth/logout', token)).statusCode).toBeLessThan(300);
    expect((await on(t.app, 'GET', '/api/products', token)).statusCode).toBe(401);
    expect((await on(other, 'GET', '/api/products', token)).statusCode).toBe(401);
  });

  it('show a change made on one at once on the other: a product, and a permission taken away', async () => {
    const vendorId = await insertVendor(t.database.db, 'Both Servers');
    const created = await on(t.app, 'POST', '/api/products', t.admin, { sku: 'TWO-1', name: 'Fender', vendor_id: vendorId, list_price: 12.5 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const before = (await on(other, 'GET', `/api/products/${id}`, t.admin)).json();
    expect(before).toMatchObject({ name: 'Fender', list_price: 12.5 });
    const saved = await on(other, 'PUT', `/api/products/${id}`, t.admin, { name: 'Fender, large', version: before.version });
    expect(saved.statusCode).toBe(200);
    expect((await on(t.app, 'GET', `/api/products/${id}`, t.admin)).json().name).toBe('Fender, large');
    const manager = await t.registerWithout('mate', t.admin, 'products');
    expect((await on(other, 'GET', '/api/products', manager.token)).statusCode).toBe(403);
  });

  it('serve the list from one while the other imports, and run a second import after the first', async () => {
    const vendorId = await insertVendor(t.database.db, 'Importing');
    const lines = ['SKU,Name,Price'];
    for (let i = 0; i < 20_000; i++) lines.push(`IMP-${i},Item ${i},${(i % 90) + 1}.50`);
    const fields = { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name', list_price: 'Price' }), selectedVendor: String(vendorId) };
    const body = multipart(fields, { name: 'big.csv', content: lines.join('\n') });
    const importing = t.app.inject({ method: 'POST', url: '/api/products/import/lightning', headers: { ...body.headers, authorization: `Bearer ${t.admin}` }, payload: body.payload });
    const running = async () => (await t.database.db.selectFrom('import_runs').select('id').where('status', '=', 'running').execute()).length > 0;
    while (!(await running())) await new Promise((r) => setTimeout(r, 10));
    // While the import runs on the first server, the second answers the list; an import sent to it waits its turn.
    const lists = await Promise.all(Array.from({ length: 5 }, () => on(other, 'GET', '/api/products?limit=50&sort=name', t.admin)));
    expect(lists.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await running()).toBe(true);
    const second = multipart(fields, { name: 'small.csv', content: 'SKU,Name,Price\nIMP-X,Other,1\n' });
    const waiting = other.inject({ method: 'POST', url: '/api/products/import/lightning', headers: { ...second.headers, authorization: `Bearer ${t.admin}` }, payload: second.payload });
    expect(sseEvents((await importing).body).at(-1)).toMatchObject({ type: 'complete', imported: 20_000 });
    expect(sseEvents((await waiting).body).at(-1)).toMatchObject({ type: 'complete', imported: 1 });
    expect((await on(other, 'GET', '/api/products?search=IMP-19999', t.admin)).json().pagination.total).toBe(1);
    // Two imports, one of 20,000 rows: 30 s was not enough beside two other test files on two loaded cores.
  }, 90_000);
});
