import { performance } from 'node:perf_hooks';
import { statusOfQuantity } from '@bosun/shared';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../server/src/db/database.js';
import type { CategoriesTable, DB, ProductAttributesTable, ProductsTable } from '../server/src/db/types.js';
import {
  createCatalogue,
  generateProducts,
  generateRows,
  rowsOf,
  variableShareFor,
  withVariableShare,
  type Catalogue,
  type CatalogueOptions,
  type ProductSeed,
} from './catalogue/index.js';

/**
 * Writes a generated catalogue straight into a migrated database (SQLite or PostgreSQL): vendors,
 * both category trees with their level and materialised path, then products in multi-row inserts
 * inside large transactions. The triggers on products keep category counts and search in step.
 *
 * With variants (issue 18), each batch of products is followed by its variable products'
 * variations and attributes, set-based as well. A parent goes in with no stock nor variations;
 * the variation-totals triggers bring its figures as its variations go in, as they do in the app.
 */

export interface LoadCatalogueOptions extends CatalogueOptions {
  /** Products listed (simple and variable). With variationRows: all rows, variations included. */
  products: number;
  /**
   * About this many of the `products` rows are variations (e.g. 300,000 of 1,000,000): the share of
   * variable products is set to make it so (overriding variableShare), and the last parent's
   * variations are cut to make `products` rows exactly.
   */
  variationRows?: number;
  /** A catalogue made earlier with createCatalogue; otherwise one is made from the options. */
  catalogue?: Catalogue;
  /** Rows per transaction (a product and its variations always share one). Default 50,000. */
  transactionRows?: number;
  /** Products per INSERT; default: as many as the dialect's bound-parameter limit allows. */
  insertRows?: number;
  /** After each transaction: the rows written so far, variations included. */
  onProgress?: (rows: number) => void;
}

export interface LoadCatalogueResult {
  catalogue: Catalogue;
  vendors: number;
  categories: number;
  /** Listed products (simple and variable). */
  products: number;
  variableProducts: number;
  variations: number;
  attributes: number;
  /** Every product row: listed products and variations. */
  rows: number;
  /** Generating the catalogue, writing vendors and categories, writing products, all together. */
  ms: { catalogue: number; vendorsAndCategories: number; products: number; total: number };
  /** Rows (variations included) per second of writing products. */
  productsPerSecond: number;
}

/** SQLite allows 32,766 bound variables per statement, PostgreSQL 65,535 parameters. */
const PARAMETER_LIMIT = { sqlite: 32_766, postgres: 65_535 } as const;

type Db = Kysely<DB> | Transaction<DB>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function insertVendors(db: Db, catalogue: Catalogue): Promise<number[]> {
  const rows = catalogue.vendors.map((v) => ({
    name: v.name,
    email: v.email,
    phone: v.phone,
    address: v.address,
    city: v.city,
    state: v.state,
    country: v.country,
    postal_code: v.postal_code,
    website: v.website,
    contact_person: v.contact_person,
    tax_id: v.tax_id,
    payment_terms: v.payment_terms,
    status: v.status,
    logo_url: null,
    description: v.description,
    notes: v.notes,
    created_at: v.created_at,
    updated_at: v.updated_at,
  }));
  await db.insertInto('vendors').values(rows).execute();
  const stored = await db
    .selectFrom('vendors')
    .select(['id', 'name'])
    .where('name', 'in', rows.map((r) => r.name))
    .execute();
  const idByName = new Map(stored.map((r) => [r.name, r.id]));
  return catalogue.vendors.map((v) => idByName.get(v.name)!);
}

/**
 * Level by level, so every parent has its id (and its final path) before its children go in. Rows
 * go in with a placeholder path naming their ref, which maps refs to ids; one UPDATE per level
 * then sets path = parent's path + own id.
 */
