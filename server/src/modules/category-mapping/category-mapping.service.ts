import {
  CATEGORY_MAPPING_MESSAGES,
  categoryMappingQuerySchema,
  type CategoryMappingBody,
  type CategoryMappingPreview,
  type CategoryMappingResponse,
  type CategoryMappingResult,
  type CategoryMappingRow,
  type MappingApplyMode,
  type StoreCategoryRef,
} from '@bosun/shared';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db/clock.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { badRequest, notFound } from '../../errors.js';
import { recordedChange, type ChangeActor } from '../history/index.js';
import { vendorIdExists } from '../vendors/index.js';
import {
  countReachedProducts,
  countVendorProducts,
  deleteMappings,
  findCategoriesOfIds,
  listStoreCategoryNodes,
  listVendorCategoryNodes,
  mappingsOfNames,
  readOwnMappings,
  setStoreCategoriesPostgres,
  setStoreCategoriesSqlite,
  type MappingTarget,
  upsertMappings,
  type VendorCategoryNode,
} from './category-mapping.repository.js';
import { effectiveMappings, namePath, subtreeCounts } from './mapping-tree.js';
import { storeEntry, suggestStoreCategories, type StoreCategoryEntry } from './suggestions.js';

type MappingQuery = z.output<typeof categoryMappingQuerySchema>;

/** Who saves mappings, on which engine; SQLite's connection itself for the set-based apply (AppDeps.sqlite). */
export interface MappingWriter extends ChangeActor {
  sqlite?: SQLite.Database;
}

/** One collator for every sort: String.localeCompare builds one per call, a third of the screen's time at 2,000 categories. */
const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The shop's tree as paths of names, by id, and as suggestion entries. */
async function loadStorePaths(db: Kysely<DB>) {
  const nodes = await listStoreCategoryNodes(db);
  const names = new Map(nodes.map((n) => [n.id, n.name]));
  const entries = nodes.map((n) => storeEntry(n.id, n.name, namePath(n.path, names), n.level));
  return { byId: new Map(entries.map((e) => [e.id, e])), entries };
}

const ref = (store: Map<number, StoreCategoryEntry>, id: number): StoreCategoryRef => ({ id, path: store.get(id)?.path ?? '' });

/**
 * GET /api/category-mappings: the vendor categories of one vendor (or all), each with its product
 * count and its mapping (own or inherited), unmapped first, filtered and paged in memory from one
 * read of the tree (2,000 categories a vendor); suggestions for the page's unmapped rows only.
 */
export async function listCategoryMappings(db: Kysely<DB>, query: MappingQuery): Promise<CategoryMappingResponse> {
  if (query.vendor_id !== undefined && !(await vendorIdExists(db, query.vendor_id))) throw notFound(CATEGORY_MAPPING_MESSAGES.vendorNotFound);
  const [nodes, own, store, productCounts] = await Promise.all([
    listVendorCategoryNodes(db, query.vendor_id),
    readOwnMappings(db, query.vendor_id),
    loadStorePaths(db),
    countVendorProducts(db, query.vendor_id),
  ]);
  const effective = effectiveMappings(nodes, own);
  const counts = subtreeCounts(nodes);
  const names = new Map(nodes.map((n) => [n.id, n.name]));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const search = query.search?.toLowerCase();
  const rows = nodes.map((n) => ({ node: n, path: namePath(n.path, names), mapping: effective.get(n.id) }));
  const unmapped = rows.filter((r) => !r.mapping).length;
  const listed = rows
    .filter((r) => (query.status === 'unmapped' ? !r.mapping : query.status === 'mapped' ? !!r.mapping : true))
    .filter((r) => !search || r.path.toLowerCase().includes(search) || (r.node.vendor_name ?? '').toLowerCase().includes(search))
    .sort((a, b) => Number(!!a.mapping) - Number(!!b.mapping) || byText.compare(a.node.vendor_name ?? '', b.node.vendor_name ?? '') || byText.compare(a.path, b.path) || a.node.id - b.node.id);
  const page = listed.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const elsewhere = await mappingsOfNames(db, [...new Set(page.filter((r) => !r.mapping).map((r) => r.node.name.toLowerCase()))]);
  return {
    rows: page.map(({ node, path, mapping }): CategoryMappingRow => ({
      id: node.id,
      name: node.name,
      path,
      vendor_id: node.vendor_id,
      vendor_name: node.vendor_name,
      level: node.level,
      product_count: counts.get(node.id) ?? 0,
      mapping: mapping && mapping.fromId === node.id ? ref(store.byId, mapping.storeId) : null,
      inherited: mapping && mapping.fromId !== node.id ? { ...ref(store.byId, mapping.storeId), from: namePath(byId.get(mapping.fromId)?.path ?? '', names) } : null,
      suggestions: mapping ? [] : suggestStoreCategories(node.name, store.entries, elsewhere.get(node.name.toLowerCase())),
    })),
    total: listed.length,
    summary: { categories: nodes.length, unmapped, products: productCounts.products, with_store_category: productCounts.products - productCounts.without },
  };
}

