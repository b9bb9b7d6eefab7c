import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../../db/clock.js';
import { createDatabase } from '../../db/database.js';
import { migrateTo, migrateToLatest } from '../../db/migrate.js';
import { insertVendor } from '../../test/fixtures.js';
import { freshDatabase } from '../../test/test-app.js';

// Migration 0042 (issue 22): the profiles saved before it get has_feed from their settings.
describe('migration 0042 on a database with import profiles', () => {
  it('marks has_feed on the profiles whose settings hold a feed, and only those', async () => {
    const { target, drop } = await freshDatabase();
    const database = createDatabase(target);
    try {
      await migrateTo(database, '0041-parent-quality-and-set-based-bits');
      const db = database.db as unknown as Kysely<any>;
      const vendorId = await insertVendor(database.db, 'Old Vendor');
      const now = nowIso();
      const profile = async (name: string, settings: object) =>
        (await db.insertInto('import_profiles').values({ vendor_id: vendorId, name, settings: JSON.stringify(settings), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id as number;
      const uploaded = await profile('Uploaded', { mapping: { sku: 'SKU' }, feed: null });
      const fed = await profile('Fed', { mapping: { sku: 'SKU' }, feed: { url: 'https://example.test/f.csv', authKind: 'none' } });

      await migrateToLatest(database);
      const flags = await database.db.selectFrom('import_profiles').select(['id', 'has_feed']).orderBy('id').execute();
      expect(flags).toEqual([
        { id: uploaded, has_feed: 0 },
        { id: fed, has_feed: 1 },
      ]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
