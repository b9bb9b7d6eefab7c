import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_PROFILE_MESSAGES, IMPORT_RUN_MESSAGES, IMPORT_RUN_NOT_FOUND } from '@bosun/shared';
import { buildApp } from '../../app.js';
import { insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import { copyHeldFile, HELD_CHUNK_BYTES, keepHeldFile, writeHeldChunks } from './held-feed-store.js';

/**
 * Issue 22: a suspicious feed run is held at its dry run with its file kept and what the dry run
 * found; staff apply it (it becomes the import) or dismiss it; a newer run of the profile
 * supersedes it; the dashboard's 'Supplier feeds' card lists held and failed feed runs.
 */
const t = setupTestApp();
let vendorId: number;
let base: string;
let body = '';
const server = http.createServer((req, res) => {
  if (req.url === '/missing.csv') return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
});
let noProducts: { token: string };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vendorId = await insertVendor(t.database.db, 'Held Vendor');
  noProducts = await t.registerWithout('noheld', t.admin, 'products');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  await t.database.db.deleteFrom('products').execute();
  for (const sku of ['H1', 'H2', 'H3', 'H4', 'H5']) await insertProduct(t.database.db, { sku, name: `Stored ${sku}`, stock: 1, list_price: 10, vendor_id: vendorId });
});

