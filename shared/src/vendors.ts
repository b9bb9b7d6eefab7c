import { z } from 'zod';
import { isAbsoluteWebAddress } from './common.js';

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

const PHONE_PATTERN = /^[+()\d][\d\s().+\-\/x#ext]*$/i;

/** Blank strings from forms become null, so "cleared" and "never set" are stored the same way. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalField = (schema: z.ZodType<string>) => z.preprocess(blankToNull, schema.nullable().optional());
const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const VENDOR_NAME_REQUIRED = 'Vendor name is required';

export const vendorFieldsSchema = z.object({
  name: z
    .string(VENDOR_NAME_REQUIRED)
    .trim()
    .min(1, VENDOR_NAME_REQUIRED)
    .max(200, 'Vendor name must be at most 200 characters'),
  email: optionalField(z.string().trim().max(254).pipe(z.email('Please enter a valid email address'))),
  phone: optionalField(
    z.string().trim().max(40, 'Phone must be at most 40 characters').regex(PHONE_PATTERN, 'Please enter a valid phone number'),
  ),
  address: optionalField(text(500, 'Address')),
  city: optionalField(text(120, 'City')),
  state: optionalField(text(120, 'State')),
  country: optionalField(text(120, 'Country')),
  postal_code: optionalField(text(20, 'Postal code')),
  website: optionalField(z.string().trim().max(2000).refine(isAbsoluteWebAddress, 'Please enter a valid URL starting with http:// or https://')),
  contact_person: optionalField(text(200, 'Contact person')),
  tax_id: optionalField(text(64, 'Tax ID')),
  payment_terms: optionalField(text(200, 'Payment terms')),
  status: vendorStatusSchema.default('active'),
  logo_url: optionalField(z.string().trim().max(2000).refine(isAbsoluteWebAddress, 'Please enter a valid URL starting with http:// or https://')),
  description: optionalField(text(5000, 'Description')),
  notes: optionalField(text(5000, 'Notes')),
});

/** POST /vendors: the full form, or the import wizard's {name, email, phone, address, status}. */
export const createVendorBodySchema = vendorFieldsSchema.strict();
export type CreateVendorBody = z.infer<typeof createVendorBodySchema>;

/** PUT /vendors/{id}: the full form, {status} alone, or the inline-edit subset; only the fields sent change. */
export const updateVendorBodySchema = vendorFieldsSchema
  .extend({ status: vendorStatusSchema })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change', path: ['name'] });
export type UpdateVendorBody = z.infer<typeof updateVendorBodySchema>;

export const vendorResponseSchema = z.object({ vendor: vendorSchema });
export const vendorsListResponseSchema = z.object({ vendors: z.array(vendorSchema) });

/**
 * GET /vendors/names: what product work needs to pick a vendor (the import wizard, the product
 * form, the list's filter), readable with the products permission as well as the vendors one.
 * Contacts, terms and notes stay behind the vendors permission (issue 24).
 */
/** What product and category work picks a vendor by: its name and how many products it has (no contacts, tax id or notes). */
export const vendorNameSchema = vendorSchema.pick({ id: true, name: true, product_count: true });
export type VendorName = z.infer<typeof vendorNameSchema>;
export const vendorNamesResponseSchema = z.object({ vendors: z.array(vendorNameSchema) });
export const deleteVendorResponseSchema = z.object({
  message: z.string(),
  deletedProducts: z.number().int(),
  deletedCategories: z.number().int(),
});

export const VENDOR_MESSAGES = {
  nameRequired: VENDOR_NAME_REQUIRED,
  nameTaken: 'A vendor with this name already exists',
  notFound: 'Vendor not found',
  created: (name: string) => `Vendor "${name}" created successfully`,
  updated: 'Vendor updated successfully',
  deleted: 'Vendor deleted successfully',
  deleteNeedsProducts: 'This vendor has products: deleting it needs the products permission too',
  deleteNeedsCategories: 'This vendor has categories: deleting it needs the categories permission too',
  statusUpdated: (status: string) => `Vendor status updated to ${status}`,
  loadFailed: 'Error loading vendors',
  saveFailed: 'Error saving vendor',
  updateFailed: 'Error updating vendor',
  deleteFailed: 'Error deleting vendor',
  statusFailed: 'Error updating vendor status',
} as const;
