import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/database.js';
import { queryPlan } from '../../test/query-plan.js';
import { setupTestApp } from '../../test/test-app.js';
import { importRunPage } from './import-runs.repository.js';
import { listImports } from './import-runs.service.js';

/**
 * Issue 22, the Imports page: running runs first, then by when they ended (a held run applied by
 * hand ends after runs started later), newest first; one profile's runs; the page and its total
 * from one snapshot; and the order walked from an index, not sorted.
 */
const t = setupTestApp();
/** A second connection (pool on PostgreSQL): a server recording a run while the page is read. */
let other: Database;

beforeAll(() => {
  other = createDatabase(t.config.database);
});
afterAll(() => other.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('import_runs').execute();
});

const at = (hour: number) => `2026-05-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
/** Records a run as a server would have; `ended` null for a running one. */
async function recordRun(db: Database['db'], fileName: string, status: string, started: string, ended: string | null, profileId: number | null = null) {
  const row = await db
    .insertInto('import_runs')
    .values({ file_name: fileName, mode: 'standard', status: status as never, started_at: started, finished_at: ended, heartbeat_at: started, server_id: 'elsewhere:1:x', profile_id: profileId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const listed = async (query = '') => {
  const res = await t.request('GET', `/api/imports${query}`, t.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { imports: Array<{ fileName: string }>; pagination: { total: number; pages: number } };
};
const names = (page: { imports: Array<{ fileName: string }> }) => page.imports.map((r) => r.fileName);

describe('the Imports list', () => {
  it('lists running runs first, then by when they ended, newest first, then by id; and one profile\'s runs', async () => {
    const db = t.database.db;
    await recordRun(db, 'ten', 'complete', at(9), at(10), 7);
    await recordRun(db, 'running-old', 'running', at(8), null, 7);
    await recordRun(db, 'nine', 'failed', at(9), at(9));
    // A held run applied by hand: started before the others, ended after them.
    await recordRun(db, 'applied-held', 'complete', at(1), at(11), 7);
    await recordRun(db, 'running-new', 'running', at(12), null);
    await recordRun(db, 'ten-later-id', 'held', at(10), at(10), 8);
    const all = await listed();
    expect(names(all)).toEqual(['running-new', 'running-old', 'applied-held', 'ten-later-id', 'ten', 'nine']);
    expect(all.pagination).toMatchObject({ total: 6, pages: 1 });
    expect(names(await listed('?limit=2&page=2'))).toEqual(['applied-held', 'ten-later-id']);

    const ofProfile = await listed('?profileId=7&limit=2');
    expect(names(ofProfile)).toEqual(['running-old', 'applied-held']);
    expect(ofProfile.pagination).toMatchObject({ total: 3, pages: 2 });
    expect(names(await listed('?profileId=7&limit=2&page=2'))).toEqual(['ten']);
    expect((await listed('?profileId=999')).pagination.total).toBe(0);
  });

  it('refuses a profileId that is not a positive whole number, naming it', async () => {
    for (const bad of ['abc', '0', '1.5']) {
      const res = await t.request('GET', `/api/imports?profileId=${bad}`, t.admin);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().details.fields), bad).toContain('profileId');
    }
  });

  it('answers a page and the total it belongs to, also when a run is recorded between their reads', async () => {
    await recordRun(t.database.db, 'first', 'complete', at(9), at(9));
    let recorded = false;
    // Right after the page is read, another server records a run, before the total is counted.
    const recordAfterFirstRead: KyselyPlugin = {
      transformQuery: ({ node }: { node: RootOperationNode }) => node,
      transformResult: async ({ result }) => {
        if (!recorded) {
          recorded = true;
          await recordRun(other.db, 'between', 'complete', at(10), at(10));
        }
        return result;
      },
    };
    const answer = await listImports(t.database.db.withPlugin(recordAfterFirstRead), { page: 1, limit: 20 });
    expect(recorded).toBe(true);
    expect(answer.imports.map((r) => r.fileName)).toEqual(['first']);
    expect(answer.pagination.total).toBe(1);
    expect((await listed()).pagination.total).toBe(2);
  });

  it('walks an index for the order, with and without the profile, instead of sorting the runs', async () => {
    for (let i = 0; i < 200; i++) await recordRun(t.database.db, `run-${i}`, i % 10 ? 'complete' : 'running', at(i % 24), i % 10 ? at(i % 24) : null, i % 3);
    for (const [filter, index] of [
      [{}, 'import_runs_list_order'],
      [{ profileId: 2 }, 'import_runs_profile_list_order'],
    ] as const) {
      const plan = await queryPlan(t.database, importRunPage(t.database.db, filter, 20, 10).compile());
      expect(plan, index).toContain(index);
      expect(plan, index).not.toMatch(t.database.dialect === 'sqlite' ? /TEMP B-TREE/ : /Sort/);
    }
  });
});
