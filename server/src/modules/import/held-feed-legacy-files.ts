import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { heldFileKept, keepHeldFile, removeHeldFiles } from './held-feed-store.js';
import { findHeldRunFiles, renameHeldFileOfRun } from './import-runs.repository.js';

/**
 * Before migration 0050 a held feed run's file was kept in a directory on the app server's disk
 * (FEED_HELD_DIR). At start-up each server moves the files its directory holds for held runs into
 * the database (held-feed-store.ts) and removes the rest, as start-up did before. A run is pointed
 * at the copy only once it is whole, and only while it still names the file on disk: of two
 * servers sharing one directory, one copy wins and the other's is deleted.
 */

/** Files younger than this that no held run names may still be on their way to their run (a server of the earlier version). */
const UNCLAIMED_GRACE_MS = 10 * 60_000;

const fileIn = (dir: string, name: string) => path.join(dir, path.basename(name));

/**
 * Moves into the database the files on disk of the runs still held; answers how many. A file that
 * cannot be moved stays on disk (logged), to be tried again at the next start: start-up goes on.
 */
async function moveHeldFilesIntoDatabase(db: Kysely<DB>, dir: string, log: FastifyBaseLogger): Promise<number> {
  let moved = 0;
  for (const run of await findHeldRunFiles(db)) {
    const onDisk = fileIn(dir, run.held_file);
    try {
      if ((await heldFileKept(db, run.held_file)) || !fs.existsSync(onDisk)) continue;
      const name = await keepHeldFile(db, onDisk, run.profile_id ?? 0);
      if (await renameHeldFileOfRun(db, run.id, run.held_file, name)) {
        await fs.promises.rm(onDisk, { force: true });
        moved += 1;
      } else {
        await removeHeldFiles(db, [name]);
      }
    } catch (err) {
      log.warn({ err, importRun: run.id, file: onDisk }, 'could not move a held feed file from the disk into the database');
    }
  }
  return moved;
}

/**
 * Removes the files no held (or being applied) run keeps: those of runs that ended while their
 * file was not deleted, and those moved in by a server that died before recording its run (named
 * by no run, and older than a grace period). `named` maps each file a run names to whether that
 * run keeps it. Answers the names removed.
 */
export async function removeUnheldFiles(dir: string, named: Map<string, boolean>, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const keeps = named.get(name);
    if (keeps) continue;
    const file = path.join(dir, name);
    if (keeps === undefined) {
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat || now - stat.mtimeMs < UNCLAIMED_GRACE_MS) continue;
    }
    await fs.promises.rm(file, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** At start-up: the held files an earlier version kept in `dir`, moved into the database. */
export async function moveLegacyHeldFiles(db: Kysely<DB>, dir: string, log: FastifyBaseLogger): Promise<void> {
  if (!fs.existsSync(dir)) return;
  const moved = await moveHeldFilesIntoDatabase(db, dir, log);
  if (moved > 0) log.info({ moved, dir }, `moved ${moved} held feed file(s) from the disk into the database`);
}
