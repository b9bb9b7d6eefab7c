import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoTarget, describeTarget } from './demo-target.js';

const root = '/repo';

describe('demoTarget', () => {
  it('is data/demo.db without DATABASE_URL (or with an empty one)', () => {
    expect(demoTarget({}, root)).toEqual({ kind: 'sqlite', file: path.resolve(root, 'data/demo.db') });
    expect(demoTarget({ DATABASE_URL: '  ' }, root)).toEqual({ kind: 'sqlite', file: path.resolve(root, 'data/demo.db') });
  });

  it('honours DATABASE_URL: a SQLite path (relative to the repository), sqlite:PATH, or PostgreSQL', () => {
    expect(demoTarget({ DATABASE_URL: './data/other.db' }, root)).toEqual({ kind: 'sqlite', file: path.resolve(root, 'data/other.db') });
    expect(demoTarget({ DATABASE_URL: 'sqlite:/tmp/shop.db' }, root)).toEqual({ kind: 'sqlite', file: '/tmp/shop.db' });
    expect(demoTarget({ DATABASE_URL: 'postgres://u:secret@127.0.0.1:5432/demo' }, root)).toEqual({ kind: 'postgres', url: 'postgres://u:secret@127.0.0.1:5432/demo' });
  });

  it('names the target without a password', () => {
    expect(describeTarget(demoTarget({}, root), root)).toBe('data/demo.db');
    expect(describeTarget(demoTarget({ DATABASE_URL: 'postgres://u:secret@127.0.0.1:5432/demo' }, root), root)).toBe('postgres://u:***@127.0.0.1:5432/demo');
  });
});
