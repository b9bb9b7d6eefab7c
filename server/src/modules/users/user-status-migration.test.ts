import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.js';
import { nowIso } from '../../db/clock.js';
import { migrateTo, migrateToLatest } from '../../db/migrate.js';
import { findUserById, toUser } from './index.js';
import { freshDatabase } from '../../test/test-app.js';

// Migration 0027 (issue 24): accounts from before the approval step stay active, with their flags.
describe('migration 0027 on a database with users', () => {
  it('keeps every existing account active and its permissions as they were', async () => {
    const { target, drop } = await freshDatabase();
    const database = createDatabase(target);
    try {
      await migrateTo(database, '0026-sort-indexes-nulls-first');
      const db = database.db as unknown as Kysely<any>;
      const now = nowIso();
      const row = (username: string, role: string, more: Record<string, number> = {}) => ({
        username, email: `${username}@example.test`, password_hash: 'x', role, created_at: now, updated_at: now, ...more,
      });
      const { id: admin } = await db.insertInto('users').values(row('old-admin', 'admin')).returning('id').executeTakeFirstOrThrow();
      const { id: manager } = await db.insertInto('users').values(row('old-hand', 'shop_manager', { perm_vendors: 0 })).returning('id').executeTakeFirstOrThrow();

      await migrateToLatest(database);
      const oldAdmin = toUser((await findUserById(database.db, admin))!);
      const oldHand = toUser((await findUserById(database.db, manager))!);
      expect(oldAdmin).toMatchObject({ status: 'active', permissions: { products: true, settings: true } });
      expect(oldHand).toMatchObject({ status: 'active', permissions: { products: true, categories: true, vendors: false, settings: false } });

      // Only the two statuses are stored.
      await expect(database.db.updateTable('users').set({ status: 'refused' as 'pending' }).where('id', '=', manager).execute()).rejects.toThrow();
    } finally {
      await database.close();
      await drop();
    }
  });
});
