import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MISSING_MAX_PERCENT, FEED_HEADER_NAME_MESSAGE, IMPORT_PROFILE_MESSAGES } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let vendorId: number;
let otherVendorId: number;
let noProducts: { token: string };

beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Harbour Supply');
  otherVendorId = await insertVendor(t.database.db, 'Keel Co');
  noProducts = await t.registerWithout('noproducts', t.admin, 'products');
});

const stockFeed = () => ({
  name: 'Daily stock',
  vendorId,
  headers: ['Item', 'Qty', 'Cost'],
  mapping: { sku: 'Item', stock: 'Qty', vendor_cost: 'Cost' },
  updateFields: ['stock', 'vendor_cost'],
  createNew: false,
  emptyCells: 'keep',
  missing: { action: 'zero_stock', maxPercent: 10 },
});

describe('import profiles API', () => {
  it('creates a profile with its rules and answers it with the defaults of what it did not give', async () => {
    const res = await t.request('POST', '/api/import-profiles', t.admin, stockFeed());
    expect(res.statusCode).toBe(201);
    expect(res.json().profile).toMatchObject({
      ...stockFeed(),
      id: expect.any(Number),
      vendorName: 'Harbour Supply',
      encoding: 'auto',
      delimiter: 'auto',
      mode: 'ultra-fast',
      updateExisting: true,
      lastUsedAt: null,
    });
    const minimal = await t.request('POST', '/api/import-profiles', t.admin, { name: 'Catalogue', vendorId, mapping: { sku: 'SKU', name: 'Name' } });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json().profile).toMatchObject({ updateFields: null, createNew: true, emptyCells: 'clear', missing: { action: 'leave', maxPercent: DEFAULT_MISSING_MAX_PERCENT }, headers: [] });
  });

  it('lists profiles, by vendor when asked, and reads, edits and deletes one', async () => {
    const created = (await t.request('POST', '/api/import-profiles', t.admin, { ...stockFeed(), name: 'Weekly prices', vendorId: otherVendorId })).json().profile;
    const all = (await t.request('GET', '/api/import-profiles', t.admin)).json().profiles;
    expect(all.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Daily stock', 'Weekly prices']));
    const ofOther = (await t.request('GET', `/api/import-profiles?vendorId=${otherVendorId}`, t.admin)).json().profiles;
    expect(ofOther.map((p: { name: string }) => p.name)).toEqual(['Weekly prices']);

    const edited = await t.request('PUT', `/api/import-profiles/${created.id}`, t.admin, { ...stockFeed(), name: 'Weekly prices', vendorId: otherVendorId, createNew: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().profile.createNew).toBe(true);
    expect((await t.request('GET', `/api/import-profiles/${created.id}`, t.admin)).json().profile.createNew).toBe(true);

    const deleted = await t.request('DELETE', `/api/import-profiles/${created.id}`, t.admin);
    expect(deleted.json()).toEqual({ message: IMPORT_PROFILE_MESSAGES.deleted });
    expect((await t.request('GET', `/api/import-profiles/${created.id}`, t.admin)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/import-profiles/${created.id}`, t.admin)).statusCode).toBe(404);
    expect((await t.request('PUT', `/api/import-profiles/${created.id}`, t.admin, stockFeed())).statusCode).toBe(404);
  });

  it("refuses a second profile of the same name for the vendor, whatever its case, and allows it for another vendor", async () => {
    const res = await t.request('POST', '/api/import-profiles', t.admin, { ...stockFeed(), name: 'DAILY STOCK' });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.fields.name).toBe(IMPORT_PROFILE_MESSAGES.nameTaken);
    expect((await t.request('POST', '/api/import-profiles', t.admin, { ...stockFeed(), vendorId: otherVendorId })).statusCode).toBe(201);
  });

  it('names the field of a bad profile', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'name'],
      [{ vendorId: 0 }, 'vendorId'],
      [{ mapping: { colour: 'Colour' } }, 'mapping'],
      [{ updateFields: ['price'] }, 'updateFields'],
      [{ emptyCells: 'sometimes' }, 'emptyCells'],
      [{ missing: { action: 'delete', maxPercent: 20 } }, 'missing'],
      [{ missing: { action: 'disable', maxPercent: 120 } }, 'missing'],
      [{ delimiter: 'x' }, 'delimiter'],
      [{ feed: 'https://example.test' }, ''],
      // A header name the fetch could not send (a space, a colon) or none at all, under the header's name.
      [{ feed: { url: 'https://feeds.example.test/stock.csv', authKind: 'header', authName: 'X Api Key', authSecret: 't' } }, 'feed.authName'],
      [{ feed: { url: 'https://feeds.example.test/stock.csv', authKind: 'header', authName: 'X-Key:', authSecret: 't' } }, 'feed.authName'],
      [{ feed: { url: 'https://feeds.example.test/stock.csv', authKind: 'header', authName: '' } }, 'feed.authName'],
    ];
    for (const [change, field] of cases) {
      const res = await t.request('POST', '/api/import-profiles', t.admin, { ...stockFeed(), name: `Bad ${field}`, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      if (field) expect(Object.keys(res.json().details.fields).join(' '), JSON.stringify(change)).toContain(field);
    }
    const header = await t.request('POST', '/api/import-profiles', t.admin, { ...stockFeed(), name: 'Bad header', feed: { url: 'https://feeds.example.test/stock.csv', authKind: 'header', authName: 'X Api Key' } });
    expect(header.json().details.fields['feed.authName']).toBe(FEED_HEADER_NAME_MESSAGE);
    const goodHeader = await t.request('POST', '/api/import-profiles', t.admin, {
      ...stockFeed(),
      name: 'Token header',
      feed: { url: 'https://feeds.example.test/stock.csv', authKind: 'header', authName: 'X-Api-Key', authSecret: 'tok' },
    });
    expect(goodHeader.statusCode, goodHeader.body).toBe(201);
    expect(goodHeader.json().profile.feed).toMatchObject({ authKind: 'header', authName: 'X-Api-Key', hasSecret: true });
    const unknownVendor = await t.request('POST', '/api/import-profiles', t.admin, { ...stockFeed(), name: 'Nobody', vendorId: 99_999 });
    expect(unknownVendor.statusCode).toBe(400);
    expect(unknownVendor.json().details.fields.vendorId).toBe(IMPORT_PROFILE_MESSAGES.vendorNotFound);
  });

  it('needs a token and the products permission', async () => {
    expect((await t.request('GET', '/api/import-profiles')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/import-profiles', undefined, stockFeed())).statusCode).toBe(401);
    expect((await t.request('GET', '/api/import-profiles', noProducts.token)).statusCode).toBe(403);
    expect((await t.request('POST', '/api/import-profiles', noProducts.token, { ...stockFeed(), name: 'Denied' })).statusCode).toBe(403);
    expect((await t.request('DELETE', '/api/import-profiles/1', noProducts.token)).statusCode).toBe(403);
  });

  it("goes with its vendor", async () => {
    const vendor = await insertVendor(t.database.db, 'Short lived');
    await t.request('POST', '/api/import-profiles', t.admin, { ...stockFeed(), vendorId: vendor });
    expect((await t.request('DELETE', `/api/vendors/${vendor}`, t.admin)).statusCode).toBe(200);
    expect((await t.request('GET', `/api/import-profiles?vendorId=${vendor}`, t.admin)).json().profiles).toEqual([]);
  });
});
