import { PRODUCT_FORM_MESSAGES, resolveStock, VARIANT_MESSAGES, VARIATION_LEVEL_FIELDS, type CreateProductBody, type StockFields, type Product, type UpdateProductBody } from '@bosun/shared';
import type { Kysely, Updateable } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB, ProductsTable, ProductRow } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { findCategoryForProduct, findProductIdBySku, findProductRowById, insertProductRow, updateProductRow } from './products.repository.js';
import { vendorIdExists } from '../vendors/index.js';
import { getProduct, type ProductDeps } from './products.service.js';
import { assertVersionCurrent, recordedChange } from '../history/index.js';
import { mappedStoreCategoryOf } from '../category-mapping/index.js';

type ReferenceFields = Pick<ProductRow, 'vendor_id' | 'vendor_category_id' | 'store_category_id'>;

/** Vendor and categories must exist, be of the right type, and the vendor category belong to the vendor. */
export async function assertReferencesValid(db: Kysely<DB>, refs: ReferenceFields) {
  if (refs.vendor_id != null && !(await vendorIdExists(db, refs.vendor_id))) {
    throw badRequest(PRODUCT_FORM_MESSAGES.vendorNotFound, { vendor_id: PRODUCT_FORM_MESSAGES.vendorNotFound });
  }
  if (refs.vendor_category_id != null) {
    const category = await findCategoryForProduct(db, refs.vendor_category_id);
    if (!category || category.type !== 'vendor') {
      throw badRequest(PRODUCT_FORM_MESSAGES.vendorCategoryNotFound, { vendor_category_id: PRODUCT_FORM_MESSAGES.vendorCategoryNotFound });
    }
    if (category.vendor_id !== null && category.vendor_id !== refs.vendor_id) {
      throw badRequest(PRODUCT_FORM_MESSAGES.vendorCategoryWrongVendor, { vendor_category_id: PRODUCT_FORM_MESSAGES.vendorCategoryWrongVendor });
    }
  }
  if (refs.store_category_id != null) {
    const category = await findCategoryForProduct(db, refs.store_category_id);
    if (!category || category.type !== 'store') {
      throw badRequest(PRODUCT_FORM_MESSAGES.storeCategoryNotFound, { store_category_id: PRODUCT_FORM_MESSAGES.storeCategoryNotFound });
    }
  }
}

async function assertSkuFree(db: Kysely<DB>, sku: string, exceptId?: number) {
  if ((await findProductIdBySku(db, sku, exceptId)) !== undefined) {
    const message = PRODUCT_FORM_MESSAGES.skuTaken(sku);
    throw conflict(message, { sku: message });
  }
}

/** Body fields to columns: booleans as 0/1, images and tags as JSON, descriptions sanitised. */
export function productColumns(body: UpdateProductBody): Updateable<ProductsTable> {
  // version is the form's, not a column (updateProduct checks it).
  const { published, featured, images, tags, short_description, description, version: _version, ...rest } = body;
  return {
    ...rest,
    ...(tags !== undefined ? { tags: JSON.stringify(tags) } : {}),
    ...(published !== undefined ? { published: published ? 1 : 0 } : {}),
    ...(featured !== undefined ? { featured: featured ? 1 : 0 } : {}),
    ...(images !== undefined ? { images: JSON.stringify(images) } : {}),
    ...(short_description !== undefined ? { short_description: short_description === null ? null : sanitizeHtml(short_description) } : {}),
    ...(description !== undefined ? { description: description === null ? null : sanitizeHtml(description) } : {}),
  };
}

/**
 * Stock and status by the one rule (shared/src/stock-status.ts); a contradiction is the request's
 * 400 naming stock_status. Without either field in the body the row keeps its own.
 */
function stockColumns(body: UpdateProductBody, current?: StockFields): Partial<StockFields> {
  if (current && body.stock === undefined && body.stock_status === undefined) return {};
  const stock = resolveStock({ stock: body.stock, stock_status: body.stock_status }, current);
  if (!stock.ok) throw badRequest(stock.message, { [stock.field]: stock.message });
  return stock.value;
}

