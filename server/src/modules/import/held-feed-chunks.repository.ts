import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The queries of held_feed_chunks (migration 0050): held feed files in the database, by name and chunk number. */

export async function insertHeldChunk(db: Kysely<DB>, file: string, chunk: number, bytes: Buffer, writtenAt: string): Promise<void> {
  await db.insertInto('held_feed_chunks').values({ file, chunk, bytes, written_at: writtenAt }).execute();
}

/** One chunk's bytes, or undefined past the file's last chunk: a read holds one chunk at a time. */
export async function findHeldChunk(db: Kysely<DB>, file: string, chunk: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('held_feed_chunks').select('bytes').where('file', '=', file).where('chunk', '=', chunk).executeTakeFirst();
  return row?.bytes;
}

export async function deleteHeldChunks(db: Kysely<DB>, files: string[]): Promise<void> {
  if (files.length) await db.deleteFrom('held_feed_chunks').where('file', 'in', files).execute();
}

/** Every kept file's name and when its last chunk was written (a handful of files: at most one a feed profile, and those being written). */
export async function listHeldChunkFiles(db: Kysely<DB>): Promise<Array<{ file: string; lastWrittenAt: string }>> {
  const rows = await db.selectFrom('held_feed_chunks').select(['file', (eb) => eb.fn.max('written_at').as('last')]).groupBy('file').execute();
  return rows.map((r) => ({ file: r.file, lastWrittenAt: String(r.last) }));
}
