import { z } from 'zod';

export const VISIBILITIES = ['public', 'private', 'hidden'] as const;
export const visibilitySchema = z.enum(VISIBILITIES);

export const productSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  mfn: z.string().nullable(),
  gtin: z.string().nullable(),
  name: z.string(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  brand: z.string().nullable(),
  stock: z.number().int(),
  list_price: z.number().nullable(),
  market_price: z.number().nullable(),
  vendor_cost: z.number().nullable(),
  special_price: z.number().nullable(),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  vendor_id: z.number().int().nullable(),
  vendor_name: z.string().nullable(),
  vendor_category_id: z.number().int().nullable(),
  vendor_category_name: z.string().nullable(),
  store_category_id: z.number().int().nullable(),
  store_category_name: z.string().nullable(),
  google_category: z.string().nullable(),
  published: z.boolean(),
  featured: z.boolean(),
  visibility: visibilitySchema,
  images: z.array(z.string()),
  image_url: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  search: z.string().trim().max(200).optional(),
  vendor_id: z.coerce.number().int().positive().optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  pagination: productPaginationSchema,
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** A product is in stock when its stock is above 0 (SPEC §4 Stock badge). */
export const isInStock = (stock: number) => stock > 0;

export const GLOBAL_SEARCH_MIN_CHARS = 2;
export const GLOBAL_SEARCH_LIMIT = 10;
