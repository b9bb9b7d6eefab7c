import type { ListedVariation, Product } from '@bosun/shared';
import { pathIds } from '../categories/index.js';
import type { ProductWithNamesRow, VariationListRow } from './products.repository.js';

function parseImages(json: string): string[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Every category id the paths of these rows mention, to fetch their names in one query. */
export function categoryIdsInPaths(rows: ProductWithNamesRow[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    for (const id of pathIds(row.vendor_category_ids_path)) ids.add(id);
    for (const id of pathIds(row.store_category_ids_path)) ids.add(id);
  }
  return [...ids];
}

/**
 * Infinity or NaN cannot be in a JSON answer (the response schema refuses it and the page answered
 * 500); a value written before the bounds were enforced reads as unset instead, so it can be fixed.
 */
const finite = (n: number | null): number | null => (n !== null && Number.isFinite(n) ? n : null);

const namePath = (path: string | null, names: ReadonlyMap<number, string>) =>
  path ? pathIds(path).map((id) => names.get(id) ?? '?').join(' > ') : null;

export function toProduct(row: ProductWithNamesRow, categoryNames: ReadonlyMap<number, string> = new Map()): Product {
  return {
    id: row.id,
    sku: row.sku,
    mfn: row.mfn,
    gtin: row.gtin,
    name: row.name,
    short_description: row.short_description,
    description: row.description,
    brand: row.brand,
    ...figuresOf(row),
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    vendor_category_id: row.vendor_category_id,
    vendor_category_name: row.vendor_category_name,
    store_category_id: row.store_category_id,
    store_category_name: row.store_category_name,
    vendor_category_path: namePath(row.vendor_category_ids_path, categoryNames),
    store_category_path: namePath(row.store_category_ids_path, categoryNames),
    google_category: row.google_category,
    published: row.published === 1,
    featured: row.featured === 1,
    visibility: row.visibility,
    images: parseImages(row.images),
    image_url: row.image_url,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    created_at: row.created_at,
    updated_at: row.updated_at,
    kind: row.kind,
    variation_count: row.variation_count,
    variation_price_max: finite(row.variation_price_max),
  };
}

type Figures = Pick<VariationListRow, 'stock' | 'stock_status' | 'list_price' | 'market_price' | 'vendor_cost' | 'special_price' | 'weight' | 'length' | 'width' | 'height'>;

/** The figures a product and a variation both have, a value stored out of bounds read as empty. */
function figuresOf(row: Figures) {
  return {
    // null: not tracked (issue 19).
    stock: row.stock === null ? null : Number.isSafeInteger(row.stock) ? row.stock : 0,
    stock_status: row.stock_status,
    list_price: finite(row.list_price),
    market_price: finite(row.market_price),
    vendor_cost: finite(row.vendor_cost),
    special_price: finite(row.special_price),
    weight: finite(row.weight),
    length: finite(row.length),
    width: finite(row.width),
    height: finite(row.height),
  };
}

/** A variation under its parent in the list: its own columns; a value it lacks (an attribute added later) is left out. */
export function toListedVariation(row: VariationListRow): ListedVariation {
  return {
    id: row.id,
    parent_id: row.parent_id!,
    sku: row.sku,
    gtin: row.gtin,
    mfn: row.mfn,
    ...figuresOf(row),
    image_url: row.image_url,
    enabled: row.published === 1,
    values: [row.option1, row.option2, row.option3].filter((v): v is string => v !== null),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