/** GET /api/category-mappings/store-paths: shop categories whose path holds every word typed, shallow first (the typeahead). */
export async function searchStorePaths(db: Kysely<DB>, search: string, limit = 20) {
  const { entries } = await loadStorePaths(db);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const found = entries
    .filter((e) => words.every((w) => e.path.toLowerCase().includes(w)))
    .sort((a, b) => a.level - b.level || a.path.localeCompare(b.path))
    .slice(0, limit);
  return { categories: found.map((e) => ({ id: e.id, path: e.path })) };
}

/** GET /api/category-mappings/store-paths?ids=: these shop categories' paths (what a picker shows for the ids it holds); unknown ids are left out. */
export async function storePathsOfIds(db: Kysely<DB>, ids: number[]) {
  const { byId } = await loadStorePaths(db);
  return { categories: [...new Set(ids)].flatMap((id) => (byId.has(id) ? [{ id, path: byId.get(id)!.path }] : [])) };
}

/** The body's ids checked: vendor categories to map, shop categories to map them to; a 400 names the field. */
async function checkChanges(db: Kysely<DB>, body: CategoryMappingBody) {
  const vendorIds = body.mappings.map((m) => m.vendor_category_id);
  if (new Set(vendorIds).size !== vendorIds.length) throw badRequest(CATEGORY_MAPPING_MESSAGES.repeated, { mappings: CATEGORY_MAPPING_MESSAGES.repeated });
  const storeIds = [...new Set(body.mappings.flatMap((m) => (m.store_category_id === null ? [] : [m.store_category_id])))];
  const found = new Map((await findCategoriesOfIds(db, [...vendorIds, ...storeIds])).map((c) => [c.id, c]));
  for (const id of vendorIds) {
    const c = found.get(id);
    if (!c) throw badRequest(CATEGORY_MAPPING_MESSAGES.vendorCategoryNotFound, { vendor_category_id: CATEGORY_MAPPING_MESSAGES.vendorCategoryNotFound });
    if (c.type !== 'vendor') throw badRequest(CATEGORY_MAPPING_MESSAGES.notVendorCategory, { vendor_category_id: CATEGORY_MAPPING_MESSAGES.notVendorCategory });
  }
  for (const id of storeIds) {
    const c = found.get(id);
    if (!c) throw badRequest(CATEGORY_MAPPING_MESSAGES.storeCategoryNotFound, { store_category_id: CATEGORY_MAPPING_MESSAGES.storeCategoryNotFound });
    if (c.type !== 'store') throw badRequest(CATEGORY_MAPPING_MESSAGES.notStoreCategory, { store_category_id: CATEGORY_MAPPING_MESSAGES.notStoreCategory });
  }
  return { vendorsOf: [...new Set(vendorIds.map((id) => found.get(id)!.vendor_id))], paths: vendorIds.map((id) => found.get(id)!.path) };
}

/**
 * The products the new mappings reach: for each shop category, the vendor categories (under a
 * changed one) whose effective mapping, with the changes made, is a changed one's. A subcategory
 * with a mapping of its own keeps it, and keeps its products.
 */
