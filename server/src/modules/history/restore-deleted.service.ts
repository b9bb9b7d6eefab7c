import { HISTORY_MESSAGES, type DeletedProductsQuery, type DeletedProductsResponse, type RestoreDeletedBody, type RestoreDeletedResponse } from '@bosun/shared';
import { sql } from 'kysely';
import { asSource, author, parseDocument } from './history-entries.js';
import { recreateAttributes, recreateDeletedEntries } from './history-sql.js';
import type { HistoryDeps } from './history.service.js';
import { countDeletedProducts, findDeletedEntries, findDeletedProductsPage, findExistingProductIds, findTakenSkus } from './restore-deleted.repository.js';
import { recordedChange } from './recorded-change.js';

/** Recently deleted: each product that does not exist now, by its newest 'deleted' entry, newest first. */
export async function listDeletedProducts({ db, dialect }: HistoryDeps, query: DeletedProductsQuery): Promise<DeletedProductsResponse> {
  const search = query.search || undefined;
  const total = await countDeletedProducts(db, dialect, search);
  const offset = (query.page - 1) * query.limit;
  const rows = offset < total ? await findDeletedProductsPage(db, dialect, search, { offset, limit: query.limit }) : [];
  return {
    products: rows.map((r) => {
      const state = parseDocument(r.before);
      return {
        entryId: r.id,
        productId: r.product_id,
        sku: String(state.sku ?? ''),
        name: String(state.name ?? ''),
        kind: String(state.kind ?? 'simple'),
        deletedAt: r.created_at,
        user: author(r.user_id, r.username),
        source: asSource(r.source),
      };
    }),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

interface Candidate {
  entryId: number;
  productId: number;
  changeId: number | null;
  sku: string;
  parentId: number | null;
}

/**
 * Brings deleted products back with their last state (same id, categories, tags, attributes), in
 * one recorded change. An entry is refused, saying why, when it is not a deleted product's, the
 * product exists again, its SKU belongs to another product now, or it is a variation whose parent
 * neither exists nor comes back in the same call.
 */
export async function restoreDeletedProducts(deps: HistoryDeps, body: RestoreDeletedBody): Promise<RestoreDeletedResponse> {
  const { db, dialect } = deps;
  const failed: RestoreDeletedResponse['failed'] = [];
  const fail = (entryId: number, reason: string) => failed.push({ entryId, reason });
  const requested = [...new Set(body.entryIds)];
  const found = new Map((await findDeletedEntries(db, requested)).map((e) => [e.id, e]));
  // One entry per product: the newest state asked for.
  const byProduct = new Map<number, Candidate>();
  for (const entryId of requested.sort((a, b) => b - a)) {
    const entry = found.get(entryId);
    if (!entry) fail(entryId, HISTORY_MESSAGES.entryNotFound);
    else if (byProduct.has(entry.product_id)) fail(entryId, HISTORY_MESSAGES.alreadyRestored);
    else {
      const state = parseDocument(entry.before);
      byProduct.set(entry.product_id, { entryId, productId: entry.product_id, changeId: entry.change_id, sku: String(state.sku), parentId: typeof state.parent_id === 'number' ? state.parent_id : null });
    }
  }
  const candidates = [...byProduct.values()];
  const existing = await findExistingProductIds(db, [...candidates.map((c) => c.productId), ...candidates.flatMap((c) => (c.parentId ? [c.parentId] : []))]);
  const taken = await findTakenSkus(db, candidates.map((c) => c.sku));
  const chosen = new Map<number, Candidate>();
  const skus = new Set<string>();
  // Products first, then variations, which need their parent there or coming back.
  for (const c of [...candidates.filter((c) => c.parentId === null), ...candidates.filter((c) => c.parentId !== null)]) {
    if (existing.has(c.productId)) fail(c.entryId, HISTORY_MESSAGES.alreadyRestored);
    else if (taken.has(c.sku) || skus.has(c.sku)) fail(c.entryId, HISTORY_MESSAGES.restoreSkuTaken(c.sku));
    else if (c.parentId !== null && !existing.has(c.parentId) && !chosen.has(c.parentId)) fail(c.entryId, HISTORY_MESSAGES.parentMissing);
    else {
      chosen.set(c.productId, c);
      skus.add(c.sku);
    }
  }
  if (!chosen.size) return { message: HISTORY_MESSAGES.restored(0), changeId: null, restored: 0, failed: failed.sort((a, b) => a.entryId - b.entryId) };
  const changeIds = new Set([...chosen.values()].map((c) => c.changeId));
  const revertsChangeId = changeIds.size === 1 ? [...changeIds][0]! : null;
  const entries = sql`select pe.* from product_changes pe where pe.id in (${sql.join([...chosen.values()].map((c) => c.entryId))})`;
  const { restored, changeId } = await recordedChange(db, dialect, { source: 'restore', userId: deps.userId, revertsChangeId }, async (trx, changeId) => {
    const restored = await recreateDeletedEntries(trx, dialect, entries);
    if (restored) await recreateAttributes(trx, dialect, entries, changeId);
    return { restored, changeId };
  });
  return { message: HISTORY_MESSAGES.restored(restored), changeId: restored ? changeId : null, restored, failed: failed.sort((a, b) => a.entryId - b.entryId) };
}