async function insertCategories(db: Db, catalogue: Catalogue, vendorIds: number[], maxRows: number): Promise<number[]> {
  const ids: number[] = new Array(catalogue.categories.length);
  for (let level = 1; level <= 5; level++) {
    const rows: Insertable<CategoriesTable>[] = catalogue.categories
      .filter((c) => c.level === level)
      .map((c) => ({
        name: c.name,
        type: c.type,
        parent_id: c.parentRef === null ? null : ids[c.parentRef],
        vendor_id: c.vendorIndex === null ? null : vendorIds[c.vendorIndex],
        level,
        path: `~${c.ref}`,
        status: 'active',
        created_at: c.created_at,
        updated_at: c.updated_at,
      }));
    if (rows.length === 0) break;
    for (const chunk of chunks(rows, maxRows)) await db.insertInto('categories').values(chunk).execute();
    const placed = await db.selectFrom('categories').select(['id', 'path']).where('level', '=', level).where('path', 'like', '~%').execute();
    for (const row of placed) ids[Number(row.path.slice(1))] = row.id;
    await sql`update categories
      set path = coalesce((select p.path from categories p where p.id = categories.parent_id), '/') || cast(id as text) || '/'
      where level = ${level} and path like '~%'`.execute(db);
  }
  return ids;
}

