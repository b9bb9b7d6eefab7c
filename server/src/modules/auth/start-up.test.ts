import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { freshDatabase, testConfig } from '../../test/test-app.js';

describe('start-up', () => {
  it('lets several app servers start together on an empty database with the ADMIN_* variables, and creates one admin', async () => {
    const { target, drop } = await freshDatabase();
    const config = testConfig(target, { bootstrapAdmin: { username: 'harbourmaster', email: 'hm@example.test', password: 'start-up-pass' } });
    const started = await Promise.allSettled([0, 1, 2].map(() => buildApp(config, { logger: false })));
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started']);
      const apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value.app] : []));
      const users = await apps[0]!.deps.db.selectFrom('users').select(['username', 'role']).execute();
      expect(users).toEqual([{ username: 'harbourmaster', role: 'admin' }]);
      // Every server signs with the one secret kept in the database: a token from one works on another.
      const login = await apps[1]!.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'harbourmaster', password: 'start-up-pass' } });
      expect(login.statusCode).toBe(200);
      const verify = await apps[2]!.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${login.json().token}` } });
      expect(verify.statusCode).toBe(200);
    } finally {
      for (const s of started) if (s.status === 'fulfilled') await s.value.app.close();
      await drop();
    }
  });
});
