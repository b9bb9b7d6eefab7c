import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { deleteHeldChunks, findHeldChunk, insertHeldChunk, listHeldChunkFiles } from './held-feed-chunks.repository.js';

/**
 * The files of held feed runs (issue 22), kept in the database (held_feed_chunks, migration 0050)
 * until the run is applied, dismissed or superseded by a newer run of its profile: at most one a
 * profile. Any app server on the database can apply or dismiss it. A file is written and read
 * one chunk of about 1 MB at a time, so its size (up to the feed's limit) never sits in memory.
 *
 * A file is written before the run that names it is recorded, each chunk its own statement (no
 * transaction holds SQLite's write lock for the whole file): a run names only a whole file, so a
 * server dying mid-write never leaves a half file to apply, only chunks no run names, which
 * start-up removes (removeUnheldChunks). A write that fails removes what it wrote.
 */

export const HELD_CHUNK_BYTES = 1024 * 1024;

/** Chunks no run names younger than this may be a write still under way on another server. */
const UNCLAIMED_GRACE_MS = 10 * 60_000;

const newHeldFileName = (profileId: number) => `profile-${profileId}-${randomBytes(6).toString('hex')}.feed`;

/** Cuts what the source gives into chunks of HELD_CHUNK_BYTES (the last shorter): at most two chunks' bytes in hand. */
async function* fixedChunks(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const piece of source) {
    pending.push(piece);
    size += piece.length;
    while (size >= HELD_CHUNK_BYTES) {
      const all = Buffer.concat(pending, size);
      yield all.subarray(0, HELD_CHUNK_BYTES);
      pending = [all.subarray(HELD_CHUNK_BYTES)];
      size -= HELD_CHUNK_BYTES;
    }
  }
  if (size > 0) yield Buffer.concat(pending, size);
}

/**
 * Writes the source's bytes as the held file `name`, chunk 0 first; an empty file is one empty
 * chunk, so that every kept file has a chunk 0. On failure, the chunks written are deleted.
 */
export async function writeHeldChunks(db: Kysely<DB>, name: string, source: AsyncIterable<Buffer>): Promise<void> {
  let chunk = 0;
  try {
    for await (const bytes of fixedChunks(source)) await insertHeldChunk(db, name, chunk++, bytes, nowIso());
    if (chunk === 0) await insertHeldChunk(db, name, 0, Buffer.alloc(0), nowIso());
  } catch (err) {
    await deleteHeldChunks(db, [name]);
    throw err;
  }
}

/** Keeps a fetched file (a path on this server's disk) in the database; answers its name there. */
export async function keepHeldFile(db: Kysely<DB>, fetched: string, profileId: number): Promise<string> {
  const name = newHeldFileName(profileId);
  await writeHeldChunks(db, name, fs.createReadStream(fetched, { highWaterMark: HELD_CHUNK_BYTES }));
  return name;
}

export const heldFileKept = async (db: Kysely<DB>, name: string): Promise<boolean> => (await findHeldChunk(db, name, 0)) !== undefined;

/** Copies a kept file, chunk by chunk, to `destination` on this server's disk (the import reads a file); false when it is not kept. */
export async function copyHeldFile(db: Kysely<DB>, name: string, destination: string): Promise<boolean> {
  const out = fs.createWriteStream(destination);
  const closed = once(out, 'close');
  let chunk = 0;
  try {
    for (let bytes = await findHeldChunk(db, name, 0); bytes; bytes = await findHeldChunk(db, name, ++chunk)) {
      if (!out.write(bytes)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await closed;
  }
  return chunk > 0;
}

export async function removeHeldFiles(db: Kysely<DB>, names: Array<string | null>): Promise<void> {
  await deleteHeldChunks(db, names.filter((n): n is string => n !== null));
}

/**
 * Removes the kept files no held (or being applied) run needs: those of runs that ended while
 * their file was not deleted (a server that died applying one), and those written by a server that
 * died before recording its run (named by no run, and not written to for a grace period). `named`
 * maps each file a run names to whether that run keeps it. Answers the names removed.
 */
export async function removeUnheldChunks(db: Kysely<DB>, named: Map<string, boolean>, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const { file, lastWrittenAt } of await listHeldChunkFiles(db)) {
    const keeps = named.get(file);
    if (keeps || (keeps === undefined && now - Date.parse(lastWrittenAt) < UNCLAIMED_GRACE_MS)) continue;
    removed.push(file);
  }
  await deleteHeldChunks(db, removed);
  return removed;
}
