import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 22: a held feed run's file is kept in the database, not on one app server's disk, so that
 * any app server can apply or dismiss it and a replaced disk loses nothing. The file is cut into
 * chunks of about 1 MB (held-feed-store.ts) so that neither writing nor reading it holds the whole
 * file in memory: a blob on SQLite, bytea on PostgreSQL. `file` is the name import_runs.held_file
 * gives it; a run names it only once every chunk is written. written_at lets start-up tell the
 * chunks of a write still under way on another server from those a dead server left.
 */
export function heldFeedChunksMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('held_feed_chunks')
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('chunk', 'integer', (c) => c.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('written_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('held_feed_chunks_pk', ['file', 'chunk'])
        .execute();
    },
  };
}
