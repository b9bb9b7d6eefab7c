import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The files of held feed runs (issue 22), kept in the configured held-feeds directory until the
 * run is applied, dismissed or superseded by a newer run of its profile: at most one a profile.
 * A file's name is random, not the run's id: it is moved in before the run that names it is
 * recorded, so that a run marked held always has its file.
 */

/** Files younger than this that no held run names may still be on their way to their run (another server's). */
const UNCLAIMED_GRACE_MS = 10 * 60_000;

/** Moves a fetched file into the held-feeds directory; answers its name there. */
export async function keepHeldFile(dir: string, fetched: string, profileId: number): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `profile-${profileId}-${randomBytes(6).toString('hex')}.feed`;
  const target = path.join(dir, name);
  try {
    await fs.promises.rename(fetched, target);
  } catch (err) {
    // The spool and the held directory on different file systems: copied, and the spool removes its copy.
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fs.promises.copyFile(fetched, target);
  }
  return name;
}

export const heldFilePath = (dir: string, name: string) => path.join(dir, path.basename(name));

export async function heldFileExists(dir: string, name: string): Promise<boolean> {
  return fs.promises.access(heldFilePath(dir, name)).then(
    () => true,
    () => false,
  );
}

export async function removeHeldFile(dir: string, name: string | null): Promise<void> {
  if (name) await fs.promises.rm(heldFilePath(dir, name), { force: true });
}

/**
 * Removes the files no held (or being applied) run keeps: those of runs that ended while their
 * file was not deleted (a server that died applying one), and those moved in by a server that
 * died before recording its run (named by no run, and older than a grace period). `named` maps
 * each file a run names to whether that run keeps it. Answers the names removed.
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
