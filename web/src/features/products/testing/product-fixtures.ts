/** Test data of the products feature: a product or a category with plausible values, and the fields a test cares about. */
import { statusOfQuantity, type Category, type Product, type StockStatus } from '@bosun/shared';

/** The status the shared rule gives a fixture's quantity, unless the fixture names one. */
export const fixtureStockStatus = (stock: number | null | undefined, given?: StockStatus): StockStatus =>
  given ?? (stock === null || stock === undefined ? 'in_stock' : statusOfQuantity(stock));

export function product(id: number, fields: Partial<Product> = {}): Product {
  return {
    id,
    sku: `SKU-${id}`,
    mfn: null,
    gtin: null,
    name: `Product ${id}`,
    short_description: null,
    description: null,
    brand: 'Lewmar',
    stock: id % 3,
    stock_status: fixtureStockStatus(fields.stock === undefined ? id % 3 : fields.stock, fields.stock_status),
    list_price: 10 + id,
    market_price: null,
    vendor_cost: null,
    special_price: null,
    weight: null,
    length: 10,
    width: 5,
    height: 2.5,
    vendor_id: 1,
    vendor_name: 'Harbour Supply',
    vendor_category_id: null,
    vendor_category_name: null,
    store_category_id: null,
    store_category_name: null,
    vendor_category_path: 'Deck > Winches',
    store_category_path: null,
    google_category: null,
    published: true,
    featured: false,
    visibility: 'public',
    images: [],
    image_url: null,
    meta_title: null,
    meta_description: null,
    meta_keywords: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    kind: 'simple',
    variation_count: 0,
    variation_price_max: null,
    ...fields,
  };
}

export function category(id: number, name: string, type: 'vendor' | 'store', fields: Partial<Category> = {}): Category {
  return {
    id,
    name,
    type,
    description: type,
    parent_id: null,
    parent_name: null,
    vendor_id: type === 'vendor' ? 1 : null,
    vendor_name: null,
    level: 1,
    status: 'active',
    product_count: 3,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}
