import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_PROFILE_MESSAGES } from '@bosun/shared';
import { GZIP_MESSAGES } from '../../lib/gunzip-stream.js';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/**
 * Issue 22: a profile's supplier feed, fetched from a local server and imported by the profile,
 * by 'Run now' and on its schedule; a suspicious run held at its dry run; the feed's password
 * stored encrypted and never answered.
 */
const t = setupTestApp();
const SECRET = 'correct horse battery staple';
let vendorId: number;
let noProducts: { token: string };
let base: string;
let body = 'SKU,Qty\nF1,7\nF2,8\n';
const seen: Array<{ url: string; authorization?: string }> = [];
const server = http.createServer((req, res) => {
  seen.push({ url: req.url!, authorization: req.headers.authorization });
  if (req.url === '/missing.csv') return res.writeHead(404).end();
  if (req.url === '/stock.csv.gz') return res.writeHead(200, { 'content-type': 'application/gzip' }).end(zlib.gzipSync(body));
  if (req.url === '/broken.csv.gz') return res.writeHead(200).end(zlib.gzipSync(body).subarray(0, 12));
  res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vendorId = await insertVendor(t.database.db, 'Feed Vendor');
  noProducts = await t.registerWithout('nofeed', t.admin, 'products');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  await t.database.db.deleteFrom('products').execute();
  for (const sku of ['F1', 'F2', 'F3']) await insertProduct(t.database.db, { sku, name: `Stored ${sku}`, stock: 1, vendor_id: vendorId });
  body = 'SKU,Qty\nF1,7\nF2,8\n';
  seen.length = 0;
});

