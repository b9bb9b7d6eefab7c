import path from 'node:path';
import { parseDatabaseUrl, type DatabaseTarget } from '../server/src/config.js';

/** Where `npm run demo` puts its shop when DATABASE_URL is not set: a file apart from the real shop's. */
export const DEFAULT_DEMO_FILE = 'data/demo.db';

/**
 * The demo's database: DATABASE_URL when it is set (a SQLite file or PostgreSQL, as for `npm start`,
 * README), else data/demo.db. A relative SQLite path is taken from the repository root, where both
 * the seeding and the server run.
 */
export function demoTarget(env: NodeJS.ProcessEnv, root: string): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  const target = parseDatabaseUrl(url ? url : DEFAULT_DEMO_FILE);
  return target.kind === 'sqlite' && target.file !== ':memory:' ? { kind: 'sqlite', file: path.resolve(root, target.file) } : target;
}

/** The target as the messages name it, without a PostgreSQL password. */
export function describeTarget(target: DatabaseTarget, root: string): string {
  if (target.kind === 'sqlite') return path.relative(root, target.file).startsWith('..') ? target.file : path.relative(root, target.file);
  const url = new URL(target.url);
  if (url.password) url.password = '***';
  return url.toString();
}