async function targetsAfter(db: Kysely<DB>, body: CategoryMappingBody, vendorsOf: Array<number | null>) {
  const nodes: VendorCategoryNode[] = [];
  const own = new Map<number, number>();
  for (const vendorId of vendorsOf) {
    // A vendor category with no vendor is in no vendor's tree: read every vendor's.
    nodes.push(...(await listVendorCategoryNodes(db, vendorId ?? undefined)));
    for (const [k, v] of await readOwnMappings(db, vendorId ?? undefined)) own.set(k, v);
  }
  // Inside the save's transaction the changes are stored already; applying them again changes nothing.
  for (const m of body.mappings) (m.store_category_id === null ? own.delete(m.vendor_category_id) : own.set(m.vendor_category_id, m.store_category_id));
  const changed = new Set(body.mappings.filter((m) => m.store_category_id !== null).map((m) => m.vendor_category_id));
  const byStore = new Map<number, number[]>();
  for (const [vendorCategoryId, mapping] of effectiveMappings(nodes, own)) {
    if (!changed.has(mapping.fromId)) continue;
    let ids = byStore.get(mapping.storeId);
    if (!ids) byStore.set(mapping.storeId, (ids = []));
    ids.push(vendorCategoryId);
  }
  return byStore;
}

/** POST /api/category-mappings/preview: how many products saving would give a shop category, before it is saved. */
export async function previewCategoryMappings(db: Kysely<DB>, dialect: Dialect, body: CategoryMappingBody): Promise<CategoryMappingPreview> {
  const { vendorsOf } = await checkChanges(db, body);
  const preview = { missing: 0, other: 0 };
  for (const [storeId, ids] of await targetsAfter(db, body, vendorsOf)) {
    preview.missing += await countReachedProducts(db, dialect, storeId, ids, 'missing');
    preview.other += await countReachedProducts(db, dialect, storeId, ids, 'other');
  }
  return preview;
}

/**
 * POST /api/category-mappings: saves the mappings and, unless apply is 'none', gives the products
 * they reach the shop category (those without one, or all with 'override'), in one transaction
 * recorded as one change (Recent changes lists it and can undo its products' part).
 */
export async function saveCategoryMappings(db: Kysely<DB>, body: CategoryMappingBody, by: MappingWriter): Promise<CategoryMappingResult> {
  const { vendorsOf } = await checkChanges(db, body);
  const apply: MappingApplyMode = body.apply ?? 'missing';
  const now = nowIso();
  const set = body.mappings.filter((m) => m.store_category_id !== null) as Array<{ vendor_category_id: number; store_category_id: number }>;
  const cleared = body.mappings.filter((m) => m.store_category_id === null).map((m) => m.vendor_category_id);
  const summary = body.mappings.length === 1 ? `${set.length ? 'Mapped' : 'Unmapped'} 1 vendor category` : `Mapped ${body.mappings.length} vendor categories`;
  const updated = await recordedChange(db, by.dialect, { source: 'category_mapping', userId: by.userId, summary }, async (trx, changeId) => {
    await upsertMappings(trx, set, by.userId, now);
    await deleteMappings(trx, cleared);
    if (apply === 'none' || !set.length) return 0;
    const targets: MappingTarget[] = [...(await targetsAfter(trx, body, vendorsOf))].map(([storeId, vendorCategoryIds]) => ({ storeId, vendorCategoryIds }));
    if (!targets.length) return 0;
    if (by.dialect === 'postgres') return setStoreCategoriesPostgres(trx, changeId, targets, apply, now);
    if (!by.sqlite) throw new Error('the SQLite apply needs the connection (AppDeps.sqlite)');
    return setStoreCategoriesSqlite(trx, by.sqlite, targets, apply, now);
  });
  const message = set.length ? CATEGORY_MAPPING_MESSAGES.mapped(set.length, updated) : CATEGORY_MAPPING_MESSAGES.cleared(cleared.length);
  return { message, mapped: set.length, updated_products: updated };
}