let profileCount = 0;
/** A stock feed that is the vendor's full list: missing products go to stock 0, at most 20% of them. */
async function createFeedProfile(feed: Record<string, unknown> = {}) {
  profileCount += 1;
  const res = await t.request('POST', '/api/import-profiles', t.admin, {
    name: `Held feed ${profileCount}`,
    vendorId,
    mapping: { sku: 'SKU', stock: 'Qty', list_price: 'Price' },
    updateFields: ['stock', 'list_price'],
    createNew: false,
    missing: { action: 'zero_stock', maxPercent: 20 },
    feed: { url: `${base}/stock.csv`, fullList: true, ...feed },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().profile as { id: number; name: string };
}

const stocks = async () => Object.fromEntries((await t.database.db.selectFrom('products').select(['sku', 'stock']).orderBy('sku').execute()).map((r) => [r.sku, r.stock]));
const runs = async () => (await t.request('GET', '/api/imports', t.admin)).json().imports as Array<Record<string, any>>;
const runById = async (id: number) => (await runs()).find((r) => r.id === id)!;
/** A source of bytes for writeHeldChunks, one piece after the other. */
async function* bytesOf(...pieces: string[]) {
  for (const piece of pieces) yield Buffer.from(piece);
}
/** The names of the held files kept in the database. */
const heldFiles = async () => (await t.database.db.selectFrom('held_feed_chunks').select('file').distinct().orderBy('file').execute()).map((r) => r.file);
/** A kept file's bytes, its chunks in order (small files only: the test reads it whole). */
const heldBytes = async (file: string) =>
  Buffer.concat((await t.database.db.selectFrom('held_feed_chunks').select('bytes').where('file', '=', file).orderBy('chunk').execute()).map((r) => Buffer.from(r.bytes)));
const storedRun = (id: number) => t.database.db.selectFrom('import_runs').select(['status', 'held_file']).where('id', '=', id).executeTakeFirstOrThrow();

/** 'Run now', then waits for the run it recorded to end, and its job (superseding, deleting files) with it. */
async function runFeed(profileId: number) {
  // The list's first run (running, or the last to end) before this one: the new run is then first.
  const before = (await runs())[0]?.id ?? 0;
  let res = await t.request('POST', `/api/import-profiles/${profileId}/run`, t.admin, {});
  for (let i = 0; i < 40 && res.statusCode === 409; i++) {
    await new Promise((r) => setTimeout(r, 50));
    res = await t.request('POST', `/api/import-profiles/${profileId}/run`, t.admin, {});
  }
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const [newest] = await runs();
    if (newest && newest.id > before && newest.status !== 'running') return waitForEnd(newest.id);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the feed run did not finish');
}

/** Waits for a run to end and its feed's lease to be released (the job's work done). */
async function waitForEnd(id: number) {
  for (let i = 0; i < 200; i++) {
    const run = await runById(id);
    const lease = await t.database.db.selectFrom('leases').select('holder').where('name', '=', `job:feed:${run.profileId}`).executeTakeFirst();
    if (run.status !== 'running' && !lease?.holder) return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the applied run did not finish');
}

describe('held feed runs', () => {
  it('holds a suspicious run with its file and its dry run, and applies it as that run when staff say so', async () => {
    const profile = await createFeedProfile();
    // H3, H4, H5 are missing: 60% of the vendor's products, above the 20% limit. H1's price goes 10 -> 250.
    body = 'SKU,Qty,Price\nH1,9,250\nH2,8,10\nNOPE,1,\n';
    const held = await runFeed(profile.id);
    expect(held).toMatchObject({ status: 'held', feedRun: true, profileName: profile.name, message: expect.stringContaining("Held at the dry run: 3 of the vendor's 5 products are not in the file (60%)") });
    expect(held.held).toMatchObject({
      kind: 'missing',
      reason: "3 of the vendor's 5 products are not in the file (60%), more than the profile's limit of 20%.",
      totalRows: 3,
      update: 2,
      missing: { action: 'zero_stock', vendorProducts: 5, missing: 3, overLimit: true },
      changes: { fields: { stock: 2, list_price: 1 }, topPriceChanges: [{ sku: 'H1', field: 'list_price', from: 10, to: 250 }] },
    });
    expect(await stocks()).toEqual({ H1: 1, H2: 1, H3: 1, H4: 1, H5: 1 });
    const { held_file } = await storedRun(held.id);
    expect(held_file).toBeTruthy();
    expect(await heldFiles()).toEqual([held_file]);
    expect((await heldBytes(held_file!)).toString('utf8')).toBe(body);

    const applied = await t.request('POST', `/api/imports/${held.id}/apply`, t.admin);
    expect(applied.statusCode, applied.body).toBe(202);
    expect(applied.json().message).toBe(IMPORT_RUN_MESSAGES.applyStarted(held.id));
    // Applied twice (a second click, another server): only the first runs it.
    const twice = await t.request('POST', `/api/imports/${held.id}/apply`, t.admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(IMPORT_RUN_MESSAGES.notHeld);

    const done = await waitForEnd(held.id);
    // The held run became the import: no new run, its dry run still told, its change to undo.
    expect(done).toMatchObject({ id: held.id, status: 'complete', updated: 2, userName: 'owner', held: { kind: 'missing' } });
    expect(done.changeId).not.toBeNull();
    expect((await runs()).filter((r) => r.profileId === profile.id)).toHaveLength(1);
    expect(await stocks()).toEqual({ H1: 9, H2: 8, H3: 0, H4: 0, H5: 0 });
    expect(await heldFiles()).toEqual([]);
    expect((await storedRun(held.id)).held_file).toBeNull();
    expect((await t.request('POST', `/api/imports/${held.id}/apply`, t.admin)).statusCode).toBe(409);
    expect((await t.request('POST', `/api/imports/${held.id}/dismiss`, t.admin)).statusCode).toBe(409);
  });

  it('holds a run with too many failing rows, and applying it imports the good rows', async () => {
    const profile = await createFeedProfile({ fullList: false, maxFailedPercent: 10 });
    body = 'SKU,Qty,Price\n,4,10\nH2,6,10\n';
    const held = await runFeed(profile.id);
    expect(held, JSON.stringify(held)).toMatchObject({ status: 'held', message: expect.stringContaining('1 of 2 rows would fail (50%)') });
    expect(held.held).toMatchObject({ kind: 'failedRows', errorCount: 1, update: 1, errors: [{ row: 2, column: 'SKU' }] });
    expect((await t.request('POST', `/api/imports/${held.id}/apply`, t.admin)).statusCode).toBe(202);
    expect(await waitForEnd(held.id)).toMatchObject({ status: 'complete', updated: 1, errorCount: 1 });
    expect(await stocks()).toMatchObject({ H1: 1, H2: 6 });
  });

  it('dismisses a held run: nothing imported, its file deleted, and it can be applied no more', async () => {
    const profile = await createFeedProfile();
    body = 'SKU,Qty,Price\nH1,9,10\n';
    const held = await runFeed(profile.id);
    expect(await heldFiles()).toHaveLength(1);
    const dismissed = await t.request('POST', `/api/imports/${held.id}/dismiss`, t.admin);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().message).toBe(IMPORT_RUN_MESSAGES.dismissed(held.id));
    expect(await runById(held.id)).toMatchObject({ status: 'dismissed', message: IMPORT_RUN_MESSAGES.dismissedBy('owner'), held: { kind: 'missing' }, finishedAt: held.finishedAt });
    expect(await heldFiles()).toEqual([]);
    expect(await stocks()).toMatchObject({ H1: 1 });
    expect((await t.request('POST', `/api/imports/${held.id}/apply`, t.admin)).statusCode).toBe(409);
    expect((await t.request('POST', `/api/imports/${held.id}/dismiss`, t.admin)).statusCode).toBe(409);
  });

  it('keeps only the newest held file of a profile, and a complete run of it supersedes the held one', async () => {
    const profile = await createFeedProfile();
    body = 'SKU,Qty,Price\nH1,9,10\n';
    const first = await runFeed(profile.id);
    const second = await runFeed(profile.id);
    expect(await runById(first.id)).toMatchObject({ status: 'dismissed', message: IMPORT_RUN_MESSAGES.superseded(second.id), finishedAt: first.finishedAt });
    // The superseded run keeps the time it was held, and its place below the run that superseded it.
    expect((await runs()).map((r) => r.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(await heldFiles()).toEqual([(await storedRun(second.id)).held_file]);
    expect((await t.request('POST', `/api/imports/${first.id}/apply`, t.admin)).statusCode).toBe(409);

    body = 'SKU,Qty,Price\nH1,2,10\nH2,2,10\nH3,2,10\nH4,2,10\nH5,2,10\n';
    const complete = await runFeed(profile.id);
    expect(complete.status).toBe('complete');
    expect(await runById(second.id)).toMatchObject({ status: 'dismissed', message: IMPORT_RUN_MESSAGES.superseded(complete.id) });
    expect(await heldFiles()).toEqual([]);
  });

  it('keeps a fetch that fails as failed, with nothing to apply', async () => {
    const profile = await createFeedProfile({ url: `${base}/missing.csv` });
    const failed = await runFeed(profile.id);
    expect(failed).toMatchObject({ status: 'failed', held: null, feedRun: true });
    expect((await t.request('POST', `/api/imports/${failed.id}/apply`, t.admin)).statusCode).toBe(409);
    expect(await heldFiles()).toEqual([]);
  });

  it('answers 409 when the held file is gone, and removes at start-up the files no held run needs', async () => {
    const profile = await createFeedProfile();
    body = 'SKU,Qty,Price\nH1,9,10\n';
    const held = await runFeed(profile.id);
    const { held_file } = await storedRun(held.id);
    // The file of a run that is no longer held (a server died applying it), chunks no run names
    // written an hour ago (a server died writing them), and chunks still being written elsewhere.
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    for (const file of ['left-by-an-apply.feed', 'never-recorded.feed', 'being-written.feed']) await writeHeldChunks(t.database.db, file, bytesOf('x'));
    await t.database.db.updateTable('held_feed_chunks').set({ written_at: hourAgo }).where('file', 'in', ['left-by-an-apply.feed', 'never-recorded.feed']).execute();
    await t.database.db.updateTable('import_runs').set({ held_file: 'left-by-an-apply.feed' }).where('id', '=', first(await runs(), 'complete')).execute();
    const second = await buildApp(t.config, { logger: false });
    await second.app.close();
    expect(await heldFiles()).toEqual(['being-written.feed', held_file].sort());
    await t.database.db.deleteFrom('held_feed_chunks').where('file', '=', 'being-written.feed').execute();

    await t.database.db.deleteFrom('held_feed_chunks').where('file', '=', held_file!).execute();
    const gone = await t.request('POST', `/api/imports/${held.id}/apply`, t.admin);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(IMPORT_RUN_MESSAGES.heldFileGone);
    expect((await runById(held.id)).status).toBe('held');
    expect((await t.request('POST', `/api/imports/${held.id}/dismiss`, t.admin)).statusCode).toBe(200);
  });

  it('applies a held run from another app server on the same database, whose disk never had the file', async () => {
    const profile = await createFeedProfile();
    body = 'SKU,Qty,Price\nH1,7,10\nH2,6,10\n';
    const held = await runFeed(profile.id);
    expect(held.status).toBe('held');
    const otherDisk = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-other-server-'));
    const other = await buildApp({ ...t.config, legacyHeldFeedsDir: otherDisk }, { logger: false });
    try {
      const res = await other.app.inject({ method: 'POST', url: `/api/imports/${held.id}/apply`, headers: { authorization: `Bearer ${t.admin}` } });
      expect(res.statusCode, res.body).toBe(202);
      expect(await waitForEnd(held.id)).toMatchObject({ status: 'complete', updated: 2 });
    } finally {
      await other.app.close();
      fs.rmSync(otherDisk, { recursive: true, force: true });
    }
    expect(await stocks()).toEqual({ H1: 7, H2: 6, H3: 0, H4: 0, H5: 0 });
    expect(await heldFiles()).toEqual([]);
    expect((await storedRun(held.id)).held_file).toBeNull();
  });

  it('moves at start-up a file an earlier version held on disk into the database, and applies it', async () => {
    const profile = await createFeedProfile();
    body = 'SKU,Qty,Price\nH1,9,10\n';
    const held = await runFeed(profile.id);
    const { held_file } = await storedRun(held.id);
    // As an earlier version left it: the file in the held-feeds directory, none in the database.
    const onDisk = 'SKU,Qty,Price\nH1,3,10\nH2,4,10\n';
    await t.database.db.deleteFrom('held_feed_chunks').execute();
    fs.mkdirSync(t.config.legacyHeldFeedsDir, { recursive: true });
    fs.writeFileSync(path.join(t.config.legacyHeldFeedsDir, held_file!), onDisk);
    const restarted = await buildApp(t.config, { logger: false });
    await restarted.app.close();
    const moved = (await storedRun(held.id)).held_file!;
    expect(moved).not.toBe(held_file);
    expect(await heldFiles()).toEqual([moved]);
    expect((await heldBytes(moved)).toString('utf8')).toBe(onDisk);
    expect(fs.readdirSync(t.config.legacyHeldFeedsDir)).toEqual([]);

    expect((await t.request('POST', `/api/imports/${held.id}/apply`, t.admin)).statusCode).toBe(202);
    expect(await waitForEnd(held.id)).toMatchObject({ status: 'complete', updated: 2 });
    expect(await stocks()).toMatchObject({ H1: 3, H2: 4 });
    expect(await heldFiles()).toEqual([]);
  });

  it('answers 409 while the feed is being fetched, and leaves the run held', async () => {
    const profile = await createFeedProfile();
    body = 'SKU,Qty,Price\nH1,9,10\n';
    const held = await runFeed(profile.id);
    const heldAt = (await runById(held.id)).finishedAt;
    expect(heldAt).toEqual(expect.any(String));
    const busy = await t.app.scheduler.runNow({ name: `feed:${profile.id}`, nextRunAt: () => null, run: () => new Promise((r) => setTimeout(r, 300)) });
    expect(busy.started).toBe(true);
    const res = await t.request('POST', `/api/imports/${held.id}/apply`, t.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IMPORT_PROFILE_MESSAGES.feedBusy);
    // Put back as it was, with the time it was held: the Imports page orders by it.
    expect(await runById(held.id)).toMatchObject({ status: 'held', userName: 'owner', finishedAt: heldAt });
    if (busy.started) await busy.finished;
    await t.request('POST', `/api/imports/${held.id}/dismiss`, t.admin);
  });

  it('needs a token and the products permission, and names unknown and bad ids', async () => {
    for (const action of ['apply', 'dismiss']) {
      expect((await t.request('POST', `/api/imports/1/${action}`)).statusCode).toBe(401);
      expect((await t.request('POST', `/api/imports/1/${action}`, noProducts.token)).statusCode).toBe(403);
      const unknown = await t.request('POST', `/api/imports/99999/${action}`, t.admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(IMPORT_RUN_NOT_FOUND);
      const bad = await t.request('POST', `/api/imports/abc/${action}`, t.admin);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().details.fields)).toEqual(['id']);
    }
    // The OpenAPI document follows from the shared schemas.
    const docs = (await t.request('GET', '/api/docs/json')).json();
    expect(Object.keys(docs.paths['/api/imports/{id}/apply'].post.responses)).toEqual(expect.arrayContaining(['202', '404', '409']));
    expect(Object.keys(docs.paths['/api/imports/{id}/dismiss'].post.responses)).toEqual(expect.arrayContaining(['200', '404', '409']));
    expect(docs.paths['/api/imports'].get.responses['200'].content['application/json'].schema.properties.imports.items.properties.status.enum).toContain('held');
  });
});

describe('held files in the database', () => {
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const chunksOf = (file: string) => t.database.db.selectFrom('held_feed_chunks').select(['chunk', (eb) => eb.fn('length', [eb.ref('bytes')]).as('size')]).where('file', '=', file).orderBy('chunk').execute();

  it('keeps a file of several MB in chunks of 1 MB and gives it back byte for byte', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-held-big-'));
    try {
      // Not a whole number of chunks, and bytes that are no text.
      const bytes = randomBytes(3 * HELD_CHUNK_BYTES + 12_345);
      fs.writeFileSync(path.join(dir, 'fetched'), bytes);
      const name = await keepHeldFile(t.database.db, path.join(dir, 'fetched'), 1);
      expect((await chunksOf(name)).map((c) => [c.chunk, Number(c.size)])).toEqual([
        [0, HELD_CHUNK_BYTES],
        [1, HELD_CHUNK_BYTES],
        [2, HELD_CHUNK_BYTES],
        [3, 12_345],
      ]);
      expect(await copyHeldFile(t.database.db, name, path.join(dir, 'copy'))).toBe(true);
      const copy = fs.readFileSync(path.join(dir, 'copy'));
      expect(copy.length).toBe(bytes.length);
      expect(sha(copy)).toBe(sha(bytes));
      await t.database.db.deleteFrom('held_feed_chunks').where('file', '=', name).execute();
      expect(await copyHeldFile(t.database.db, name, path.join(dir, 'gone'))).toBe(false);

      // From a source whose pieces are no chunk's size: cut the same way, the same bytes back.
      async function* pieces() {
        for (let at = 0; at < bytes.length; at += 300_001) yield bytes.subarray(at, at + 300_001);
      }
      await writeHeldChunks(t.database.db, 'pieces.feed', pieces());
      expect((await chunksOf('pieces.feed')).map((c) => Number(c.size))).toEqual([HELD_CHUNK_BYTES, HELD_CHUNK_BYTES, HELD_CHUNK_BYTES, 12_345]);
      expect(await copyHeldFile(t.database.db, 'pieces.feed', path.join(dir, 'pieces'))).toBe(true);
      expect(sha(fs.readFileSync(path.join(dir, 'pieces')))).toBe(sha(bytes));
      await t.database.db.deleteFrom('held_feed_chunks').where('file', '=', 'pieces.feed').execute();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps an empty file as one empty chunk', async () => {
    await writeHeldChunks(t.database.db, 'empty.feed', bytesOf());
    expect((await chunksOf('empty.feed')).map((c) => Number(c.size))).toEqual([0]);
    await t.database.db.deleteFrom('held_feed_chunks').where('file', '=', 'empty.feed').execute();
  });

  it('leaves no chunk of a file whose write fails half way', async () => {
    async function* failing() {
      yield randomBytes(HELD_CHUNK_BYTES);
      yield randomBytes(HELD_CHUNK_BYTES + 10);
      throw new Error('the connection dropped');
    }
    await expect(writeHeldChunks(t.database.db, 'half.feed', failing())).rejects.toThrow('the connection dropped');
    expect(await chunksOf('half.feed')).toEqual([]);
  });
});

describe("the dashboard's supplier feeds", () => {
  const feeds = async (token = t.admin) => (await t.request('GET', '/api/dashboard/stats', token)).json().supplierFeeds;
  const problemsOf = async (profileIds: number[]) => ((await feeds()).problems as Array<Record<string, unknown>>).filter((p) => profileIds.includes(p.profileId as number));

  it('lists held and failed feed runs of the last 7 days until dismissed or followed by a complete run', async () => {
    // Every run before this test is put right or dismissed already, but for those the test below leaves.
    await t.database.db.updateTable('import_runs').set({ status: 'dismissed' }).where('status', 'in', ['held', 'failed']).execute();
    const held = await createFeedProfile();
    const failing = await createFeedProfile({ url: `${base}/missing.csv` });
    expect(await feeds()).toMatchObject({ problems: [], total: 0 });
    body = 'SKU,Qty,Price\nH1,9,10\n';
    const heldRun = await runFeed(held.id);
    const failedRun = await runFeed(failing.id);
    const card = await feeds();
    expect(card.feedProfiles).toBeGreaterThanOrEqual(2);
    expect(card.total).toBe(2);
    expect(card.problems).toEqual([
      { importId: failedRun.id, status: 'failed', profileId: failing.id, profileName: failing.name, vendorName: 'Held Vendor', startedAt: failedRun.startedAt, message: 'The server answered 404 (Not Found)' },
      { importId: heldRun.id, status: 'held', profileId: held.id, profileName: held.name, vendorName: 'Held Vendor', startedAt: heldRun.startedAt, message: heldRun.message },
    ]);
    // Not for a user who may not work with products: the runs are products work.
    expect(await feeds(noProducts.token)).toBeNull();

    // Dismissed: gone. Failed 8 days ago: gone. Failed, then a complete run of the same profile: gone.
    await t.request('POST', `/api/imports/${heldRun.id}/dismiss`, t.admin);
    expect((await problemsOf([held.id, failing.id])).map((p) => p.importId)).toEqual([failedRun.id]);
    await t.database.db.updateTable('import_runs').set({ started_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() }).where('id', '=', failedRun.id).execute();
    expect(await problemsOf([failing.id])).toEqual([]);
    await t.database.db.updateTable('import_runs').set({ started_at: new Date().toISOString() }).where('id', '=', failedRun.id).execute();
    expect(await problemsOf([failing.id])).toHaveLength(1);
    const { fields, feedFields } = await profileBody(failing.id);
    await t.request('PUT', `/api/import-profiles/${failing.id}`, t.admin, { ...fields, feed: { ...feedFields, url: `${base}/stock.csv`, fullList: false } });
    expect((await runFeed(failing.id)).status).toBe('complete');
    expect(await feeds()).toMatchObject({ problems: [], total: 0 });
  });

  it("counts a held run staff applied by hand as the feed's latest outcome, though a failed run started after it", async () => {
    const profile = await createFeedProfile();
    body = 'SKU,Qty,Price\nH1,9,10\n';
    const held = await runFeed(profile.id);
    await setFeedUrl(profile.id, `${base}/missing.csv`);
    const failed = await runFeed(profile.id);
    expect(failed.id).toBeGreaterThan(held.id);
    expect((await problemsOf([profile.id])).map((p) => p.importId)).toEqual([failed.id, held.id]);

    expect((await t.request('POST', `/api/imports/${held.id}/apply`, t.admin)).statusCode).toBe(202);
    expect(await waitForEnd(held.id)).toMatchObject({ status: 'complete' });
    expect(await problemsOf([profile.id])).toEqual([]);
    // On the Imports page too, the applied run is the newest outcome.
    expect((await runs())[0]!.id).toBe(held.id);
  });

  it('counts the profiles with a feed from their has_feed flag, kept right on create and update', async () => {
    const hasFeed = async (id: number) => (await t.database.db.selectFrom('import_profiles').select('has_feed').where('id', '=', id).executeTakeFirstOrThrow()).has_feed;
    const counted = async () => (await feeds()).feedProfiles as number;
    const before = await counted();
    const plain = (await t.request('POST', '/api/import-profiles', t.admin, { name: 'No feed', vendorId, mapping: { sku: 'SKU', stock: 'Qty' } })).json().profile;
    expect(await hasFeed(plain.id)).toBe(0);
    const withFeed = await createFeedProfile();
    expect(await hasFeed(withFeed.id)).toBe(1);
    expect(await counted()).toBe(before + 1);

    const { fields, feedFields } = await profileBody(withFeed.id);
    const put = (payload: Record<string, unknown>) => t.request('PUT', `/api/import-profiles/${withFeed.id}`, t.admin, { ...fields, ...payload });
    expect((await put({ feed: null })).statusCode).toBe(200);
    expect(await hasFeed(withFeed.id)).toBe(0);
    expect(await counted()).toBe(before);
    expect((await put({ feed: feedFields })).statusCode).toBe(200);
    expect(await hasFeed(withFeed.id)).toBe(1);
    // A form that knows nothing of feeds leaves the feed, and the flag, as they are; a refused edit changes neither.
    expect((await put({})).statusCode).toBe(200);
    expect((await put({ feed: { ...feedFields, url: 'ftp://example.test/f.csv' } })).statusCode).toBe(400);
    expect(await hasFeed(withFeed.id)).toBe(1);
    expect((await t.request('PUT', `/api/import-profiles/${plain.id}`, t.admin, { ...(await profileBody(plain.id)).fields, feed: feedFields })).statusCode).toBe(200);
    expect(await hasFeed(plain.id)).toBe(1);
    expect(await counted()).toBe(before + 2);
  });
});

/** A stored profile as an edit sends it back: its fields without the answer-only ones, and its feed's apart. */
async function profileBody(profileId: number) {
  const { id: _id, vendorName: _v, createdAt: _c, updatedAt: _u, lastUsedAt: _l, feed, ...fields } = (await t.request('GET', `/api/import-profiles/${profileId}`, t.admin)).json().profile;
  const { hasSecret: _h, ...feedFields } = feed ?? {};
  return { fields, feedFields };
}

/** Points a profile's feed at another URL, the rest of it as it was. */
async function setFeedUrl(profileId: number, url: string) {
  const { fields, feedFields } = await profileBody(profileId);
  const res = await t.request('PUT', `/api/import-profiles/${profileId}`, t.admin, { ...fields, feed: { ...feedFields, url } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The id of the newest run with this status. */
function first(list: Array<Record<string, any>>, status: string): number {
  return list.find((r) => r.status === status)!.id;
}
