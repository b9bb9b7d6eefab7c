import {
  CATEGORY_MESSAGES,
  MAX_CATEGORY_LEVEL,
  plural,
  type Category,
  type CategoryBody,
  type CategoryType,
  type MergeCategoriesBody,
} from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { nowIso } from '../../db/clock.js';
import { childPath } from '../../db/category-path.js';
import { recordedChange, type ChangeActor } from '../history/index.js';
import type { CategoryRow, DB } from '../../db/types.js';
import { badRequest, notFound } from '../../errors.js';
import {
  countSubtrees,
  deleteCategoryRows,
  findCategoriesByIds,
  findCategoryById,
  hasSubcategories,
  insertCategoryRow,
  listCategoryJsonRows,
  listCategoryRows,
  maxLevelUnder,
  moveProductsBetweenCategories,
  readCategoryCountsInIdOrder,
  readCategoryTreeVersion,
  reparentChildren,
  reRootPaths,
  updateCategoryRow,
  type CategoryListFilter,
  type CategoryWithNamesRow,
} from './categories.repository.js';
import { remapStoreCategory } from '../category-mapping/index.js';
import { vendorIdExists } from '../vendors/index.js';
import {
  countsInLayoutOrder,
  layoutCategoryLists,
  parentIndexes,
  renderCategoryLists,
  subtreeTotals,
  type CategoryListNames,
  type CategoryListsLayout,
} from './category-lists-json.js';

