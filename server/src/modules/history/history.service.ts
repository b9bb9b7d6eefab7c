import { HISTORY_ACTIONS, PRODUCT_MESSAGES, UNDOABLE_SOURCES, type ChangeListQuery, type ChangeSource, type ChangeListResponse, type HistoryQuery, type ProductHistoryResponse } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { author, toHistoryEntry } from './history-entries.js';
import { countChanges, countEntriesByAction, countProductEntries, findChangesPage, findProductEntries, productExists } from './history.repository.js';

export interface HistoryDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The signed-in user a restore or an undo is recorded for. */
  userId: number | null;
}

const pagination = (page: number, limit: number, total: number) => ({ page, limit, total, pages: Math.ceil(total / limit) });

/** A product's history, newest first; a deleted product's too: its history outlives it. */
export async function getProductHistory({ db }: HistoryDeps, productId: number, query: HistoryQuery): Promise<ProductHistoryResponse> {
  const total = await countProductEntries(db, productId);
  if (total === 0 && !(await productExists(db, productId))) throw notFound(PRODUCT_MESSAGES.notFound);
  const offset = (query.page - 1) * query.limit;
  const rows = offset < total ? await findProductEntries(db, productId, { offset, limit: query.limit }) : [];
  return { entries: rows.map(toHistoryEntry), pagination: pagination(query.page, query.limit, total) };
}

/** The recorded changes, newest first, with how many products each created, updated and deleted. */
export async function listChanges({ db }: HistoryDeps, query: ChangeListQuery): Promise<ChangeListResponse> {
  const sources = query.source ? [query.source] : UNDOABLE_SOURCES;
  const total = await countChanges(db, sources);
  const offset = (query.page - 1) * query.limit;
  const rows = offset < total ? await findChangesPage(db, sources, { offset, limit: query.limit }) : [];
  const counts = new Map<number, Record<(typeof HISTORY_ACTIONS)[number], number>>(rows.map((r) => [r.id, { created: 0, updated: 0, deleted: 0 }]));
  if (rows.length) {
    for (const c of await countEntriesByAction(db, rows.map((r) => r.id))) counts.get(c.change_id!)![c.action] = Number(c.n);
  }
  return {
    changes: rows.map((r) => ({
      id: r.id,
      // Listed by source: only the known ones are here.
      source: r.source as ChangeSource,
      at: r.created_at,
      user: author(r.user_id, r.username),
      importRunId: r.import_run_id,
      summary: r.summary,
      ...counts.get(r.id)!,
      undoneByChangeId: r.undone_by_change_id,
      revertsChangeId: r.reverts_change_id,
    })),
    pagination: pagination(query.page, query.limit, total),
  };
}
