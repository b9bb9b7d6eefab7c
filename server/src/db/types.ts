import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types, kept apart from the API types (shared/) and mapped in each service.
 * Booleans are stored as 0/1 integers and timestamps as ISO 8601 UTC text in both dialects,
 * so that every query and comparison reads the same on SQLite and PostgreSQL.
 * Generated<> marks a column the database fills with its default when an insert leaves it out.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'shop_manager';
  perm_products: Generated<number>;
  perm_categories: Generated<number>;
  perm_vendors: Generated<number>;
  perm_settings: Generated<number>;
  /** 'pending' until an admin approves a self-registered account (migration 0027). */
  status: Generated<'active' | 'pending'>;
  preferences: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface SettingsTable {
  id: number;
  company_name: string;
  logo_url: string;
  weight_unit: 'kg' | 'lb';
  dimension_unit: 'cm' | 'in';
  /** Days the change history is kept (migration 0023). */
  history_days: Generated<number>;
  /** The currency money is shown in (migration 0027; CURRENCIES in shared/settings.ts). */
  currency: Generated<string>;
  /** The shop's IANA time zone; daily feeds run at their time in it (migration 0039). */
  time_zone: Generated<string>;
  /** The quality checks switched off, as a mask of QUALITY_CHECKS' bits (migration 0038). */
  quality_disabled: Generated<number>;
  /** A price whose margin is under this percent of it is flagged (0: only below cost). */
  quality_margin_percent: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

/** A named lease on work only one app server may do at a time (migration 0039); see modules/scheduler. */
export interface LeasesTable {
  name: string;
  /** The server holding it; null once released. */
  holder: string | null;
  expires_at: string | null;
  /** When the scheduled job of this name last finished, on any server. */
  last_run_at: string | null;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

export interface DownloadTokensTable {
  token_hash: string;
  user_id: number;
  /** The session (token jti) that asked for it: signing out revokes its download tokens too. */
  session_jti: string;
  expires_at: string;
}

export interface LoginFailureCountersTable {
  counter_key: string;
  window_started_at: string;
  failures: number;
}

export interface ImportRunsTable {
  id: Generated<number>;
  user_id: number | null;
  vendor_id: number | null;
  file_name: string;
  mode: string;
  update_mode: Generated<number>;
  status: 'running' | 'complete' | 'failed' | 'stopped' | 'held' | 'dismissed';
  started_at: string;
  finished_at: string | null;
  heartbeat_at: string;
  server_id: string;
  rows_read: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  error_count: Generated<number>;
  message: string | null;
  /** JSON of ImportRunReport (shared/src/import-runs.ts): the rows not imported and the warned rows (migration 0024). */
  report: string | null;
  /** The import profile it ran with (migration 0036). */
  profile_id: number | null;
  /** JSON of HeldRunSummary (shared/src/import-runs.ts): what the dry run of a held feed run found (migration 0040). */
  held_summary: string | null;
  /** The name of the held run's file in held_feed_chunks, while it is kept (migration 0040; in the database since 0050). */
  held_file: string | null;
  /** 1 for a supplier feed's run (migration 0040). */
  feed_run: Generated<number>;
}

/** Migration 0050: a held feed run's file, in chunks of about 1 MB, chunk 0 first (held-feed-store.ts). */
export interface HeldFeedChunksTable {
  file: string;
  chunk: number;
  bytes: Buffer;
  written_at: string;
}

/** A vendor's import profile (migration 0036): `settings` is the JSON of ImportProfileBody without name and vendor. */
export interface ImportProfilesTable {
  id: Generated<number>;
  vendor_id: number;
  name: string;
  settings: string;
  /** Migration 0042: 1 when the settings hold a feed (a URL to fetch the file from), else 0. */
  has_feed: number;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
}

export interface VendorsTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postal_code: string | null;
  website: string | null;
  contact_person: string | null;
  tax_id: string | null;
  payment_terms: string | null;
  status: Generated<'active' | 'inactive' | 'pending'>;
  logo_url: string | null;
  description: string | null;
  notes: string | null;
  /** Kept by triggers on products and categories (migration 0007). */
  product_count: Generated<number>;
  in_stock_count: Generated<number>;
  category_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  type: 'vendor' | 'store';
  parent_id: number | null;
  vendor_id: number | null;
  level: number;
  /** Ids from the root down to this node, '/1/7/42/': subtree lookups without recursion. */
  path: string;
  status: Generated<string>;
  /** Products filed directly here (not in subcategories); kept by triggers on products. */
  direct_product_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Version numbers bumped by triggers (migration 0011): 'category_tree'. */
export interface ChangeVersionsTable {
  name: string;
  version: number;
}

export interface ProductsTable {
  id: Generated<number>;
  sku: string;
  mfn: string | null;
  gtin: string | null;
  name: string;
  short_description: string | null;
  description: string | null;
  brand: string | null;
  /** null: the quantity is not tracked (migration 0021). */
  stock: Generated<number | null>;
  stock_status: Generated<'in_stock' | 'out_of_stock' | 'backorder'>;
  list_price: number | null;
  market_price: number | null;
  vendor_cost: number | null;
  special_price: number | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  vendor_id: number | null;
  vendor_category_id: number | null;
  store_category_id: number | null;
  google_category: string | null;
  published: Generated<number>;
  featured: Generated<number>;
  visibility: Generated<'public' | 'private' | 'hidden'>;
  images: Generated<string>;
  image_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  created_at: string;
  updated_at: string;
  kind: Generated<'simple' | 'variable' | 'variation'>;
  parent_id: number | null;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  variation_count: Generated<number>;
  variation_price_max: number | null;
  /** A JSON array of the product's tags, in the order given; '[]' for none and for every variation (0022). */
  tags: Generated<string>;
  /** The failed quality checks' bits (QUALITY_CHECKS), set by triggers at every write (migration 0038). */
  quality_problems: Generated<number>;
  /** The GTIN without spaces or dashes, NULL when empty; set by the same triggers, counted in gtin_counts. */
  gtin_key: Generated<string | null>;
  /** How many of the switched-on quality checks the product passes: the completeness sort's indexed value (migration 0044). */
  quality_passed: Generated<number>;
}

/** The background image check's last answer for each image address (migration 0038). */
export interface ImageUrlChecksTable {
  url: string;
  /** 1 when the address did not load (an error, a status other than 2xx, or an address refused). */
  broken: number;
  /** What was seen: 'HTTP 404', 'timed out', 'private address'. */
  detail: string;
  checked_at: string;
}

/** How many listed products have each GTIN key (migration 0038), kept by triggers. */
export interface GtinCountsTable {
  gtin: string;
  n: number;
}

/** A listed product's tag keys (ASCII lower case), kept from products.tags by triggers (0022), for the tag filter. */
export interface ProductTagsTable {
  product_id: number;
  tag: string;
}

/** A variable product's attribute: its name and ordered values (a JSON array of strings), and its storefront settings (migration 0033). */
export interface ProductAttributesTable {
  product_id: number;
  position: number;
  name: string;
  value_list: string;
  /** 1: shown on the product page (WooCommerce's 'Attribute N visible'). */
  visible: Generated<number>;
  /** 1: one of the shop's global attributes (WooCommerce's 'Attribute N global'). */
  global: Generated<number>;
  /** The value of the variation the product page preselects (WooCommerce's 'Attribute N default'). */
  default_value: string | null;
}

/** One change as staff see it: a form save, a bulk edit, an import, an undo (migration 0023). */
export interface ChangesTable {
  id: Generated<number>;
  user_id: number | null;
  source: string;
  import_run_id: number | null;
  reverts_change_id: number | null;
  undone_by_change_id: number | null;
  summary: string | null;
  created_at: string;
}

/**
 * What a change did to one product, written by triggers: before/after hold the changed columns'
 * values ('updated'), the last full state ('deleted'), nothing ('created'). JSON: text on SQLite,
 * jsonb (read back as an object) on PostgreSQL.
 */
export interface ProductChangesTable {
  id: Generated<number>;
  change_id: number | null;
  product_id: number;
  action: 'created' | 'updated' | 'deleted';
  before: string | Record<string, unknown> | null;
  after: string | Record<string, unknown> | null;
}

/** SQLite only: the change the running write transaction belongs to (db/change-context.ts). */
export interface ChangeContextTable {
  id: number;
  change_id: number | null;
}

export interface DB {
  users: UsersTable;
  settings: SettingsTable;
  app_secrets: AppSecretsTable;
  leases: LeasesTable;
  login_failure_counters: LoginFailureCountersTable;
  revoked_tokens: RevokedTokensTable;
  download_tokens: DownloadTokensTable;
  vendors: VendorsTable;
  categories: CategoriesTable;
  category_mappings: CategoryMappingsTable;
  products: ProductsTable;
  gtin_counts: GtinCountsTable;
  image_url_checks: ImageUrlChecksTable;
  product_attributes: ProductAttributesTable;
  product_tags: ProductTagsTable;
  change_versions: ChangeVersionsTable;
  import_runs: ImportRunsTable;
  held_feed_chunks: HeldFeedChunksTable;
  import_profiles: ImportProfilesTable;
  changes: ChangesTable;
  product_changes: ProductChangesTable;
  change_context: ChangeContextTable;
  /** PostgreSQL only (migration 0028): the list's most asked counts, kept by triggers. */
  listed_product_counts: ListedProductCountsTable;
}

/** Migration 0037: a vendor category mapped to a shop category (issue 23). */
export interface CategoryMappingsTable {
  vendor_category_id: number;
  store_category_id: number;
  updated_by: number | null;
  updated_at: string;
}

export interface ListedProductCountsTable {
  /** 'all', 'published:0|1' or 'stock_status:<status>'. */
  key: string;
  n: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SettingsRow = Selectable<SettingsTable>;
export type VendorRow = Selectable<VendorsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
