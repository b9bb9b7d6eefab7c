import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { parseDatabaseUrl } from '../../config.js';
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

  it.runIf(process.env.TEST_DATABASE_URL)('says what to do when PostgreSQL will not let it create pg_trgm, and does not start', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `bosun_test_${randomBytes(6).toString('hex')}`;
    const role = `${name}_app`;
    try {
      // A user who may create tables but not extensions: CREATE on the schema, not on the database.
      await admin.query(`create database ${name}`);
      await admin.query(`create role ${role} login password 'app-pass'`);
      const db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`) });
      await db.connect();
      await db.query(`revoke create on database ${name} from public; grant create, usage on schema public to ${role}`);
      await db.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      Object.assign(url, { username: role, password: 'app-pass', pathname: `/${name}` });
      const started = buildApp(testConfig(parseDatabaseUrl(url.toString())), { logger: false });
      await expect(started).rejects.toThrow(/needs the PostgreSQL extension pg_trgm .*CREATE EXTENSION pg_trgm/s);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs its PostgreSQL statements without JIT compilation', async () => {
    const { target, drop } = await freshDatabase();
    const { app } = await buildApp(testConfig(target), { logger: false });
    try {
      const { rows } = await sql<{ jit: string }>`show jit`.execute(app.deps.db);
      expect(rows[0]!.jit).toBe('off');
    } finally {
      await app.close();
      await drop();
    }
  });
});
