import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, ROW_WRITE_MESSAGES } from '@bosun/shared';
import { insertVendor } from '../../test/fixtures.js';
import { expectImportComplete, setupTestApp, sseEvents } from '../../test/test-app.js';
import { rowWriteFailure } from './import-rules.js';

/**
 * What staff read when the database refuses an import (issue 19): a row's error and a failed run's
 * message are our sentences, never the driver's text; the raw error goes to the server's log.
 * The database is made to refuse by triggers whose messages carry RAW, on the engine the suite runs on.
 */
const logLines: string[] = [];
const t = setupTestApp({}, { logger: { level: 'warn', stream: new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) }) } });
let vendorId: number;
beforeAll(async () => {
  vendorId = await insertVendor(t.database.db, 'Refusing Marine');
});
const dropped: string[] = [];
afterEach(async () => {
  for (const statement of dropped.splice(0)) await sql.raw(statement).execute(t.database.db);
  logLines.length = 0;
});

/** A trigger refusing with `text` before a row is inserted into `table` when `when` holds (SQL over `new`). */
async function refuseInsert(table: string, when: string, text: string) {
  const name = `refuse_${table}`;
  if (t.database.dialect === 'sqlite') {
    await sql.raw(`create trigger ${name} before insert on ${table} when ${when} begin select raise(abort, '${text}'); end`).execute(t.database.db);
    dropped.push(`drop trigger ${name}`);
  } else {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin if ${when} then raise exception '${text}'; end if; return new; end $$`).execute(t.database.db);
    await sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`).execute(t.database.db);
    dropped.push(`drop trigger ${name} on ${table}`, `drop function ${name}()`);
  }
}

const upload = (mode: string, fileName: string, csv: string) =>
  t.upload(`/api/products/import/${mode}`, t.admin, { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name' }), selectedVendor: String(vendorId) }, { name: fileName, content: csv });
const runNamed = async (fileName: string) => (await t.request('GET', '/api/imports?limit=50', t.admin)).json().imports.find((r: { fileName: string }) => r.fileName === fileName);
const logged = () => logLines.join('');

describe('a row the database refuses', () => {
  it.each(['standard', 'ultra-fast'])('is reported in our words, its raw error only in the log (%s)', async (mode) => {
    await refuseInsert('products', "new.sku like 'ZAP%'", 'RAW trigger text');
    const { complete } = expectImportComplete(await upload(mode, `refused-${mode}.csv`, `SKU,Name\nFINE-${mode},Fine\nZAP-${mode},Refused\n`));
    expect(complete).toMatchObject({ imported: 1, errorCount: 1 });
    expect(complete.errors).toEqual([`Row 3: ${ROW_WRITE_MESSAGES.notSaved(ROW_WRITE_MESSAGES.refused)}`]);
    expect(complete.errorRows[0].reason).toBe(complete.errors[0]);
    expect(JSON.stringify(await runNamed(`refused-${mode}.csv`))).not.toContain('RAW');
    expect(logged()).toContain('RAW trigger text');
    expect(logged()).toContain(`ZAP-${mode}`);
  });
});

describe("the engine's refusals in our words (rowWriteFailure)", () => {
  const caught = async (write: Promise<unknown>) => write.then(() => expect.unreachable('the write succeeded'), (err: unknown) => rowWriteFailure(err, 'DUP-1'));
  const product = (values: Record<string, unknown>) => ({ sku: 'DUP-1', name: 'Dup', created_at: '2026-01-01', updated_at: '2026-01-01', ...values });

  it('says a duplicate SKU, a value not allowed and an empty required value, keeping the raw text as the cause', async () => {
    const db = t.database.db;
    await db.insertInto('products').values(product({})).execute();
    const duplicate = await caught(db.insertInto('products').values(product({})).execute());
    expect(duplicate.reason).toBe('could not be saved (duplicate SKU DUP-1)');
    expect(duplicate.cause).toMatch(/unique|duplicate/i);
    const status = await caught(db.insertInto('products').values(product({ sku: 'DUP-2', stock_status: 'sold' as 'in_stock' })).execute());
    expect(status.reason).toBe(ROW_WRITE_MESSAGES.notSaved(ROW_WRITE_MESSAGES.valueNotAllowed));
    const unnamed = await caught(db.insertInto('products').values(product({ sku: 'DUP-3', name: null as unknown as string })).execute());
    expect(unnamed.reason).toBe(ROW_WRITE_MESSAGES.notSaved(ROW_WRITE_MESSAGES.missingValue));
    await db.deleteFrom('products').where('sku', '=', 'DUP-1').execute();
  });
});

describe('an import that fails as a whole', () => {
  it('ends failed, not running, when its history change cannot start: our sentence in the run and the stream, the raw error in the log', async () => {
    await refuseInsert('changes', "new.source = 'import'", 'RAW change text');
    const res = await upload('standard', 'no-change.csv', 'SKU,Name\nNC-1,Never\n');
    expect(sseEvents(res.body).at(-1)).toEqual({ type: 'error', message: IMPORT_MESSAGES.importFailed });
    expect(await runNamed('no-change.csv')).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.importFailed });
    expect(await t.database.db.selectFrom('products').select('sku').where('sku', '=', 'NC-1').execute()).toEqual([]);
    expect(logged()).toContain('RAW change text');
  });

  it('records our sentence when its writes fail midway (the vendor counts refused on SQLite, a deferred check at the commit on PostgreSQL)', async () => {
    const db = t.database.db;
    const doomed = await insertVendor(db, 'Doomed Marine');
    if (t.database.dialect === 'sqlite') {
      await sql.raw(`create trigger doom_vendor before update of product_count on vendors when new.id = ${doomed} begin select raise(abort, 'RAW vendor text'); end`).execute(db);
      dropped.push('drop trigger doom_vendor');
    } else {
      await sql.raw(`create function doom_vendor() returns trigger language plpgsql as $$ begin if new.vendor_id = ${doomed} then raise exception 'RAW vendor text'; end if; return null; end $$`).execute(db);
      await sql.raw('create constraint trigger doom_vendor after insert on products deferrable initially deferred for each row execute function doom_vendor()').execute(db);
      dropped.push('drop trigger doom_vendor on products', 'drop function doom_vendor()');
    }
    const res = await t.upload('/api/products/import/lightning', t.admin, { fieldMapping: JSON.stringify({ sku: 'SKU', name: 'Name' }), selectedVendor: String(doomed) }, { name: 'doomed.csv', content: 'SKU,Name\nDOOM-1,Doomed\n' });
    expect(sseEvents(res.body).at(-1)).toEqual({ type: 'error', message: IMPORT_MESSAGES.importFailed });
    expect(await runNamed('doomed.csv')).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.importFailed });
    expect(logged()).toContain('RAW vendor text');
  });
});