function productRow(p: ProductSeed, vendorIds: number[], categoryIds: number[]): Insertable<ProductsTable> {
  return {
    sku: p.sku,
    mfn: p.mfn,
    gtin: p.gtin,
    name: p.name,
    short_description: p.short_description,
    description: p.description,
    brand: p.brand,
    stock: p.stock,
    // The status the shared rule gives the quantity (migration 0021).
    stock_status: statusOfQuantity(p.stock),
    list_price: p.list_price,
    market_price: p.market_price,
    vendor_cost: p.vendor_cost,
    special_price: p.special_price,
    weight: p.weight,
    length: p.length,
    width: p.width,
    height: p.height,
    vendor_id: vendorIds[p.vendorIndex],
    vendor_category_id: categoryIds[p.vendorCategoryRef],
    store_category_id: categoryIds[p.storeCategoryRef],
    google_category: p.google_category,
    published: p.published ? 1 : 0,
    featured: p.featured ? 1 : 0,
    visibility: p.visibility,
    image_url: p.image_url,
    meta_title: p.meta_title,
    meta_description: p.meta_description,
    meta_keywords: p.meta_keywords,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/**
 * A catalogue that may have variants writes every row with its kind and variation figures (a
 * multi-row INSERT takes one set of columns); one without writes the same rows as before variants.
 */
function listedRow(p: ProductSeed, vendorIds: number[], categoryIds: number[], withKind: boolean): Insertable<ProductsTable> {
  const row = productRow(p, vendorIds, categoryIds);
  if (!withKind) return row;
  // A parent goes in with no variations; its variations' inserts then bring its totals (the triggers add each one's).
  return { ...row, kind: p.variants ? 'variable' : 'simple', stock: p.variants ? 0 : row.stock, stock_status: p.variants ? 'out_of_stock' : row.stock_status, variation_count: 0, variation_price_max: null };
}

function variationRows(parent: ProductSeed, parentId: number): Insertable<ProductsTable>[] {
  return parent.variants!.variations.map((v) => ({
    kind: 'variation',
    parent_id: parentId,
    // A variation's name, texts, vendor and categories are its parent's, read from the parent (as the API writes one).
    name: '',
    sku: v.sku,
    gtin: v.gtin,
    mfn: v.mfn,
    stock: v.stock,
    stock_status: statusOfQuantity(v.stock),
    list_price: v.list_price,
    market_price: v.market_price,
    vendor_cost: v.vendor_cost,
    special_price: v.special_price,
    weight: v.weight,
    published: v.published ? 1 : 0,
    option1: v.values[0] ?? null,
    option2: v.values[1] ?? null,
    option3: v.values[2] ?? null,
    created_at: parent.created_at,
    updated_at: parent.updated_at,
  }));
}

function attributeRows(parent: ProductSeed, parentId: number): Insertable<ProductAttributesTable>[] {
  return parent.variants!.attributes.map((a, i) => ({ product_id: parentId, position: i + 1, name: a.name, value_list: JSON.stringify(a.values) }));
}

const columnCount = (row: object) => Object.keys(row).length;

export async function loadCatalogue(database: Database, options: LoadCatalogueOptions): Promise<LoadCatalogueResult> {
  const started = performance.now();
  const catalogue = options.catalogue ?? createCatalogue(options);
  const catalogueDone = performance.now();
  const { db } = database;
  const limit = PARAMETER_LIMIT[database.dialect];

  const { vendorIds, categoryIds } = await db.transaction().execute(async (trx) => {
    const vendorIds = await insertVendors(trx, catalogue);
    const categoryIds = await insertCategories(trx, catalogue, vendorIds, Math.floor(limit / 9));
    return { vendorIds, categoryIds };
  });
  const categoriesDone = performance.now();

  const requested = Math.max(0, Math.floor(options.products));
  const variants = options.variationRows !== undefined || catalogue.variableShare > 0;
  const products =
    options.variationRows === undefined
      ? generateProducts(catalogue, requested)
      : generateRows(withVariableShare(catalogue, variableShareFor(catalogue, requested, options.variationRows)), requested);
  const columns = columnCount(listedRow(generateProducts(catalogue, 1).next().value!, vendorIds, categoryIds, variants));
  const insertRows = Math.max(1, Math.min(options.insertRows ?? Infinity, Math.floor(limit / columns)));
  const transactionRows = Math.max(insertRows, options.transactionRows ?? 50_000);
  const counts = { products: 0, variableProducts: 0, variations: 0, attributes: 0, rows: 0 };

  /** One INSERT of products, then (with variants) their parents' variations and attributes. */
  const writeBatch = async (trx: Transaction<DB>, batch: ProductSeed[]) => {
    const rows = batch.map((p) => listedRow(p, vendorIds, categoryIds, variants));
    const parents = batch.filter((p) => p.variants);
    if (!parents.length) {
      await trx.insertInto('products').values(rows).execute();
      return;
    }
    // Parents' ids by SKU, for their variations' parent_id (RETURNING promises no order).
    const inserted = await trx.insertInto('products').values(rows).returning(['id', 'sku']).execute();
    const idBySku = new Map(inserted.map((r) => [r.sku, r.id]));
    const children = parents.flatMap((p) => variationRows(p, idBySku.get(p.sku)!));
    for (const chunk of chunks(children, Math.floor(limit / columnCount(children[0])))) await trx.insertInto('products').values(chunk).execute();
    const attributes = parents.flatMap((p) => attributeRows(p, idBySku.get(p.sku)!));
    for (const chunk of chunks(attributes, Math.floor(limit / columnCount(attributes[0])))) await trx.insertInto('product_attributes').values(chunk).execute();
    counts.variableProducts += parents.length;
    counts.variations += children.length;
    counts.attributes += attributes.length;
  };

  let product = products.next();
  while (!product.done) {
    await db.transaction().execute(async (trx) => {
      let inTransaction = 0;
      let batch: ProductSeed[] = [];
      // A product and its variations always go in the same transaction.
      for (; !product.done && inTransaction < transactionRows; product = products.next()) {
        batch.push(product.value);
        counts.products += 1;
        inTransaction += rowsOf(product.value);
        if (batch.length === insertRows) {
          await writeBatch(trx, batch);
          batch = [];
        }
      }
      if (batch.length > 0) await writeBatch(trx, batch);
      counts.rows += inTransaction;
    });
    options.onProgress?.(counts.rows);
  }
  const finished = performance.now();
  return {
    catalogue,
    vendors: catalogue.vendors.length,
    categories: catalogue.categories.length,
    ...counts,
    ms: {
      catalogue: Math.round(catalogueDone - started),
      vendorsAndCategories: Math.round(categoriesDone - catalogueDone),
      products: Math.round(finished - categoriesDone),
      total: Math.round(finished - started),
    },
    productsPerSecond: Math.round(counts.rows / Math.max(0.001, (finished - categoriesDone) / 1000)),
  };
}
