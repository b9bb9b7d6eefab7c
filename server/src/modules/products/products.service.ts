import type { ProductListQuery, ProductListResponse } from '@bosun/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { toProduct } from './product-mapper.js';
import { countProducts, findProductsPage, type ProductListFilter } from './products.repository.js';

export async function listProducts(db: Kysely<DB>, query: ProductListQuery): Promise<ProductListResponse> {
  const filter: ProductListFilter = { search: query.search || undefined, vendorId: query.vendor_id };
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([findProductsPage(db, filter, offset, query.limit), countProducts(db, filter)]);
  return {
    products: rows.map(toProduct),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}
