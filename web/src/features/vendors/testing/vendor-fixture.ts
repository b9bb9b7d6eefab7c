import type { Vendor } from '@bosun/shared';

/** A vendor as GET /api/vendors returns it, with every optional field unset unless given. */
export function vendorFixture(overrides: Partial<Vendor> & Pick<Vendor, 'id' | 'name'>): Vendor {
  return {
    email: null,
    phone: null,
    address: null,
    city: null,
    state: null,
    country: null,
    postal_code: null,
    website: null,
    contact_person: null,
    tax_id: null,
    payment_terms: null,
    status: 'active',
    logo_url: null,
    description: null,
    notes: null,
    product_count: 0,
    in_stock_count: 0,
    out_of_stock_count: 0,
    category_count: 0,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
