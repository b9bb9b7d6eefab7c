import { VENDOR_STATUSES, type Vendor } from '@bosun/shared';

export type VendorStatus = Vendor['status'];

export const VENDOR_VIEWS = ['grid', 'list', 'table'] as const;
export type VendorView = (typeof VENDOR_VIEWS)[number];

export const VENDOR_SORT_FIELDS = ['name', 'products', 'status', 'created_at'] as const;
export type VendorSortField = (typeof VENDOR_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export const VENDOR_STATUS_FILTERS = ['all', ...VENDOR_STATUSES] as const;
export type VendorStatusFilter = (typeof VENDOR_STATUS_FILTERS)[number];

export const SORT_FIELD_LABELS: Record<VendorSortField, string> = {
  name: 'Name',
  products: 'Products',
  status: 'Status',
  created_at: 'Date Added',
};

export const STATUS_FILTER_LABELS: Record<VendorStatusFilter, string> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
};

/** What the user chose to see; kept across reloads. */
export interface VendorListOptions {
  view: VendorView;
  sortBy: VendorSortField;
  sortDirection: SortDirection;
  status: VendorStatusFilter;
}

/** SPEC §9: grid view, name ascending, all statuses. */
export const DEFAULT_VENDOR_LIST_OPTIONS: VendorListOptions = { view: 'grid', sortBy: 'name', sortDirection: 'asc', status: 'all' };

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const PRIMARY: Record<VendorSortField, (a: Vendor, b: Vendor) => number> = {
  name: (a, b) => nameCollator.compare(a.name, b.name),
  products: (a, b) => a.product_count - b.product_count,
  status: (a, b) => a.status.localeCompare(b.status),
  created_at: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
};

/** Search over name, email and contact person, case-insensitive; the status filter; then the sort. */
export function selectVendors(
  vendors: readonly Vendor[],
  { search, status, sortBy, sortDirection }: { search: string; status: VendorStatusFilter; sortBy: VendorSortField; sortDirection: SortDirection },
): Vendor[] {
  const needle = search.trim().toLocaleLowerCase();
  const matches = (vendor: Vendor) =>
    !needle || [vendor.name, vendor.email, vendor.contact_person].some((value) => value?.toLocaleLowerCase().includes(needle));
  const direction = sortDirection === 'asc' ? 1 : -1;
  const primary = PRIMARY[sortBy];
  // Ties (same status, same count) fall back to the name, ascending, so the order never looks random.
  return vendors
    .filter((vendor) => (status === 'all' || vendor.status === status) && matches(vendor))
    .sort((a, b) => direction * primary(a, b) || nameCollator.compare(a.name, b.name) || a.id - b.id);
}

export interface VendorTotals {
  totalVendors: number;
  activeVendors: number;
  totalProducts: number;
  totalCategories: number;
}

/** The stat cards count every vendor, whatever the search and filter show. */
export function vendorTotals(vendors: readonly Vendor[]): VendorTotals {
  let activeVendors = 0;
  let totalProducts = 0;
  let totalCategories = 0;
  for (const vendor of vendors) {
    if (vendor.status === 'active') activeVendors += 1;
    totalProducts += vendor.product_count;
    totalCategories += vendor.category_count;
  }
  return { totalVendors: vendors.length, activeVendors, totalProducts, totalCategories };
}

export const isVendorStatus = (value: unknown): value is VendorStatus => (VENDOR_STATUSES as readonly unknown[]).includes(value);
