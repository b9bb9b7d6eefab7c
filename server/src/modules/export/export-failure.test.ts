import http from 'node:http';
import type net from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportQuerySchema } from '@bosun/shared';
import { nowIso } from '../../db/clock.js';
import { setupTestApp } from '../../test/test-app.js';
import { exportProductsCsv } from './export.service.js';
import { sendSqliteExport } from './sqlite-export.js';

/**
 * A download that fails after its first bytes were sent must end so that the client sees a
 * failure (the connection cut before the chunked body's end), never a shorter file that looks
 * complete.
 */
const t = setupTestApp();
const PRODUCTS = 10_000;
/** 5 KB a row, 50 MB in all: far more than the sockets hold, so the download waits for its reader. */
const DESCRIPTION = 'A long description of a deck fitting. '.repeat(130);

beforeAll(async () => {
  const now = nowIso();
  for (let from = 0; from < PRODUCTS; from += 500) {
    const rows = Array.from({ length: 500 }, (_, i) => ({ sku: `F-${from + i}`, name: `Fitting ${from + i}`, description: DESCRIPTION, stock: 1, created_at: now, updated_at: now }));
    await t.database.db.insertInto('products').values(rows).execute();
  }
});

/** GETs url, reads the first bytes, runs `meanwhile`, then reads on: how the body ended. */
function download(url: string, headers: Record<string, string>, meanwhile: () => Promise<void>) {
  return new Promise<{ status: number; ended: boolean; bytes: number }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let bytes = 0;
        let ended = false;
        let first = true;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!first) return;
          first = false;
          res.pause();
          meanwhile().then(() => res.resume(), reject);
        });
        res.on('end', () => (ended = true));
        res.on('error', () => {});
        res.on('close', () => resolve({ status: res.statusCode!, ended: ended && res.complete, bytes }));
      })
      .on('error', reject);
  });
}

describe('an export that fails after it started', () => {
  it('ends the download as a failure, not as a shorter file', async () => {
    if (t.database.dialect === 'sqlite') {
      // The SQLite export's workers: a plan whose rows fail on the fourth block of ids.
      const plan = await exportProductsCsv(t.app.deps.db, t.app.deps.dialect, t.config.database, exportQuerySchema.parse({ mode: 'direct' }));
      if (plan.kind !== 'sqlite-workers') throw new Error('expected the workers');
      const rows = plan.plan.rows;
      plan.plan.rows = (share) => {
        const query = rows(share);
        const failing = query.sql.replace('select "p"."id"', () => `select case when "p"."id" > 6000 then json_extract('not json ' || "p"."id", '$') else "p"."id" end as "id"`);
        expect(failing).not.toBe(query.sql);
        return { ...query, sql: failing };
      };
      const server = Fastify();
      server.get('/export', async (_request, reply) => {
        await sendSqliteExport(reply, plan.plan);
        return reply;
      });
      await server.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { port } = server.server.address() as net.AddressInfo;
        const result = await download(`http://127.0.0.1:${port}/export`, {}, async () => {});
        expect(result).toMatchObject({ status: 200, ended: false });
        expect(result.bytes).toBeGreaterThan(0);
        expect(result.bytes).toBeLessThan(PRODUCTS * DESCRIPTION.length);
      } finally {
        await server.close();
      }
      return;
    }
    // PostgreSQL, read in chunks on the main thread: a column taken away between two chunks.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const result = await download(`http://127.0.0.1:${port}/api/products/export?mode=direct`, { authorization: `Bearer ${t.admin}` }, async () => {
      await sql`alter table products rename column description to description_gone`.execute(t.database.db);
    });
    await sql`alter table products rename column description_gone to description`.execute(t.database.db);
    expect(result).toMatchObject({ status: 200, ended: false });
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.bytes).toBeLessThan(PRODUCTS * DESCRIPTION.length);
  });
});
