import type { Database } from '../db/database.js';
import { withImportLock } from '../modules/import/index.js';

/** Holds the import lock as a writing import would, until release(); resolves once it holds it. */
export async function holdImportLock(database: Database) {
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const held = withImportLock(database.db, database.dialect, () => {}, async () => {
    started();
    await new Promise<void>((r) => (release = r));
  });
  await running;
  return {
    /** Lets the lock go and waits until it is gone. */
    async release() {
      release();
      await held;
    },
  };
}
