import { performance } from 'node:perf_hooks';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../server/src/db/database.js';
import type { CategoriesTable, DB, ProductsTable } from '../server/src/db/types.js';
import { createCatalogue, generateProducts, type Catalogue, type CatalogueOptions, type ProductSeed } from './catalogue/index.js';

/**
 * Writes a generated catalogue straight into a migrated database (SQLite or PostgreSQL): vendors,
 * both category trees with their level and materialised path, then products in multi-row inserts
 * inside large transactions. The triggers on products keep category counts and search in step.
 */

export interface LoadCatalogueOptions extends CatalogueOptions {
  products: number;
  /** A catalogue made earlier with createCatalogue; otherwise one is made from the options. */
  catalogue?: Catalogue;
  /** Products per transaction. Default 50,000. */
  transactionRows?: number;
  /** Products per INSERT; default: as many as the dialect's bound-parameter limit allows. */
  insertRows?: number;
  onProgress?: (loaded: number, total: number) => void;
}

export interface LoadCatalogueResult {
  catalogue: Catalogue;
  vendors: number;
  categories: number;
  products: number;
  /** Generating the catalogue, writing vendors and categories, writing products, all together. */
  ms: { catalogue: number; vendorsAndCategories: number; products: number; total: number };
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

  const total = Math.max(0, Math.floor(options.products));
  const columns = Object.keys(productRow(generateProducts(catalogue, 1).next().value!, vendorIds, categoryIds)).length;
  const insertRows = Math.max(1, Math.min(options.insertRows ?? Infinity, Math.floor(limit / columns)));
  const transactionRows = Math.max(insertRows, options.transactionRows ?? 50_000);
  for (let start = 0; start < total; start += transactionRows) {
    const count = Math.min(transactionRows, total - start);
    await db.transaction().execute(async (trx) => {
      let batch: Insertable<ProductsTable>[] = [];
      for (const product of generateProducts(catalogue, count, start)) {
        batch.push(productRow(product, vendorIds, categoryIds));
        if (batch.length === insertRows) {
          await trx.insertInto('products').values(batch).execute();
          batch = [];
        }
      }
      if (batch.length > 0) await trx.insertInto('products').values(batch).execute();
    });
    options.onProgress?.(start + count, total);
  }
  const finished = performance.now();
  return {
    catalogue,
    vendors: catalogue.vendors.length,
    categories: catalogue.categories.length,
    products: total,
    ms: {
      catalogue: Math.round(catalogueDone - started),
      vendorsAndCategories: Math.round(categoriesDone - catalogueDone),
      products: Math.round(finished - categoriesDone),
      total: Math.round(finished - started),
    },
    productsPerSecond: Math.round(total / Math.max(0.001, (finished - categoriesDone) / 1000)),
  };
}
