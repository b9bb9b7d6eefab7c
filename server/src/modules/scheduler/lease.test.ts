import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/test-app.js';
import { findLastRuns, releaseLease, renewLease, takeLease } from './lease.repository.js';

const t = setupTestApp();
const T0 = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const holderOf = async (name: string) => (await t.database.db.selectFrom('leases').select(['holder', 'expires_at']).where('name', '=', name).executeTakeFirst())?.holder;

describe('leases', () => {
  it('go to one holder until they expire or are released, then to the next', async () => {
    const db = t.database.db;
    expect(await takeLease(db, 'a', 'server-1', T0, 1000)).toBe(true);
    expect(await takeLease(db, 'a', 'server-2', later(999), 1000)).toBe(false);
    expect(await holderOf('a')).toBe('server-1');
    // Renewed by its holder only.
    expect(await renewLease(db, 'a', 'server-2', later(500), 1000)).toBe(false);
    expect(await renewLease(db, 'a', 'server-1', later(500), 1000)).toBe(true);
    expect(await takeLease(db, 'a', 'server-2', later(1200), 1000)).toBe(false);
    // Expired: taken over; the old holder can neither renew nor release it any more.
    expect(await takeLease(db, 'a', 'server-2', later(1500), 1000)).toBe(true);
    expect(await renewLease(db, 'a', 'server-1', later(1500), 1000)).toBe(false);
    expect(await releaseLease(db, 'a', 'server-1', later(1500))).toBe(false);
    expect(await holderOf('a')).toBe('server-2');
    expect((await findLastRuns(db, ['a'])).size).toBe(0);
    // Released with the finish time: free at once, and the time kept.
    expect(await releaseLease(db, 'a', 'server-2', later(1600))).toBe(true);
    expect(await holderOf('a')).toBeNull();
    expect((await findLastRuns(db, ['a', 'b'])).get('a')?.toISOString()).toBe(later(1600).toISOString());
    expect(await takeLease(db, 'a', 'server-1', later(1700), 1000)).toBe(true);
    expect(await releaseLease(db, 'a', 'server-1')).toBe(true);
    expect((await findLastRuns(db, ['a'])).get('a')?.toISOString()).toBe(later(1600).toISOString());
  });

  it('go to exactly one of many servers asking at the same moment', async () => {
    for (const name of ['fresh', 'expired']) {
      if (name === 'expired') await takeLease(t.database.db, name, 'dead-server', later(-5000), 1000);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => takeLease(t.database.db, name, `server-${i}`, T0, 60_000)));
      expect(answers.filter(Boolean), name).toHaveLength(1);
      expect(await holderOf(name)).toBe(`server-${answers.indexOf(true)}`);
    }
  });
});