function withSubtreeCounts(rows: CategoryWithNamesRow[]): Category[] {
  const totals = subtreeTotals(parentIndexes(rows), rows.map((r) => r.direct_product_count));
  return rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    description: r.type,
    parent_id: r.parent_id,
    parent_name: r.parent_name,
    vendor_id: r.vendor_id,
    vendor_name: r.vendor_name,
    level: r.level,
    status: r.status,
    product_count: totals[i]!,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/**
 * The whole tree's layout per database (a test process opens many), with the tree version it was
 * made from. Never trusted on its own: each request reads the version with the counts.
 */
const wholeTreeLayouts = new WeakMap<Kysely<DB>, { version: number; layout: CategoryListsLayout }>();
const WHOLE_TREE: CategoryListNames = { tree: 'categories', flat: 'flatCategories' };

/** GET /api/categories as JSON (UTF-8 bytes): {categories (tree), flatCategories}, counts read fresh every time. */
export async function getCategoriesJson(db: Kysely<DB>, dialect: Dialect): Promise<Buffer> {
  const kept = wholeTreeLayouts.get(db);
  // Right after a change the version alone says the layout is gone, before 5,000 counts are read for nothing.
  if (kept && (await readCategoryTreeVersion(db)) === kept.version) {
    const { version, counts } = await readCategoryCountsInIdOrder(db, dialect);
    const direct = version === kept.version ? countsInLayoutOrder(kept.layout, counts) : undefined;
    if (direct) return renderCategoryLists(kept.layout, direct);
  }
  const rows = await listCategoryJsonRows(db, dialect);
  const layout = layoutCategoryLists(rows, WHOLE_TREE);
  if (rows.length) wholeTreeLayouts.set(db, { version: rows[0]!.version, layout });
  return renderCategoryLists(layout, rows.map((r) => r.direct_product_count));
}

/** POST /api/categories/clear-cache: forgets this server's layout (the version check makes that unnecessary, never harmful). */
export function clearCategoryListsCache(db: Kysely<DB>) {
  wholeTreeLayouts.delete(db);
  return { message: CATEGORY_MESSAGES.cacheCleared };
}

/** GET /api/categories/vendor/{id} as JSON (UTF-8 bytes): {categories (tree)}. */
export async function getVendorCategoriesJson(db: Kysely<DB>, dialect: Dialect, filter: CategoryListFilter): Promise<Buffer> {
  if (filter.vendorId !== undefined && !(await vendorIdExists(db, filter.vendorId))) throw notFound(CATEGORY_MESSAGES.vendorNotFound);
  const rows = await listCategoryJsonRows(db, dialect, filter);
  return renderCategoryLists(layoutCategoryLists(rows, { tree: 'categories' }), rows.map((r) => r.direct_product_count));
}

/** One category with its subtree count, reading only its own subtree (not the whole tree). */
async function getCategory(db: Kysely<DB>, id: number): Promise<Category> {
  const row = await requireCategory(db, id);
  const found = withSubtreeCounts(await listCategoryRows(db, { underPath: row.path })).find((c) => c.id === id);
  if (!found) throw notFound(CATEGORY_MESSAGES.notFound);
  return found;
}

async function requireCategory(db: Kysely<DB>, id: number): Promise<CategoryRow> {
  const row = await findCategoryById(db, id);
  if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
  return row;
}

/** A parent must exist, be of the same type and leave room below it (SPEC §5 Category form). */
function assertValidParent(parent: CategoryRow | undefined, type: CategoryType): CategoryRow {
  if (!parent) throw badRequest(CATEGORY_MESSAGES.parentNotFound, { parent_id: CATEGORY_MESSAGES.parentNotFound });
  if (parent.type !== type) throw badRequest(CATEGORY_MESSAGES.parentTypeMismatch, { parent_id: CATEGORY_MESSAGES.parentTypeMismatch });
  if (parent.level >= MAX_CATEGORY_LEVEL) throw badRequest(CATEGORY_MESSAGES.parentTooDeep, { parent_id: CATEGORY_MESSAGES.parentTooDeep });
  return parent;
}

async function checkVendor(db: Kysely<DB>, vendorId: number | null | undefined) {
  if (vendorId != null && !(await vendorIdExists(db, vendorId))) {
    throw badRequest(CATEGORY_MESSAGES.vendorNotFound, { vendor_id: CATEGORY_MESSAGES.vendorNotFound });
  }
}

export async function createCategory(db: Kysely<DB>, body: CategoryBody): Promise<Category> {
  const parentRow = body.parent_id ? await findCategoryById(db, body.parent_id) : undefined;
  // The simple screen sends the type as description; a subcategory otherwise inherits its parent's.
  const type = body.type ?? body.description ?? parentRow?.type ?? 'store';
  const parent = body.parent_id ? assertValidParent(parentRow, type) : undefined;
  await checkVendor(db, body.vendor_id);
  const now = nowIso();
  const id = await db.transaction().execute((trx) =>
    insertCategoryRow(
      trx,
      {
        name: body.name,
        type,
        parent_id: parent?.id ?? null,
        vendor_id: body.vendor_id ?? parent?.vendor_id ?? null,
        level: (parent?.level ?? 0) + 1,
        status: body.status ?? 'active',
        created_at: now,
        updated_at: now,
      },
      parent?.path,
    ),
  );
  return getCategory(db, id);
}

export async function updateCategory(db: Kysely<DB>, id: number, body: CategoryBody): Promise<Category> {
  const existing = await requireCategory(db, id);
  const type = body.type ?? body.description ?? existing.type;
  if (type !== existing.type && ((await hasSubcategories(db, id)) || existing.direct_product_count > 0)) {
    throw badRequest(CATEGORY_MESSAGES.typeLocked, { type: CATEGORY_MESSAGES.typeLocked });
  }
  // parent_id left out keeps the parent; null moves the category to the root.
  const parentId = body.parent_id === undefined ? existing.parent_id : body.parent_id;
  if (parentId === id) throw badRequest(CATEGORY_MESSAGES.ownParent, { parent_id: CATEGORY_MESSAGES.ownParent });
  const parent = parentId ? assertValidParent(await findCategoryById(db, parentId), type) : undefined;
  if (parent && parent.path.startsWith(existing.path)) {
    throw badRequest(CATEGORY_MESSAGES.cycle, { parent_id: CATEGORY_MESSAGES.cycle });
  }
  await checkVendor(db, body.vendor_id);
  const newLevel = (parent?.level ?? 0) + 1;
  const newPath = childPath(parent?.path, id);
  const levelDelta = newLevel - existing.level;
  if (levelDelta > 0 && (await maxLevelUnder(db, existing.path)) + levelDelta > MAX_CATEGORY_LEVEL) {
    throw badRequest(CATEGORY_MESSAGES.subtreeTooDeep, { parent_id: CATEGORY_MESSAGES.subtreeTooDeep });
  }
  await db.transaction().execute(async (trx) => {
    if (newPath !== existing.path) await reRootPaths(trx, existing.path, newPath, levelDelta);
    await updateCategoryRow(trx, id, {
      name: body.name,
      type,
      parent_id: parent?.id ?? null,
      ...(body.vendor_id !== undefined ? { vendor_id: body.vendor_id } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      updated_at: nowIso(),
    });
  });
  return getCategory(db, id);
}

export async function deleteCategory(db: Kysely<DB>, id: number, by: ChangeActor) {
  await requireCategory(db, id);
  // Its products stay, their category cleared: recorded in their history.
  await recordedChange(db, by.dialect, { source: 'category_delete', userId: by.userId }, (trx) => deleteCategoryRows(trx, [id]));
  return { message: CATEGORY_MESSAGES.deleted };
}

export async function bulkDeleteCategories(db: Kysely<DB>, ids: number[], by: ChangeActor) {
  const found = await findCategoriesByIds(db, [...new Set(ids)]);
  if (!found.length) throw notFound(CATEGORY_MESSAGES.notFound);
  const deleted = await recordedChange(db, by.dialect, { source: 'category_delete', userId: by.userId }, async (trx) => {
    const count = await countSubtrees(trx, found.map((c) => c.path));
    await deleteCategoryRows(trx, found.map((c) => c.id));
    return count;
  });
  return { message: `${plural(deleted, 'category', 'categories')} deleted successfully`, deleted };
}

/**
 * Keeps the target: the source's products move to it, the source's subcategories move under it
 * (levels recomputed, depth 5 enforced), then the source is deleted. One transaction.
 */
export async function mergeCategories(db: Kysely<DB>, body: MergeCategoriesBody, by: ChangeActor) {
  if (body.sourceCategoryId === body.targetCategoryId) throw badRequest(CATEGORY_MESSAGES.mergeSame);
  const [source, target] = await Promise.all([findCategoryById(db, body.sourceCategoryId), findCategoryById(db, body.targetCategoryId)]);
  if (!source || !target) throw notFound(CATEGORY_MESSAGES.mergeNotFound);
  if (source.type !== target.type) throw badRequest(CATEGORY_MESSAGES.mergeTypeMismatch);
  if (target.path.startsWith(source.path)) throw badRequest(CATEGORY_MESSAGES.mergeIntoDescendant);
  // The source's children land one level below the target.
  const levelDelta = target.level - source.level;
  if ((await maxLevelUnder(db, source.path)) + levelDelta > MAX_CATEGORY_LEVEL) throw badRequest(CATEGORY_MESSAGES.mergeTooDeep);
  await recordedChange(db, by.dialect, { source: 'category_merge', userId: by.userId, summary: `${source.name} → ${target.name}` }, async (trx) => {
    await moveProductsBetweenCategories(trx, source.id, target.id);
    // Mappings to a merged shop category follow it to the target. A merged vendor category's own
    // mapping goes with it (ON DELETE CASCADE): the target keeps its own, and the products moved keep their shop category.
    if (source.type === 'store') await remapStoreCategory(trx, source.id, target.id);
    await reRootPaths(trx, source.path, target.path, levelDelta, source.id);
    await reparentChildren(trx, source.id, target.id);
    await deleteCategoryRows(trx, [source.id]);
  });
  return { message: `Merged "${source.name}" into "${target.name}"` };
}
