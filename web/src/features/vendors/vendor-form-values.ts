import { createVendorBodySchema, updateVendorBodySchema, type CreateVendorBody, type UpdateVendorBody, type Vendor } from '@bosun/shared';
import type { Resolver } from 'react-hook-form';
import { payloadResolver } from '../../lib/payload-resolver';
import type { VendorStatus } from './vendor-list-options';

export type VendorFormMode = 'create' | 'edit';

/** Every field of the vendor form, as the inputs hold them (text; empty when unset). */
export interface VendorFormValues {
  name: string;
  contact_person: string;
  email: string;
  phone: string;
  website: string;
  status: VendorStatus;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  tax_id: string;
  payment_terms: string;
  logo_url: string;
  description: string;
  notes: string;
}

export type VendorFormField = keyof VendorFormValues;
export type VendorPayload = CreateVendorBody | UpdateVendorBody;

export const VENDOR_FORM_FIELDS = [
  'name',
  'contact_person',
  'email',
  'phone',
  'website',
  'status',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
  'tax_id',
  'payment_terms',
  'logo_url',
  'description',
  'notes',
] as const satisfies readonly VendorFormField[];

export function vendorFormDefaults(vendor?: Vendor | null): VendorFormValues {
  const values = {} as Record<VendorFormField, string>;
  for (const field of VENDOR_FORM_FIELDS) values[field] = vendor?.[field] ?? '';
  values.status = vendor?.status ?? 'active';
  return values as unknown as VendorFormValues;
}

/**
 * What the form sends. A new vendor carries only the fields filled in. An edit carries every field,
 * an emptied one as blank (the schema turns it into null), so clearing a field clears it on the server.
 */
export function toVendorPayload(values: VendorFormValues, mode: VendorFormMode): Record<string, string> {
  if (mode === 'edit') return { ...values };
  const payload: Record<string, string> = {};
  for (const field of VENDOR_FORM_FIELDS) if (values[field].trim() !== '') payload[field] = values[field];
  return payload;
}

/** Checks the payload with the server's own schema, so the browser shows the server's messages. */
export const vendorFormResolver = (mode: VendorFormMode): Resolver<VendorFormValues, unknown, VendorPayload> =>
  payloadResolver(mode === 'create' ? createVendorBodySchema : updateVendorBodySchema, (values) => toVendorPayload(values, mode));
