import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where uploads are spooled: one directory per upload, named `<pid>-<random>`, under a directory
 * of the app's own. The pid says which process owns it, so that start-up can remove what a killed
 * server left (about 100 MB an import) without touching an upload another live server on the same
 * machine is still reading. A pid alone (not a lock file) suffices: the directory is made by the
 * owning process, and a pid that is reused by an unrelated process only delays the clean-up.
 */
export const SPOOL_ROOT = path.join(os.tmpdir(), 'bosun-uploads');

/** Upload directories this process is using now (several test apps share one process). */
const ownedHere = new Set<string>();

export async function makeSpoolDir(): Promise<{ dir: string; remove: () => Promise<void>; removeNow: () => void }> {
  await fs.promises.mkdir(SPOOL_ROOT, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(SPOOL_ROOT, `${process.pid}-`));
  ownedHere.add(dir);
  return {
    dir,
    remove: async () => {
      await fs.promises.rm(dir, { recursive: true, force: true });
      ownedHere.delete(dir);
    },
    /** The same, synchronously: for a reader whose close() is synchronous (an .xlsx's shared strings, xlsx-shared-strings.ts). */
    removeNow: () => {
      fs.rmSync(dir, { recursive: true, force: true });
      ownedHere.delete(dir);
    },
  };
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the spooled uploads no live process owns: those of a dead pid, and this process's own
 * that no upload of it is using (a pid reused after a kill). Returns the names removed.
 */
export async function removeOrphanSpools(root = SPOOL_ROOT): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    const dir = path.join(root, name);
    const orphan = pid === process.pid ? !ownedHere.has(dir) : !isProcessAlive(pid);
    if (!orphan) continue;
    await fs.promises.rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