let profileCount = 0;
const createFeedProfile = async (feed: Record<string, unknown>, over: Record<string, unknown> = {}) => {
  profileCount += 1;
  const res = await t.request('POST', '/api/import-profiles', t.admin, {
    name: `Feed ${profileCount}`,
    vendorId,
    mapping: { sku: 'SKU', stock: 'Qty' },
    updateFields: ['stock'],
    createNew: false,
    feed: { url: `${base}/stock.csv`, ...feed },
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().profile;
};
const stocks = async () => Object.fromEntries((await t.database.db.selectFrom('products').select(['sku', 'stock']).orderBy('sku').execute()).map((r) => [r.sku, r.stock]));
const lastRun = async () => (await t.request('GET', '/api/imports', t.admin)).json().imports[0];
/** 'Run now' answers at once; the run goes on in the background. */
async function runNow(id: number, payload: Record<string, unknown> = {}) {
  // The list's first run (running, or the last to end) before this one: the new run is then first.
  const before = (await lastRun())?.id ?? 0;
  // The run before releases its lease a moment after it is recorded: until then the feed is busy (409).
  let res = await t.request('POST', `/api/import-profiles/${id}/run`, t.admin, payload);
  for (let i = 0; i < 40 && res.statusCode === 409; i++) {
    await new Promise((r) => setTimeout(r, 50));
    res = await t.request('POST', `/api/import-profiles/${id}/run`, t.admin, payload);
  }
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().message).toBe(IMPORT_PROFILE_MESSAGES.feedStarted);
  for (let i = 0; i < 200; i++) {
    const newest = await lastRun();
    if (newest && newest.id > before && newest.status !== 'running') return newest;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the feed run did not finish');
}

describe('supplier feeds', () => {
  it('keeps the password encrypted and never answers it, keeps it on an edit that does not retype it, and sends it', async () => {
    const profile = await createFeedProfile({ authKind: 'basic', authName: 'shop', authSecret: SECRET });
    expect(profile.feed).toEqual({ url: `${base}/stock.csv`, authKind: 'basic', authName: 'shop', schedule: null, fullList: false, maxFailedPercent: 10, hasSecret: true });
    const stored = await t.database.db.selectFrom('import_profiles').select('settings').where('id', '=', profile.id).executeTakeFirstOrThrow();
    expect(stored.settings).not.toContain(SECRET);
    for (const res of [await t.request('GET', '/api/import-profiles', t.admin), await t.request('GET', `/api/import-profiles/${profile.id}`, t.admin)]) expect(res.body).not.toContain(SECRET);

    const { id: _id, vendorName: _v, createdAt: _c, updatedAt: _u, lastUsedAt: _l, feed, ...fields } = profile;
    const { hasSecret: _h, ...feedFields } = feed;
    const edited = await t.request('PUT', `/api/import-profiles/${profile.id}`, t.admin, { ...fields, feed: feedFields, name: 'Renamed feed' });
    expect(edited.json().profile.feed.hasSecret).toBe(true);
    const run = await runNow(profile.id);
    expect(run).toMatchObject({ status: 'complete', updated: 2, profileName: 'Renamed feed', fileName: `${base}/stock.csv` });
    expect(seen[0]!.authorization).toBe(`Basic ${Buffer.from(`shop:${SECRET}`).toString('base64')}`);
    expect(await stocks()).toEqual({ F1: 7, F2: 8, F3: 1 });

    // A form that knows nothing of feeds (it sends none) leaves the feed and its secret as they are.
    const withoutFeed = await t.request('PUT', `/api/import-profiles/${profile.id}`, t.admin, { ...fields, name: 'Renamed feed' });
    expect(withoutFeed.json().profile.feed).toEqual(profile.feed);

    const cleared = await t.request('PUT', `/api/import-profiles/${profile.id}`, t.admin, { ...fields, feed: { ...feedFields, authSecret: '' } });
    expect(cleared.json().profile.feed.hasSecret).toBe(false);
  });

  it('holds a run whose file would leave too many of the vendor\'s products missing, and applies it when staff confirm', async () => {
    const profile = await createFeedProfile({ fullList: true }, { missing: { action: 'zero_stock', maxPercent: 20 } });
    body = 'SKU,Qty\nF1,9\n';
    const held = await runNow(profile.id);
    expect(held.status).toBe('held');
    expect(held.message).toContain('Held at the dry run: 2 of the vendor\'s 3 products are not in the file (66.7%)');
    expect(await stocks()).toEqual({ F1: 1, F2: 1, F3: 1 });

    const confirmed = await runNow(profile.id, { confirmMissing: true });
    expect(confirmed.status).toBe('complete');
    expect(await stocks()).toEqual({ F1: 9, F2: 0, F3: 0 });
  });

  it('holds a run with more failing rows than the profile allows', async () => {
    const profile = await createFeedProfile({ maxFailedPercent: 10 });
    body = 'SKU,Qty\n,4\nF2,3\n';
    const held = await runNow(profile.id);
    expect(held).toMatchObject({ status: 'held', message: expect.stringContaining('1 of 2 rows would fail (50%)') });
    expect((await stocks()).F2).toBe(1);
    expect((await runNow(profile.id, { acceptFailedRows: true })).status).toBe('complete');
    expect((await stocks()).F2).toBe(3);
  });

  it('records a fetch that fails, with the server\'s answer', async () => {
    const profile = await createFeedProfile({ authKind: 'header', authName: 'X-Token', authSecret: SECRET }, {});
    await t.request('PUT', `/api/import-profiles/${profile.id}`, t.admin, {
      name: profile.name, vendorId, mapping: profile.mapping, updateFields: ['stock'], createNew: false, feed: { url: `${base}/missing.csv`, authKind: 'header', authName: 'X-Token' },
    });
    const failed = await runNow(profile.id);
    expect(failed).toMatchObject({ status: 'failed', message: 'The server answered 404 (Not Found)', fileName: `${base}/missing.csv` });
    expect(seen[0]!.url).toBe('/missing.csv');
    expect(JSON.stringify(await lastRun())).not.toContain(SECRET);
  });

  it('imports a gzip-compressed feed, and fails a broken archive with a message that says so', async () => {
    const gzipped = await createFeedProfile({ url: `${base}/stock.csv.gz` });
    expect(await runNow(gzipped.id)).toMatchObject({ status: 'complete', updated: 2, fileName: `${base}/stock.csv.gz` });
    expect(await stocks()).toEqual({ F1: 7, F2: 8, F3: 1 });
    const broken = await createFeedProfile({ url: `${base}/broken.csv.gz` });
    expect(await runNow(broken.id)).toMatchObject({ status: 'failed', message: GZIP_MESSAGES.cutShort });
  });

  it('runs a scheduled feed once when it is due, and not again before its time', async () => {
    const profile = await createFeedProfile({ schedule: { kind: 'hours', everyHours: 6 } });
    const first = await t.app.scheduler.tick();
    expect(first.started).toContain(`feed:${profile.id}`);
    await first.finished;
    expect(await lastRun()).toMatchObject({ status: 'complete', userId: null, profileName: profile.name });
    expect(await stocks()).toMatchObject({ F1: 7, F2: 8 });
    expect((await t.app.scheduler.tick()).started).not.toContain(`feed:${profile.id}`);
  });

  it('refuses bad feeds and runs, naming the field, and needs a token and the products permission', async () => {
    for (const [feed, field] of [
      [{ url: 'ftp://example.test/f.csv' }, 'feed.url'],
      [{ url: `http://user:pass@127.0.0.1/f.csv` }, 'feed.url'],
      [{ url: `${base}/f.csv`, schedule: { kind: 'daily', at: '25:00' } }, 'feed.schedule'],
      [{ url: `${base}/f.csv`, authKind: 'token' }, 'feed.authKind'],
    ] as const) {
      const res = await t.request('POST', '/api/import-profiles', t.admin, { name: `Bad ${field}`, vendorId, mapping: { sku: 'SKU' }, createNew: false, feed });
      expect(res.statusCode, JSON.stringify(feed)).toBe(400);
      expect(Object.keys(res.json().details.fields).join(' ')).toContain(field);
    }
    const plain = (await t.request('POST', '/api/import-profiles', t.admin, { name: 'Uploaded', vendorId, mapping: { sku: 'SKU', name: 'Name' } })).json().profile;
    const noFeed = await t.request('POST', `/api/import-profiles/${plain.id}/run`, t.admin, {});
    expect(noFeed.statusCode).toBe(400);
    expect(noFeed.json().details.fields.feed).toBe(IMPORT_PROFILE_MESSAGES.noFeed);
    expect((await t.request('POST', '/api/import-profiles/99999/run', t.admin, {})).statusCode).toBe(404);
    expect((await t.request('POST', `/api/import-profiles/${plain.id}/run`, t.admin, { confirmMissing: 'yes' })).statusCode).toBe(400);
    expect((await t.request('POST', `/api/import-profiles/${plain.id}/run`, undefined, {})).statusCode).toBe(401);
    expect((await t.request('POST', `/api/import-profiles/${plain.id}/run`, noProducts.token, {})).statusCode).toBe(403);
  });
});
