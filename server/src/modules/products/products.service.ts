import { LIST_VARIATIONS_PER_PARENT, PRODUCT_MESSAGES, type ListedVariation, type Product, type ProductFilterQuery, type ProductListQuery, type ProductListResponse } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { badRequest, notFound } from '../../errors.js';
import { categoryIdsInPaths, toListedVariation, toProduct } from './product-mapper.js';
import { planProductList } from './list-query/index.js';
import { findProductVersion, recordedChange } from '../history/index.js';
import {
  countProducts,
  countVariationsOf,
  countVariationsOfMatching,
  deleteProductById,
  deleteProductsByIds,
  deleteProductsMatching,
  findCategoryNames,
  findFirstVariationsOf,
  findMatchingVariations,
  findProductRowById,
  findProductsPage,
  type ProductWithNamesRow,
} from './products.repository.js';

export interface ProductDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The signed-in user a write is recorded for (the history's 'who'). */
  userId?: number | null;
}

/** Rows to API products, with category paths resolved in one query for the whole page. */
export async function toProducts(db: Kysely<DB>, rows: ProductWithNamesRow[]): Promise<Product[]> {
  const names = await findCategoryNames(db, categoryIdsInPaths(rows));
  return rows.map((row) => toProduct(row, names));
}

export async function listProducts({ db, dialect }: ProductDeps, query: ProductListQuery): Promise<ProductListResponse> {
  const { page, limit, sort, order, show_variations, ...filter } = query;
  const offset = (page - 1) * limit;
  // The count first: a page past the last match (no match at all, often) needs no page query,
  // and that query is the slow one when its filter finds nothing to stop early on.
  const plan = await planProductList(db, dialect, { filter, sort, order });
  const total = await countProducts(db, plan);
  const rows = offset < total ? await findProductsPage(db, plan, { offset, limit }) : [];
  const products = await toProducts(db, rows);
  if (filter.search) await nameMatchingVariations(db, products, filter.search);
  return {
    products,
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
    // Read after the page, from the page's own rows: the count and page queries stay as they are.
    ...(show_variations ? { variations: await firstVariationsOnPage(db, products) } : {}),
  };
}

/** 'Show variations': the first variations of each variable product on the page, under their parent. */
async function firstVariationsOnPage(db: Kysely<DB>, products: Product[]): Promise<ListedVariation[]> {
  const parentIds = products.filter((p) => p.kind === 'variable' && p.variation_count > 0).map((p) => p.id);
  if (!parentIds.length) return [];
  return (await findFirstVariationsOf(db, parentIds, LIST_VARIATIONS_PER_PARENT)).map(toListedVariation);
}

/** A search may find a product through one of its variations' codes: the row says which variation. */
async function nameMatchingVariations(db: Kysely<DB>, products: Product[], search: string) {
  const variable = products.filter((p) => p.kind === 'variable');
  if (!variable.length) return;
  const byParent = new Map<number, Product>(variable.map((p) => [p.id, p]));
  for (const row of await findMatchingVariations(db, [...byParent.keys()], search)) {
    const product = byParent.get(row.parent_id!)!;
    product.matched_variation ??= { id: row.id, sku: row.sku, values: [row.option1, row.option2, row.option3].filter((v): v is string => v !== null) };
  }
}

export async function getProduct({ db }: ProductDeps, id: number): Promise<Product> {
  const row = await findProductRowById(db, id);
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return { ...(await toProducts(db, [row]))[0]!, version: await findProductVersion(db, id) };
}

export async function deleteProduct({ db, dialect, userId }: ProductDeps, id: number) {
  const deleted = await recordedChange(db, dialect, { source: 'delete', userId: userId ?? null }, (trx) => deleteProductById(trx, id));
  if (!deleted) throw notFound(PRODUCT_MESSAGES.notFound);
  return { message: PRODUCT_MESSAGES.deleted };
}

/** Deletes the listed products, or every product matching the list's filters; one transaction either way. */
export async function bulkDeleteProducts({ db, dialect, userId }: ProductDeps, target: { ids?: number[]; filter?: ProductFilterQuery }) {
  if (!target.ids?.length && !target.filter) throw badRequest(PRODUCT_MESSAGES.selectToDelete, { ids: PRODUCT_MESSAGES.selectToDelete });
  const ids = target.ids?.length ? [...new Set(target.ids)] : undefined;
  // Variations go with their parent (the foreign key cascades); they are counted first, in the
  // same transaction, for the answer to say so.
  const { deleted, variations, changeId } = await recordedChange(db, dialect, { source: 'bulk_delete', userId: userId ?? null }, async (trx, changeId) => {
    const variations = ids ? await countVariationsOf(trx, ids) : await countVariationsOfMatching(trx, dialect, target.filter!);
    const deleted = ids ? await deleteProductsByIds(trx, ids) : await deleteProductsMatching(trx, dialect, target.filter!);
    return { deleted, variations, changeId };
  });
  return { message: PRODUCT_MESSAGES.bulkDeleted(deleted, variations), deleted, variations_deleted: variations, changeId: deleted ? changeId : null };
}
