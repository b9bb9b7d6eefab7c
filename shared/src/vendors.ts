import { z } from 'zod';

export const VENDOR_STATUSES = ['active', 'inactive', 'pending'] as const;
export const vendorStatusSchema = z.enum(VENDOR_STATUSES);

export const vendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
  website: z.string().nullable(),
  contact_person: z.string().nullable(),
  tax_id: z.string().nullable(),
  payment_terms: z.string().nullable(),
  status: vendorStatusSchema,
  logo_url: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  product_count: z.number().int(),
  in_stock_count: z.number().int(),
  out_of_stock_count: z.number().int(),
  category_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;