/**
 * A variation is changed through its parent's variations (its other fields are the parent's), and
 * a variable product's stock and prices are its variations': a change to them is refused, naming the field.
 */
function assertKindAllows(existing: ProductRow, body: UpdateProductBody) {
  if (existing.kind === 'variation') throw badRequest(VARIANT_MESSAGES.editOnParent, { id: VARIANT_MESSAGES.editOnParent });
  if (existing.kind !== 'variable') return;
  // The form sends every field back: only a value that differs from the stored one is a change.
  // Its stock status is its variations' too (migration 0021).
  const field = [...VARIATION_LEVEL_FIELDS, 'stock_status' as const].find((f) => body[f] !== undefined && body[f] !== existing[f]);
  if (field) throw badRequest(VARIANT_MESSAGES.parentField(field), { [field]: VARIANT_MESSAGES.parentField(field) });
}

/**
 * Issue 23's rule for a product written by a form, the API or a bulk edit, as for an import row: one
 * left with a vendor category and no shop category takes the one its vendor category maps to
 * (mappedAlongPath). Answers the column to write, or nothing.
 */
export async function mappedCategoryColumn(db: Kysely<DB>, vendorCategoryId: number | null, storeCategoryId: number | null): Promise<{ store_category_id?: number }> {
  if (storeCategoryId !== null || vendorCategoryId === null) return {};
  const mapped = await mappedStoreCategoryOf(db, vendorCategoryId);
  return mapped === null ? {} : { store_category_id: mapped };
}

export async function createProduct(deps: ProductDeps, body: CreateProductBody): Promise<Product> {
  const { db } = deps;
  await assertSkuFree(db, body.sku);
  await assertReferencesValid(db, {
    vendor_id: body.vendor_id ?? null,
    vendor_category_id: body.vendor_category_id ?? null,
    store_category_id: body.store_category_id ?? null,
  });
  const mapped = await mappedCategoryColumn(db, body.vendor_category_id ?? null, body.store_category_id ?? null);
  const now = nowIso();
  const id = await recordedChange(db, deps.dialect, { source: 'create', userId: deps.userId ?? null }, (trx) =>
    insertProductRow(trx, { ...productColumns(body), ...stockColumns(body), ...mapped, sku: body.sku, name: body.name, created_at: now, updated_at: now }),
  );
  return getProduct(deps, id);
}

export async function updateProduct(deps: ProductDeps, id: number, body: UpdateProductBody): Promise<Product> {
  const { db } = deps;
  const existing = await findProductRowById(db, id);
  if (!existing) throw notFound('Product not found');
  assertKindAllows(existing, body);
  if (body.sku !== undefined) await assertSkuFree(db, body.sku, id);
  await assertReferencesValid(db, {
    vendor_id: body.vendor_id !== undefined ? body.vendor_id : existing.vendor_id,
    vendor_category_id: body.vendor_category_id !== undefined ? body.vendor_category_id : existing.vendor_category_id,
    store_category_id: body.store_category_id !== undefined ? body.store_category_id : existing.store_category_id,
  });
  // A variable product's stock fields only come back unchanged (assertKindAllows): its triggers keep them.
  const { stock: _stock, stock_status: _status, ...rest } = productColumns(body);
  const stock = existing.kind === 'variable' ? {} : stockColumns(body, existing);
  // Only an edit that sends the categories (the form sends both) is given the mapped one: a PUT of a price changes no category.
  const sendsCategories = body.vendor_category_id !== undefined || body.store_category_id !== undefined;
  const mapped = sendsCategories
    ? await mappedCategoryColumn(db, body.vendor_category_id !== undefined ? body.vendor_category_id : existing.vendor_category_id, body.store_category_id !== undefined ? body.store_category_id : existing.store_category_id)
    : {};
  await recordedChange(db, deps.dialect, { source: 'edit', userId: deps.userId ?? null }, async (trx) => {
    // In the write's transaction: a save made meanwhile on the same version is seen, not overwritten.
    if (body.version !== undefined) await assertVersionCurrent(trx, deps.dialect, id, body.version);
    return updateProductRow(trx, id, { ...rest, ...stock, ...mapped, updated_at: nowIso() });
  });
  return getProduct(deps, id);
}
