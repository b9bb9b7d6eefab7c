import { HISTORY_MESSAGES, UNDOABLE_SOURCES, type UndoBody, type UndoPreview, type UndoResult } from '@bosun/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { asSource, author } from './history-entries.js';
import { recreateAttributes, recreateDeletedEntries, revertUpdatedEntries } from './history-sql.js';
import { changeHasEntries, findChange, setUndoneBy } from './history.repository.js';
import type { HistoryDeps } from './history.service.js';
import { recordedChange } from './recorded-change.js';
import { undoSteps, UNDO_CHUNK_ENTRIES, type UndoProgressListener } from './undo-progress.js';
import { changeEntries, countChangedProducts, countConflicts, countUndoWork, deleteCreatedEntries, entryRanges, findConflicts, findUndoChain, type ProductRange } from './undo.repository.js';

const CONFLICTS_LISTED = 100;

/**
 * Runs work when no import is writing, holding imports back meanwhile (the import module's lock,
 * handed in by app.ts: the import module records its changes through this one).
 */
export type ImportTurn = <T>(work: () => Promise<T>, onWait?: () => void) => Promise<T>;

/** The change exists, is of an undoable kind and is not undone already. */
async function undoableChange(db: Kysely<DB>, changeId: number) {
  const change = await findChange(db, changeId);
  if (!change) throw notFound(HISTORY_MESSAGES.changeNotFound);
  if (!(UNDOABLE_SOURCES as readonly string[]).includes(change.source)) throw badRequest(HISTORY_MESSAGES.notUndoable(change.source), { id: HISTORY_MESSAGES.notUndoable(change.source) });
  if (change.undone_by_change_id !== null) throw conflict(HISTORY_MESSAGES.alreadyUndone);
  return change;
}

/** Refuses an unknown change, one of a kind that is not undone, or one undone already (404, 400, 409). */
export async function assertUndoable(db: Kysely<DB>, changeId: number): Promise<void> {
  await undoableChange(db, changeId);
}

/** The dry run: what the undo would delete, put back and bring back, and the products changed since. */
export async function previewUndo({ db, dialect }: HistoryDeps, changeId: number): Promise<UndoPreview> {
  await undoableChange(db, changeId);
  const own = await findUndoChain(db, changeId);
  const work = await countUndoWork(db, changeId, own);
  const conflictCount = await countConflicts(db, changeId, own);
  const conflicts = conflictCount ? await findConflicts(db, dialect, changeId, own, CONFLICTS_LISTED) : [];
  return {
    changeId,
    ...work,
    conflictCount,
    conflicts: conflicts.map((c) => ({ productId: c.product_id, sku: c.sku, name: c.name, at: c.created_at, user: author(c.user_id, c.username), source: asSource(c.source) })),
  };
}

/**
 * Takes a change back in one transaction, itself recorded as a change (source 'undo') that can be
 * undone in turn: the products it created are deleted, the fields it changed put back, the
 * products it deleted inserted again, each step in set-based statements over chunks of product
 * ids, so that a listener hears the progress of a long one and the event loop gets a turn between
 * them. It waits for an import that is writing, as another import would, so that it never
 * interleaves with one.
 */
export async function undoChange(
  deps: HistoryDeps & { waitForImports: ImportTurn },
  changeId: number,
  body: UndoBody,
  listener?: UndoProgressListener,
): Promise<UndoResult> {
  const { db, dialect } = deps;
  await undoableChange(db, changeId);
  // Said once: the import lock calls this every 250 ms while the undo waits.
  let told = false;
  const waiting = () => {
    if (!told) listener?.({ type: 'waiting', message: HISTORY_MESSAGES.waitingForImport });
    told = true;
  };
  const undo = () =>
    recordedChange(db, dialect, { source: 'undo', userId: deps.userId, revertsChangeId: changeId }, async (trx, undoId) => {
      // Read again under the lock: another undo of the same change may have run meanwhile.
      const change = await undoableChange(trx, changeId);
      const skipConflicts = body.conflicts === 'skip';
      const own = [...(await findUndoChain(trx, changeId)), undoId];
      const entries = (range: ProductRange) => changeEntries(changeId, { skipConflicts, own, range });
      const ranges = await entryRanges(trx, changeId, UNDO_CHUNK_ENTRIES);
      // The dry run's count, for the progress only: the JSON answer does not wait for it.
      const total = listener ? sumWork(await countUndoWork(trx, changeId, own, skipConflicts)) : 0;
      const steps = undoSteps(asSource(change.source) ?? 'undo', total, listener);
      // Newest products first: a variation is deleted (and counted) before its parent's cascade would take it.
      const deleted = await steps.run('delete', [...ranges.created].reverse(), (range) => deleteCreatedEntries(trx, entries(range)));
      const at = nowIso();
      const reverted = await steps.run('revert', ranges.updated, (range) => revertUpdatedEntries(trx, dialect, entries(range), at));
      // Oldest first: a variation's parent has the smaller id, so it is back before the variation.
      const recreated = await steps.run('recreate', ranges.deleted, async (range) => {
        const inserted = await recreateDeletedEntries(trx, dialect, entries(range));
        if (inserted) await recreateAttributes(trx, dialect, entries(range), undoId);
        return inserted;
      });
      if (!(await changeHasEntries(trx, undoId))) throw conflict(HISTORY_MESSAGES.nothingToUndo);
      await setUndoneBy(trx, changeId, undoId);
      // Undoing an undo: the change it took back counts as done again.
      if (change.source === 'undo' && change.reverts_change_id !== null) await setUndoneBy(trx, change.reverts_change_id, null);
      // Left as they are: products changed since (skip), gone since, or whose SKU is taken again.
      const put = deleted + reverted + recreated;
      const skipped = Math.max(0, (await countChangedProducts(trx, changeId)) - put);
      return { message: HISTORY_MESSAGES.undone(put), changeId: undoId, deleted, reverted, recreated, skipped };
    });
  return deps.waitForImports(undo, waiting);
}

const sumWork = (work: { toDelete: number; toRevert: number; toRecreate: number }) => work.toDelete + work.toRevert + work.toRecreate;
