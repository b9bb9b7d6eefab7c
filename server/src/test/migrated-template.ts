/**
 * The server project's global set-up: one database migrated to the latest version, made once per
 * run, that every test app's database starts as a copy of (test-app.ts: migratedDatabase). Running
 * the 40-odd migrations took 1-2.5 s per test app; a copy takes a few milliseconds on SQLite and
 * a fraction of a second on PostgreSQL (CREATE DATABASE … TEMPLATE).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { parseDatabaseUrl } from '../config.js';
import { onPostgresServer } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file, or the name of a migrated PostgreSQL database on TEST_DATABASE_URL. */
    migratedTemplate: string;
  }
}

async function migrate(url: string) {
  const database = createDatabase(parseDatabaseUrl(url));
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `bosun_template_${randomBytes(6).toString('hex')}`;
    await onPostgresServer(pgUrl, `create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    await migrate(url.toString());
    project.provide('migratedTemplate', name);
    return () => onPostgresServer(pgUrl, `drop database if exists ${name} with (force)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-template-'));
  const file = path.join(dir, 'migrated.db');
  // Closing checkpoints the WAL into the file, so the one file is the whole database.
  await migrate(file);
  project.provide('migratedTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
